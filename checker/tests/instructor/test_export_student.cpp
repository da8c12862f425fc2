// The pure pieces of export-student: marker stripping, the nav filter, which files stay out,
// and the Classroom workflow.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "course_root.h"
#include "export_classroom.h"
#include "export_files.h"
#include "export_markers.h"

using namespace memlab::course;

namespace {

const std::string kFence = "```";

bool has_problem_at(const StudentText& t, int line, const std::string& words) {
  for (const auto& p : t.problems) {
    if (p.line == line && p.message.find(words) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("an instructor-only passage goes with its markers, and one blank line stays") {
  const auto t = student_text(
      "Intro.\n"
      "\n"
      "<!-- instructor-only: begin -->\n"
      "Run `cmake --preset lab04-solution`.\n"
      "<!-- instructor-only: end -->\n"
      "\n"
      "Next.\n");
  CHECK(t.problems.empty());
  CHECK(t.instructor_passages == 1);
  CHECK(t.text == "Intro.\n\nNext.\n");
}

TEST_CASE("a student-copy passage loses its two marker lines and keeps its text") {
  const auto t = student_text(
      "A.\n"
      "\n"
      "<!-- instructor-only: begin -->\n"
      "The ci preset.\n"
      "<!-- instructor-only: end -->\n"
      "<!-- student-copy: begin\n"
      "The Classroom workflow.\n"
      "\n" +
      kFence + "sh\ncmake --preset lab04 && ctest\n" + kFence + "\n" +
      "student-copy: end -->\n"
      "\n"
      "B.\n");
  CHECK(t.problems.empty());
  CHECK(t.instructor_passages == 1);
  CHECK(t.student_passages == 1);
  CHECK(t.text ==
        "A.\n\nThe Classroom workflow.\n\n" + kFence + "sh\ncmake --preset lab04 && ctest\n" + kFence + "\n\nB.\n");
}

TEST_CASE("a file without markers comes back unchanged, last line without a newline included") {
  const std::string text = "# Title\n\nSome `code` and <!-- a comment -->.\n\n" + kFence + "\nx\n" + kFence + "\nend";
  const auto t = student_text(text);
  CHECK(t.problems.empty());
  CHECK(t.instructor_passages + t.student_passages == 0);
  CHECK(t.text == text);
}

TEST_CASE("markers may be indented (inside a list item)") {
  const auto t =
      student_text("- one\n\n  <!-- instructor-only: begin -->\n  secret\n  <!-- instructor-only: end -->\n- two\n");
  CHECK(t.problems.empty());
  CHECK(t.text == "- one\n\n- two\n");
}

TEST_CASE("a passage at the start of the file leaves no blank first line") {
  const auto t = student_text("<!-- instructor-only: begin -->\nx\n<!-- instructor-only: end -->\n\n# Title\n");
  CHECK(t.text == "# Title\n");
}

TEST_CASE("wrong markers are reported with their lines") {
  SUBCASE("a passage that never ends") {
    const auto t = student_text("a\n<!-- instructor-only: begin -->\nb\n");
    CHECK(has_problem_at(t, 2, "never ends"));
  }
  SUBCASE("an end without a begin") {
    const auto t = student_text("a\n<!-- instructor-only: end -->\n");
    CHECK(has_problem_at(t, 2, "no \"<!-- instructor-only: begin -->\""));
  }
  SUBCASE("nested passages") {
    const auto t = student_text(
        "<!-- instructor-only: begin -->\n<!-- student-copy: begin\nx\nstudent-copy: end -->\n<!-- instructor-only: "
        "end -->\n");
    CHECK(has_problem_at(t, 2, "do not nest"));
  }
  SUBCASE("a marker inside a code block would show in the full course") {
    const auto t =
        student_text(kFence + "\n<!-- instructor-only: begin -->\nx\n<!-- instructor-only: end -->\n" + kFence + "\n");
    CHECK(has_problem_at(t, 2, "fenced code block"));
    CHECK(has_problem_at(t, 4, "fenced code block"));
  }
  SUBCASE("a typo or a marker sharing its line") {
    CHECK(has_problem_at(student_text("<!-- instructor-only: begin-->\n"), 1, "looks like a marker"));
    CHECK(has_problem_at(student_text("text <!-- instructor-only: end -->\n"), 1, "looks like a marker"));
    CHECK(has_problem_at(student_text("<!-- student-copy: start\nx\n-->\n"), 1, "looks like a marker"));
  }
}

TEST_CASE("a page that stays out leaves docs/nav.txt") {
  const std::string nav = "# order\nsetup.md\ninstructor-guide.md   # for instructors\nresults/h200.md\n";
  CHECK(nav_without_pages(nav, {"instructor-guide.md"}) == "# order\nsetup.md\nresults/h200.md\n");
  CHECK(nav_without_pages(nav, {}) == nav);
  const std::string list =
      "docs/setup.md\nlabs/*/README.md\n\nenglish-only: docs/instructor-guide.md  # for instructors\n"
      "english-only: docs/adding-a-lab.md  # for authors\n";
  CHECK(translation_list_without_pages(list, {"instructor-guide.md"}) ==
        "docs/setup.md\nlabs/*/README.md\n\nenglish-only: docs/adding-a-lab.md  # for authors\n");
}

TEST_CASE("which files of the course stay out of the student copy") {
  CHECK(instructor_only("solutions/04-padding/transpose.cu"));
  CHECK(instructor_only("solutions/wrong/README.md"));
  CHECK(instructor_only("docs/instructor-guide.md"));
  CHECK(instructor_only(".ci/run"));
  CHECK(instructor_only("checker/tools/verify-labs.sh"));
  CHECK(instructor_only("checker/tests/instructor/run_export_student.sh"));
  CHECK(instructor_only("checker/bank/tests/test_model.cpp"));
  CHECK(instructor_only("docs/site/tests/test_layout.cpp"));
  CHECK(instructor_only("docs/site/tests/fixtures/course/docs/index.md"));
  CHECK_FALSE(instructor_only("docs/site/src/layout.cpp"));  // the top CMakeLists.txt adds docs/site/
  CHECK(instructor_only("checker/bench/bench_reduce.cu"));
  CHECK(instructor_only("checker/tools/course/classroom/classroom.yml.in"));
  CHECK_FALSE(instructor_only("labs/04-padding/transpose.cu"));
  CHECK_FALSE(instructor_only("docs/results/h200.md"));
  CHECK_FALSE(instructor_only("checker/tools/classroom-grade.sh"));
  CHECK_FALSE(instructor_only("checker/tools/course/export_student.cpp"));  // checker/tools/CMakeLists.txt builds it
  CHECK_FALSE(instructor_only("solutionsX/a"));
  CHECK(removed_docs_pages({"docs/instructor-guide.md", "solutions/x.cu", ".ci/run"}) ==
        std::vector<std::string>{"instructor-guide.md"});
  CHECK(removed_docs_pages({"docs/site/tests/fixtures/course/docs/index.md"}).empty());
}

TEST_CASE("a translation X.zh.md stays out where its English page X.md does") {
  CHECK(instructor_only("docs/instructor-guide.zh.md") == instructor_only("docs/instructor-guide.md"));
  CHECK(instructor_only("CONTRIBUTING.zh.md"));
  CHECK(instructor_only("docs/adding-a-lab.zh.md"));
  CHECK_FALSE(instructor_only("docs/setup.zh.md"));
  CHECK_FALSE(instructor_only("labs/04-padding/README.zh.md"));
  CHECK_FALSE(instructor_only("docs/zh.md"));
  // nav.txt names the English page: the guide's line goes once, for both files.
  CHECK(removed_docs_pages({"docs/instructor-guide.md", "docs/instructor-guide.zh.md", "CONTRIBUTING.zh.md"}) ==
        std::vector<std::string>{"instructor-guide.md"});
  CHECK(removed_docs_pages({"docs/instructor-guide.zh.md"}) == std::vector<std::string>{"instructor-guide.md"});
}

TEST_CASE("the course's own files: nothing of build/ or .git, and every lab's files") {
  const auto files = course_files(MEMLAB_SOURCE_DIR, nullptr);
  CHECK(std::find(files.begin(), files.end(), "labs/04-padding/lab.json") != files.end());
  CHECK(std::find(files.begin(), files.end(), "solutions/04-padding/transpose.cu") != files.end());
  for (const auto& f : files) {
    CHECK_MESSAGE(f.rfind("build/", 0) != 0, f);
    CHECK_MESSAGE(f.find(".git/") == std::string::npos, f);
  }
}

TEST_CASE("the Classroom workflow: one step per lab, worth the lab's CPU points") {
  const auto labs = classroom_labs(course_labs(MEMLAB_SOURCE_DIR));
  REQUIRE(labs.size() == 8);
  CHECK(labs[3].number == "04");
  CHECK(labs[3].cpu_points == 5);  // predictions 1 + 2, tile_fits 1, column_read_conflict_free_model 1

  const std::string yaml =
      classroom_workflow("steps:\n@GRADING_STEPS@\nenv:\n@REPORTER_ENV@\nrunners: @RUNNERS@\n", labs);
  CHECK(yaml.find("      id: lab04\n") != std::string::npos);
  CHECK(yaml.find(
            "        command: 'checker/tools/classroom-grade.sh 04'\n        timeout: 30\n        max-score: 5\n") !=
        std::string::npos);
  CHECK(yaml.find("        LAB04_RESULTS: \"${{steps.lab04.outputs.result}}\"\n") != std::string::npos);
  CHECK(yaml.find("runners: lab01,lab02,lab03,lab04,lab05,lab06,lab07,lab08\n") != std::string::npos);
  CHECK(yaml.find("@GRADING_STEPS@") == std::string::npos);
  CHECK(yaml.find("@REPORTER_ENV@") == std::string::npos);
  CHECK(yaml.find("@RUNNERS@") == std::string::npos);
  CHECK_THROWS_WITH_AS(classroom_workflow("no placeholders", labs), doctest::Contains("has no @GRADING_STEPS@"),
                       std::runtime_error);
}
