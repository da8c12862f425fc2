// memlab-report: merges a lab's report parts (one per check suite) into
//   results/labNN.json      every check with measured and required values, verdict, hint
//   results/labNN.txt       the same as a console table
//   results/gradescope.json Gradescope's results.json, over every lab graded in this build
// It runs as the last ctest test of each lab, pass or fail. It also prints the instructor's
// tables from kept reports (report/table_command.h) and checks the pages that hold them
// (--check-page, report/check_page.h).
#include "memlab/bilingual.h"
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <algorithm>
#include <map>
#include <optional>

#include "memlab/build_status.h"
#include "memlab/check_text.h"
#include "memlab/manifest.h"
#include "memlab/suite_judge.h"
#include "memlab/suites.h"
#include "memlab/result_files.h"
#include "memlab/report.h"
#include "memlab/report_language.h"
#include "memlab/report_words.h"
#include "check_page.h"
#include "expectations.h"
#include "gradescope_results.h"
#include "report_text.h"
#include "table_command.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace memlab;

namespace {

// The row every report starts with: whether the student's files compiled, linked and respect
// the submission contract. It has no points of its own: when it fails, every check fails.
CheckResult contract_row(const BuildStatus& b, const ReportWords& w, Language language) {
  CheckResult r;
  r.id = "submission_contract";
  r.suite = "build";
  r.kind = "correctness";
  r.description = w.contract_description;
  r.verdict = b.ok ? Verdict::pass : Verdict::fail;
  r.measured = b.ok ? 1.0 : 0.0;
  // One compiler error a line: the report shows them as the compiler printed them.
  r.detail = in_language(b.reason(), language);
  if (!b.ok && b.violations.empty() && !b.errors.empty()) {
    r.detail = in_language(bilingual("your files do not compile or link:", "你的文件无法编译或链接："), language);
    for (const auto& e : b.errors) r.detail += "\n        " + in_language(e, language);
    if (!b.log.empty())
      r.detail += in_language(bilingual("\n      whole log: ", "\n      完整日志："), language) + b.log;
  }
  if (!b.unbuildable.empty()) {
    r.hint = w.contract_hint_unbuildable;
    return r;
  }
  r.hint = b.violations.empty() ? w.contract_hint_compile : w.contract_hint_violations;
  return r;
}

// A check that trusts a value the student's code declares fails when the GPU check that compares
// that value with the kernel's behaviour failed, and says so when that check did not run. The
// rows' texts are in `language` by then, and so is what this adds.
void apply_confirmations(const Manifest& m, std::vector<CheckResult>& rows, Language language) {
  for (auto& r : rows) {
    const CheckSpec* spec = m.find(r.id);
    if (!spec || spec->confirmed_by.empty()) continue;
    const CheckResult* confirm = nullptr;
    for (const auto& c : rows)
      if (c.id == spec->confirmed_by) confirm = &c;
    if (!confirm) continue;
    if (confirm->verdict == Verdict::fail && r.verdict == Verdict::pass) {
      r.verdict = Verdict::fail;
      r.points = 0;
      r.detail = in_language(bilingual("cannot be trusted: " + spec->confirmed_by + " failed (" + confirm->detail + ")",
                                       "不可信：" + spec->confirmed_by + " 未通过（" + confirm->detail + "）"),
                             language);
    } else if (r.verdict == Verdict::pass &&
               (confirm->verdict == Verdict::skip || confirm->verdict == Verdict::inconclusive)) {
      r.detail +=
          in_language(bilingual((r.detail.empty() ? "" : "; ") + std::string("not confirmed on a GPU in this run (") +
                                    spec->confirmed_by + " did not run)",
                                (r.detail.empty() ? "" : "；") + std::string("本次运行没有在 GPU 上得到确认（") +
                                    spec->confirmed_by + " 没有运行）"),
                      language);
    }
  }
}

// "your files transpose.cu in /course/labs/04-padding": what a report is about, on its first line.
std::string graded_what(const std::string& variant, const std::string& dir, const Manifest& m, const ReportWords& w) {
  std::string files;
  for (size_t i = 0; i < m.student_files.size(); ++i) files += (i ? ", " : "") + m.student_files[i];
  const char* what = variant == "solution"  ? w.graded_solution
                     : variant == "starter" ? w.graded_starter
                     : variant == "wrong"   ? w.graded_wrong
                                            : w.graded_other;
  return fill(what, fmt::arg("files", files), fmt::arg("dir", dir));
}

// The lab's report in `language`: the fixed words of report_words(), the checks' description and
// hint from the manifest (check_text.h). Ids, numbers, verdicts and the JSON's keys are the same in
// every language; "lang" says which one the texts are in.
json merge_lab(const Manifest& m, const fs::path& results_dir, std::ostream& table, Language language) {
  const ReportWords& w = report_words(language);
  const fs::path parts_dir = results_dir / "parts";
  json lab{{"lab", m.number},
           {"name", m.name},
           {"title", lab_title(m, language)},
           {"lang", language_code(language)},
           {"checks", json::array()}};
  std::optional<BuildStatus> build;
  const fs::path build_file = results_dir / ("lab" + m.number + ".build.json");
  if (fs::exists(build_file)) build = build_status_from_json(read_text_file(build_file));

  std::vector<CheckResult> rows;
  if (build) rows.push_back(contract_row(*build, w, language));
  std::map<std::string, ReportPart> parts;
  bool any = false;
  for (std::string_view suite_name : kSuites) {
    const std::string suite(suite_name);
    const fs::path p = parts_dir / ("lab" + m.number + "." + suite + ".json");
    if (!fs::exists(p)) continue;
    ReportPart part = part_from_json(read_text_file(p));
    if (build && part.run_id != build->run_id) continue;  // an earlier run's part
    any = true;
    parts[suite] = part;
  }
  if (!any && !build)
    throw std::runtime_error("no results for lab " + m.number + " in " + parts_dir.string() + " (did its checks run?)");
  for (std::string_view suite_name : kSuites)
    for (const CheckSpec* spec_ptr : m.suite(std::string(suite_name))) {
      const CheckSpec& spec = *spec_ptr;
      auto part = parts.find(spec.suite);
      const CheckResult* found = nullptr;
      if (part != parts.end())
        for (const auto& c : part->second.checks)
          if (c.id == spec.id) found = &c;
      if (found) {
        rows.push_back(*found);
        // The judge's English reason, in the report's language.
        if (!part->second.left_behind.empty())
          rows.back().detail = left_behind_text(part->second.left_behind, language);
        continue;
      }
      CheckResult r = result_row(spec);
      r.verdict = Verdict::fail;
      r.detail = build && !build->ok
                     ? build->reason()
                     : bilingual("not graded: the " + spec.suite + " checks did not run in this ctest run",
                                 "未评分：本次 ctest 运行中没有运行检查组 " + spec.suite + " 的检查");
      rows.push_back(r);
    }
  translate_rows(rows, m, language);
  apply_confirmations(m, rows, language);
  move_points_of_checks_not_graded_by_time(rows, language);

  // Which files, thresholds and tree this report is about: the first line of every report.
  const ReportPart* any_part = parts.empty() ? nullptr : &parts.begin()->second;
  const std::string variant = any_part ? any_part->variant : "?";
  const std::string dir = any_part ? any_part->student_dir : "?";
  const std::string graded = graded_what(variant, dir, m, w);
  lab["graded"] = graded;
  lab["variant"] = variant;
  lab["student_dir"] = dir;
  lab["run_id"] = build ? build->run_id : "";
  if (any_part) {
    lab["seed"] = any_part->seed;
    lab["student_hash"] = any_part->student_hash;
    lab["thresholds"] = in_language(any_part->thresholds, language);
    lab["tree_commit"] = in_language(any_part->tree_commit, language);
  } else if (build) {
    lab["student_hash"] = build->student_hash;
  }
  for (const auto& [suite, part] : parts) {
    if (is_gpu_suite(suite) && !lab.contains("environment"))
      lab["environment"] = in_language(part.environment, language);
    if (!part.ending.empty()) lab["endings"][suite] = part.ending;
    if (!part.left_behind.empty()) lab["left_behind"][suite] = part.left_behind;
    // The answer file is the grading's, shared by its suites: the part written last holds the
    // most of it.
    if (part.printed.size() > (lab.contains("printed") ? lab["printed"].get<std::string>().size() : 0))
      lab["printed"] = part.printed;
  }
  // The containment of the weakest step that ran the student's code (a step that never started
  // its program, after a failed build, has none to report).
  const ReportPart* weakest = nullptr;
  auto strength = [](const ReportPart& p) { return p.landlock_abi * 2 + (p.seccomp ? 1 : 0); };
  for (const auto& [suite, part] : parts)
    if (part.contained && (!weakest || strength(part) < strength(*weakest))) weakest = &part;
  if (weakest) {
    lab["containment"] = {{"landlock_abi", weakest->landlock_abi},
                          {"seccomp", weakest->seccomp},
                          {"full", weakest->landlock_abi >= 6 && weakest->seccomp},
                          {"text", containment_text(true, weakest->landlock_abi, weakest->seccomp, language)}};
  }
  table << fill(w.lab_heading, fmt::arg("lab", m.number), fmt::arg("title", lab_title(m, language)),
                fmt::arg("graded", graded))
        << "\n";
  if (lab.contains("thresholds"))
    table << fill(w.thresholds, fmt::arg("text", in_language(lab["thresholds"].get<std::string>(), language))) << "\n";
  if (lab.contains("tree_commit"))
    table << fill(w.grading_tree, fmt::arg("text", lab["tree_commit"].get<std::string>())) << "\n";
  if (lab.contains("containment")) table << lab["containment"]["text"].get<std::string>() << "\n";
  if (lab.contains("printed")) {
    std::string text = lab["printed"].get<std::string>();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    table << fill(w.printed, fmt::arg("text", text)) << "\n";
  }

  double score = 0, max_score = 0;
  int counts[4] = {0, 0, 0, 0};
  for (const auto& c : rows) {
    score += c.points;
    max_score += c.max_points;
    ++counts[static_cast<int>(c.verdict)];
    ReportPart one;
    one.lab = m.number;
    one.suite = c.suite;
    one.checks = {c};
    lab["checks"].push_back(json::parse(to_json(one))["checks"][0]);
  }
  table << check_lines(rows, build && !build->ok ? in_language(build->reason(), language) : "", language);
  lab["score"] = score;
  lab["max_score"] = max_score;
  lab["summary"] = {{"pass", counts[0]}, {"fail", counts[1]}, {"inconclusive", counts[2]}, {"skip", counts[3]}};
  lab["next"] = next_step(rows, language);
  table << fill(w.next, fmt::arg("text", lab["next"].get<std::string>())) << "\n";
  table << fill(w.totals, fmt::arg("lab", m.number), fmt::arg("passed", counts[0]), fmt::arg("failed", counts[1]),
                fmt::arg("inconclusive", counts[2]), fmt::arg("skipped", counts[3]),
                fmt::arg("score", count_text(score)), fmt::arg("max", count_text(max_score)))
        << "\n";
  return lab;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Merge a lab's check results into its report and Gradescope's results.json"};
  std::string lab, lab_dir, results_dir;
  app.add_option("--lab", lab, "labNN");
  app.add_option("--lab-dir", lab_dir, "the lab's folder (holds lab.json)")->check(CLI::ExistingDirectory);
  app.add_option("--results-dir", results_dir, "the build's results folder");
  TableRequest tables;
  add_table_options(app, tables);
  std::string labs, expect, report;
  app.add_option("--labs", labs, "the labs this build grades, comma-separated (gradescope.json sums exactly these)");
  app.add_option("--expect", expect, "instead: compare --report with a known-wrong submission's expected.json")
      ->check(CLI::ExistingFile);
  app.add_option("--report", report, "with --expect: the labNN.json to compare");
  std::string page, root = ".";
  bool write = false;
  CLI::Option* check_page_option =
      app.add_option("--check-page", page,
                     "instead: check that each generated block of this Markdown page holds what its memlab-report "
                     "command prints now (exit 1 when one differs, 2 when the page has no block or one cannot run)");
  // needs(): without --check-page they would be ignored, and a run that was meant to check or
  // write a page would seem to have done it.
  app.add_option("--root", root, "with --check-page: the folder the blocks' paths are relative to (default: here)")
      ->needs(check_page_option);
  app.add_flag("--write", write, "with --check-page: rewrite the blocks that differ")->needs(check_page_option);
  CLI11_PARSE(app, argc, argv);
  if (!page.empty()) return check_page(page, root, write, std::cout, std::cerr);
  if (!expect.empty() && lab.empty()) {
    try {
      return print_expectation(check_expectation(json::parse(read_text_file(expect)), report), expect, report,
                               std::cout);
    } catch (const std::exception& e) {
      std::cerr << "memlab-report: " << expect << ": " << e.what() << "\n";
      return 2;
    }
  }
  if (tables.any()) {
    try {
      return run_table(tables, "", std::cout);
    } catch (const std::exception& e) {
      std::cerr << "memlab-report: " << e.what() << "\n";
      return 2;
    }
  }
  if (lab.empty() || lab_dir.empty() || results_dir.empty()) {
    std::cerr << "memlab-report: --lab, --lab-dir and --results-dir are required\n" << app.help();
    return 2;
  }
  try {
    // The language is this process's to decide (report_language.h): the check program that ran
    // the student's code wrote none of the text below.
    const Language language = report_language(std::cerr);
    Manifest m = load_manifest(lab_dir);
    std::ostringstream table;
    json merged = merge_lab(m, fs::path(results_dir), table, language);
    const fs::path dir(results_dir);
    // gradescope.json covers every lab in the folder: with `ctest -j` other labs' report steps
    // write their reports now too, so read and write under the folder's lock.
    memlab::ResultsFolderLock lock(dir);
    const auto write = [](const fs::path& path, const std::string& text) {
      if (!memlab::write_file_atomically(path, text)) throw std::runtime_error("cannot write " + path.string());
    };
    write(dir / ("lab" + m.number + ".json"), merged.dump(2) + "\n");
    write(dir / ("lab" + m.number + ".txt"), table.str());
    std::vector<std::string> graded_labs;
    for (size_t at = 0; at < labs.size();) {
      const size_t comma = labs.find(',', at);
      const std::string one = labs.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      if (!one.empty()) graded_labs.push_back(one);
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (graded_labs.empty()) graded_labs.push_back(lab);
    write(dir / "gradescope.json", gradescope_results(dir, graded_labs, language).dump(2) + "\n");
    std::cout << table.str()
              << fill(report_words(language).files_written,
                      fmt::arg("report", (dir / ("lab" + m.number + ".json")).string()),
                      fmt::arg("gradescope", (dir / "gradescope.json").string()))
              << "\n";
    // A known-wrong submission's report step also checks the verdicts it must get.
    if (!expect.empty()) {
      const std::string merged_report = (dir / ("lab" + m.number + ".json")).string();
      return print_expectation(check_expectation(json::parse(read_text_file(expect)), merged_report), expect,
                               merged_report, std::cout);
    }
  } catch (const std::exception& e) {
    std::cerr << "memlab-report: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
