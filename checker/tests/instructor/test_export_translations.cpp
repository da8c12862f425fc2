// export-student's translation stamps (export_translations.h): an up-to-date stamp is written for
// the students' version of the English page, a stale one stays as it was.
#include <doctest/doctest.h>

#include <memlab/section_fingerprints.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "export_markers.h"
#include "export_translations.h"

using namespace memlab::course;

namespace {

// An English page with a student-copy passage that holds a heading, and its translation, which
// has the same passage (export-student rewrites both).
const std::string kCourseEnglish =
    "# Setup\n\nInstall.\n\n<!-- instructor-only: begin -->\nThe ci preset.\n<!-- instructor-only: end -->\n"
    "<!-- student-copy: begin\n## The Classroom workflow\n\nIt grades.\nstudent-copy: end -->\n\n## Next\n\nMore.\n";
const std::string kChineseBody =
    "# 安装\n\n安装。\n\n<!-- instructor-only: begin -->\nci 预设。\n<!-- instructor-only: end -->\n"
    "<!-- student-copy: begin\n## Classroom 工作流\n\n它评分。\nstudent-copy: end -->\n\n## 下一步\n\n更多。\n";

std::string stamped(const std::string& english, const std::string& body, const std::string& name = "setup.md") {
  return memlab::translation_stamp(name, memlab::section_fingerprints(english)) + "\n\n" + body;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

struct ScratchFolder {
  fs::path path;
  explicit ScratchFolder(const std::string& name)
      : path(fs::temp_directory_path() / ("memlab-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
  }
  ~ScratchFolder() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("an up-to-date stamp is written for the student page; the rest of the translation stays") {
  const std::string student = student_text(kCourseEnglish).text;
  REQUIRE(memlab::section_fingerprints(student) != memlab::section_fingerprints(kCourseEnglish));
  const std::string translation = student_text(stamped(kCourseEnglish, kChineseBody)).text;
  const auto restamped = restamped_translation(translation, "setup.md", kCourseEnglish, student);
  REQUIRE(restamped);
  CHECK(first_line(*restamped) == memlab::translation_stamp("setup.md", memlab::section_fingerprints(student)));
  CHECK(restamped->substr(restamped->find('\n')) == translation.substr(translation.find('\n')));
  // A page without passages: the same stamp again.
  const std::string plain = "# A\n\nText.\n";
  const std::string plain_zh = stamped(plain, "# 甲\n\n文字。\n");
  CHECK(restamped_translation(plain_zh, "setup.md", plain, plain) == plain_zh);
}

TEST_CASE("a stale stamp, no fingerprints, no stamp or another page's name: nothing is rewritten") {
  const std::string student = student_text(kCourseEnglish).text;
  std::string older = kCourseEnglish;
  older.replace(older.find("More."), 5, "Less.");
  CHECK_FALSE(restamped_translation(stamped(older, kChineseBody), "setup.md", kCourseEnglish, student));
  CHECK_FALSE(restamped_translation("<!-- translation of setup.md: not stamped -->\n\n" + kChineseBody, "setup.md",
                                    kCourseEnglish, student));
  CHECK_FALSE(restamped_translation(kChineseBody, "setup.md", kCourseEnglish, student));
  CHECK_FALSE(restamped_translation(stamped(kCourseEnglish, kChineseBody), "grading.md", kCourseEnglish, student));
  // A stamp with a section less than the page now is stale too.
  auto fewer = memlab::section_fingerprints(kCourseEnglish);
  fewer.pop_back();
  CHECK_FALSE(restamped_translation(memlab::translation_stamp("setup.md", fewer) + "\n" + kChineseBody, "setup.md",
                                    kCourseEnglish, student));
}

TEST_CASE("restamp_translations rewrites the copy's up-to-date stamps and leaves the stale ones") {
  ScratchFolder scratch("export-translations");
  const fs::path course = scratch.path / "course";
  const fs::path copy = scratch.path / "copy";
  std::string older = kCourseEnglish;
  older.replace(older.find("More."), 5, "Less.");
  write_file(course / "docs/setup.md", kCourseEnglish);
  write_file(course / "docs/grading.md", kCourseEnglish);
  write_file(course / "docs/setup.zh.md", stamped(kCourseEnglish, kChineseBody));
  write_file(course / "docs/grading.zh.md", stamped(older, kChineseBody, "grading.md"));  // stale in the course
  const std::vector<std::string> files = {"docs/grading.md", "docs/grading.zh.md", "docs/setup.md", "docs/setup.zh.md",
                                          "docs/orphan.zh.md"};
  for (const auto& f : files) {
    if (fs::exists(course / f)) write_file(copy / f, student_text(read_file(course / f)).text);
  }
  write_file(copy / "docs/orphan.zh.md", "no English page\n");
  const std::string stale_before = read_file(copy / "docs/grading.zh.md");

  const TranslationStamps stamps = restamp_translations(course, copy, files);
  CHECK(stamps.translations == 2);
  CHECK(stamps.rewritten == 1);
  CHECK(stamps.stale == std::vector<std::string>{"docs/grading.zh.md"});
  const std::string student = read_file(copy / "docs/setup.md");
  CHECK(first_line(read_file(copy / "docs/setup.zh.md")) ==
        memlab::translation_stamp("setup.md", memlab::section_fingerprints(student)));
  CHECK(read_file(copy / "docs/grading.zh.md") == stale_before);
  CHECK(read_file(copy / "docs/orphan.zh.md") == "no English page\n");
}
