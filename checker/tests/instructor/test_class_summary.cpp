#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "class_summary.h"
#include "memlab/manifest.h"

using namespace memlab::course;

namespace {

const fs::path kFixtures = fs::path(MEMLAB_INSTRUCTOR_FIXTURES) / "class_summary";

// The compiler output in carol's report (fixtures/class_summary/results/carol/lab04.json).
const std::string kCarolCompileError =
    "your files do not compile or link:\n"
    "        transpose.cu(41): error: no operator \"<\" matches these operands, operand types are: float4 < int\n"
    "        transpose.cu(57): error: a value of type \"const float *\" cannot be used to initialize an entity of type "
    "\"float &\"\n"
    "      whole log: /grading/out/tree/lab04/carol/build.log";

LabInfo fixture_lab() {
  LabInfo lab;
  lab.number = "04";
  lab.folder = "04-padding";
  lab.lab_dir = kFixtures / "04-padding";
  lab.manifest = memlab::load_manifest(lab.lab_dir.string());
  return lab;
}

// A submission as grade_submissions leaves it: its report in results/<id>/lab04.json, when grading ended.
GradedSubmission graded(const std::string& id, const std::string& source, const std::string& problem = "") {
  GradedSubmission g;
  g.submission.id = id;
  g.submission.source = source;
  g.submission.problem = problem;
  g.results_dir = kFixtures / "results" / id;
  g.report_json = g.results_dir / "lab04.json";
  g.gradescope_json = g.results_dir / "gradescope.json";
  g.log = "/grading/out/logs/" + id + ".log";
  return g;
}

// alice passes, bob is the starter, carol does not compile, dave's transpose.cu is missing, erin's
// grading never ended, frank's timing is inconclusive and his mechanism program crashed, gina's
// report is cut short.
std::vector<GradedSubmission> fixture_class() {
  return {graded("alice", "/home/prof/fall 2026/alice.zip"),
          graded("bob", "/home/prof/fall 2026/bob"),
          graded("carol", "/home/prof/fall 2026/carol \"final\", v2.zip"),
          graded("dave", "/home/prof/fall 2026/dave.tar.gz", "transpose.cu is missing"),
          graded("erin", "/home/prof/fall 2026/erin.zip"),
          graded("frank", "/home/prof/fall 2026/frank.zip"),
          graded("gina", "/home/prof/fall 2026/gina.zip")};
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A folder of its own for one test's output, removed at the end.
struct ScratchFolder {
  fs::path path;
  explicit ScratchFolder(const std::string& name)
      : path(fs::temp_directory_path() / ("memlab-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
  }
  ~ScratchFolder() { fs::remove_all(path); }
};

struct Summary {
  std::string csv, html;
};

Summary summarize(const std::vector<GradedSubmission>& submissions) {
  ScratchFolder out("class-summary");
  // A folder that does not exist yet: the summary creates it.
  write_class_summary(fixture_lab(), submissions, out.path / "summary" / "lab04.csv",
                      out.path / "summary" / "lab04.html");
  return {read_file(out.path / "summary" / "lab04.csv"), read_file(out.path / "summary" / "lab04.html")};
}

// RFC 4180, read back: the records and their fields, quotes undone.
std::vector<std::vector<std::string>> csv_records(const std::string& text) {
  std::vector<std::vector<std::string>> records(1);
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      records.back().push_back(field), field.clear();
    } else if (c == '\n') {
      records.back().push_back(field), field.clear();
      records.emplace_back();
    } else {
      field += c;
    }
  }
  if (records.back().empty()) records.pop_back();
  return records;
}

const std::vector<std::string>* record_of(const std::vector<std::vector<std::string>>& records,
                                          const std::string& student, const std::string& check) {
  for (const auto& r : records)
    if (r.size() > 4 && r[0] == student && r[4] == check) return &r;
  return nullptr;
}

// The text between `heading` and the next <h2>: one section of the page.
std::string section(const std::string& html, const std::string& heading) {
  const std::size_t start = html.find(heading);
  REQUIRE_MESSAGE(start != std::string::npos, "no section " << heading);
  const std::size_t end = html.find("<h2>", start + heading.size());
  return html.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The table row whose first cell is `first_cell`.
std::string row_starting(const std::string& html, const std::string& first_cell) {
  const std::size_t start = html.find("<tr><td>" + first_cell + "</td>");
  REQUIRE_MESSAGE(start != std::string::npos, "no row for " << first_cell);
  return html.substr(start, html.find("</tr>", start) - start);
}

int occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("the class CSV has one row per submission and check, quoted as RFC 4180 asks") {
  const Summary s = summarize(fixture_class());
  const std::string header =
      "student,source,score,max_score,check,suite,kind,verdict,points,max_points,measured,measured_text,required,"
      "detail\n";
  CHECK(s.csv.rfind(header, 0) == 0);

  // A report's row, with a measured value and a required text that holds a comma.
  CHECK(s.csv.find("\nalice,/home/prof/fall 2026/alice.zip,18,18,speedup_vs_starter,performance,performance,pass,3,3,"
                   "1.99,\"1.99x (95 % CI 1.99-1.99x, 424 pairs; 0.314 ms vs 0.158 ms; the starter is 2.27x slower "
                   "than the copy roofline (0.138 ms) here)\",\">= 1.39x (half of the gap: the starter 0.314 ms, the "
                   "copy roofline 0.138 ms on this GPU)\",\n") != std::string::npos);
  CHECK(s.csv.find("\nbob,/home/prof/fall 2026/bob,7,18,shared_wavefronts_per_load,mechanism,mechanism,fail,0,2,"
                   "32.426,32.426 wavefronts per shared load (17000533 / 524288),<= 1.3 wavefronts/instruction,\n") !=
        std::string::npos);
  // Quotes doubled and newlines kept inside a quoted cell: the source and the compiler output.
  CHECK(s.csv.find("\ncarol,\"/home/prof/fall 2026/carol \"\"final\"\", v2.zip\",0,18,submission_contract,build,"
                   "correctness,fail,0,0,0,,,\"your files do not compile or link:\n        transpose.cu(41): error: "
                   "no operator \"\"<\"\" matches these operands, operand types are: float4 < int\n") !=
        std::string::npos);
  // No report: every manifest check, "not graded", and why.
  CHECK(s.csv.find("\ndave,/home/prof/fall 2026/dave.tar.gz,,18,predictions_well_formed,cpu,correctness,not graded,,1,"
                   ",,,transpose.cu is missing\n") != std::string::npos);
  CHECK(s.csv.find("\nerin,/home/prof/fall 2026/erin.zip,,18,speedup_vs_starter,performance,performance,not graded,,3,"
                   ",,>= 50 % of the gap from the starter to the copy roofline on this GPU,grading did not finish; "
                   "see /grading/out/logs/erin.log\n") != std::string::npos);

  const auto records = csv_records(s.csv);
  // 1 header + 4 reports of 11 checks (the contract row and 10 manifest checks) + 3 x 10 not graded.
  REQUIRE(records.size() == 1 + 4 * 11 + 3 * 10);
  for (const auto& r : records) CHECK(r.size() == 14);
  const auto* contract = record_of(records, "carol", "submission_contract");
  REQUIRE(contract);
  CHECK((*contract)[1] == "/home/prof/fall 2026/carol \"final\", v2.zip");
  CHECK((*contract)[13] == kCarolCompileError);
  CHECK_FALSE(record_of(records, "dave", "submission_contract"));
  const auto* cut_short = record_of(records, "gina", "tile_fits");
  REQUIRE(cut_short);
  CHECK((*cut_short)[7] == "not graded");
  CHECK((*cut_short)[13].rfind("its report " + (kFixtures / "results/gina/lab04.json").string() + " cannot be read (",
                               0) == 0);
  CHECK((*cut_short)[13].find("; see /grading/out/logs/gina.log") != std::string::npos);
  const auto* inconclusive = record_of(records, "frank", "fraction_of_copy_roofline");
  REQUIRE(inconclusive);
  CHECK((*inconclusive)[7] == "inconclusive");
  CHECK((*inconclusive)[10] == "0.77");
  CHECK((*inconclusive)[13] == "the requirement lies inside the measurement's 95 % interval");
}

TEST_CASE("the class page counts the class, check by check, and escapes what it quotes") {
  const Summary s = summarize(fixture_class());
  const std::string& html = s.html;
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<h1>Lab 04: Padding a shared-memory tile (class summary)</h1>") != std::string::npos);
  CHECK(html.find("<tr><th>submissions</th><td class=\"num\">7</td></tr>") != std::string::npos);
  CHECK(html.find("<tr><th>graded (a report was read)</th><td class=\"num\">4</td></tr>") != std::string::npos);
  // Scores 18, 7, 0 and 8.
  CHECK(html.find("<tr><th>mean score</th><td class=\"num\">8.25 / 18</td></tr>") != std::string::npos);
  CHECK(html.find("<tr><th>median score</th><td class=\"num\">7.5 / 18</td></tr>") != std::string::npos);

  const std::string scores = section(html, "<h2>Scores</h2>");
  CHECK(row_starting(scores, "bob")
            .find("<td class=\"num\">7 / 18</td><td class=\"num\">6</td><td class=\"num\">5"
                  "</td><td class=\"num\">0</td><td class=\"num\">0</td>") != std::string::npos);
  CHECK(row_starting(scores, "dave").find("<td class=\"ng\">not graded</td>") != std::string::npos);

  // Pass rate over pass, fail and inconclusive; then pass, fail, inconclusive, skip, not graded.
  const std::string checks = section(html, "<h2>Checks</h2>");
  CHECK(row_starting(checks, "exact_transpose")
            .find("<td class=\"num\">75 % (3 of 4)</td><td class=\"num\">3</td>"
                  "<td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">"
                  "0</td><td class=\"num\">3</td>") != std::string::npos);
  CHECK(row_starting(checks, "speedup_vs_starter")
            .find("<td class=\"num\">25 % (1 of 4)</td><td class=\"num\">1</td>"
                  "<td class=\"num\">2</td><td class=\"num\">1</td>") != std::string::npos);
  // The contract row is in every report but in no manifest: the not graded submissions lack it too.
  CHECK(row_starting(checks, "submission_contract").find("75 % (3 of 4)") != std::string::npos);
  CHECK(checks.find("<tr><td>submission_contract</td>") < checks.find("<tr><td>predictions_well_formed</td>"));

  // One plot per check that measures a number and has values: four of lab 04's ten.
  const std::string measured = section(html, "<h2>Measured values</h2>");
  CHECK(occurrences(html, "<svg ") == 4);
  CHECK(occurrences(measured, "<svg ") == 4);
  for (const char* id : {"column_read_conflict_free_model", "speedup_vs_starter", "fraction_of_copy_roofline",
                         "shared_wavefronts_per_load"})
    CHECK_MESSAGE(measured.find(std::string("<title>") + id + "</title>") != std::string::npos, id);
  CHECK(measured.find("<title>exact_transpose</title>") == std::string::npos);
  CHECK(measured.find("required &lt;= 1.3") != std::string::npos);
  CHECK(measured.find("required &gt;= 75 %") != std::string::npos);
  CHECK(measured.find("measured value (%)") != std::string::npos);
  CHECK(measured.find("measured value (wavefronts/instruction)") != std::string::npos);
  CHECK(occurrences(measured, "The required value depends on the GPU (gap rule)") == 1);  // speedup_vs_starter
  // Colored by verdict: alice's pass, bob's fail, frank's inconclusive speedup.
  CHECK(measured.find("pass (1)") != std::string::npos);
  CHECK(measured.find("inconclusive (1)") != std::string::npos);

  const std::string not_run = section(html, "<h2>Submissions that did not build or run</h2>");
  CHECK(not_run.find("no operator &quot;&lt;&quot; matches these operands") != std::string::npos);
  CHECK(not_run.find("carol &quot;final&quot;, v2.zip") != std::string::npos);
  CHECK(row_starting(not_run, "carol").find("did not compile or broke the submission contract") != std::string::npos);
  CHECK(row_starting(not_run, "dave").find("transpose.cu is missing") != std::string::npos);
  CHECK(row_starting(not_run, "erin").find("grading did not finish; see /grading/out/logs/erin.log") !=
        std::string::npos);
  CHECK(row_starting(not_run, "frank").find("the mechanism check program ended abnormally") != std::string::npos);
  CHECK(row_starting(not_run, "frank").find("killed by signal 11 (Segmentation fault)") != std::string::npos);
  CHECK(row_starting(not_run, "gina").find("cannot be read") != std::string::npos);
  CHECK(not_run.find("<tr><td>alice</td>") == std::string::npos);
  CHECK(not_run.find("<tr><td>bob</td>") == std::string::npos);
  CHECK(occurrences(not_run, "<tr><td>frank</td>") == 1);  // the crash once, not once per check

  const std::string inconclusive = section(html, "<h2>Inconclusive verdicts: regrade on an idle GPU</h2>");
  CHECK(inconclusive.find("<tr><td>frank</td><td>speedup_vs_starter</td>") != std::string::npos);
  CHECK(inconclusive.find("<tr><td>frank</td><td>fraction_of_copy_roofline</td>") != std::string::npos);
  CHECK(inconclusive.find("measurement&#39;s 95 % interval") != std::string::npos);
  CHECK(occurrences(inconclusive, "<tr><td>") == 2);

  // Nothing unescaped from the reports, and nothing the page would fetch or run.
  CHECK(html.find("\"<\" matches") == std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("href=") == std::string::npos);
}

TEST_CASE("a class with nothing measured has no plots and says why") {
  const Summary s = summarize(
      {graded("carol", "/home/prof/carol.zip"), graded("dave", "/home/prof/dave.zip", "transpose.cu is missing")});
  CHECK(s.html.find("<svg") == std::string::npos);
  CHECK(occurrences(s.html, "No submission has a measured value for this check") == 4);
  CHECK(s.html.find("<tr><th>mean score</th><td class=\"num\">0 / 18</td></tr>") != std::string::npos);
  CHECK(s.html.find("<p>No inconclusive verdicts.</p>") != std::string::npos);
  CHECK(csv_records(s.csv).size() == 1 + 11 + 10);
}

TEST_CASE("a class summary that cannot be written says where") {
  CHECK_THROWS_WITH_AS(write_class_summary(fixture_lab(), {}, "/proc/memlab/lab04.csv", "/proc/memlab/lab04.html"),
                       doctest::Contains("/proc/memlab/lab04.csv"), std::runtime_error);
}
