// memlab-portability: what every timed check would require and conclude on each GPU of the
// course's table, without a GPU. The course's bottleneck model predicts the starter's and the
// solution's values there (lab_predictions.h); the verdicts come from the judge's own code
// (memlab::judge_suite over the labs' manifests, gap rules included), not from a copy of it.
// Exit status 0 only when no solution fails and no starter passes a check graded by time.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "lab_predictions.h"
#include "memlab/manifest.h"
#include "memlab/suite_judge.h"
#include "memlab/suites.h"
#include "memlab/text_format.h"

namespace fs = std::filesystem;
using namespace memlab;

namespace {

Manifest manifest_of(const fs::path& labs_dir, const std::string& lab) {
  for (const auto& entry : fs::directory_iterator(labs_dir))
    if (entry.is_directory() && entry.path().filename().string().rfind(lab + "-", 0) == 0)
      return load_manifest(entry.path().string());
  throw std::runtime_error("no folder " + lab + "-* in " + labs_dir.string());
}

// The judge's verdict on one side's predicted values for the checks of one suite.
std::map<std::string, CheckResult> judge_side(const Manifest& m, const std::string& suite,
                                              const std::vector<portability::CheckPrediction>& preds, bool starter) {
  std::vector<MeasurementRecord> records;
  for (const auto& p : preds) {
    const CheckSpec* spec = m.find(p.check);
    if (!spec || spec->suite != suite) continue;
    MeasurementRecord r;
    r.kind = MeasurementRecord::Kind::check;
    r.id = p.check;
    r.outcome = Outcome::value;
    r.estimate = Estimate::exact(starter ? p.starter : p.solution);
    r.measured_text = "predicted";
    r.gap = p.gap;
    records.push_back(r);
  }
  ProgramEnding ended;
  ended.ran = true;
  ended.exit_code = 0;
  ended.sent_end = true;
  std::map<std::string, CheckResult> out;
  if (records.empty()) return out;  // no predicted check in this suite
  for (const CheckResult& r : judge_suite(m, suite, records, ended)) out[r.id] = r;
  return out;
}

std::string verdict_text(const CheckResult& r) {
  if (r.verdict == Verdict::skip) return "counters";
  return to_string(r.verdict);
}

std::string cell(std::string s) {
  for (char& c : s)
    if (c == '|') c = '/';
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"memlab-portability: every timed check's prediction and verdict on each GPU of the course's table"};
  std::string labs_dir;
  std::vector<std::string> gpus;
  std::string csv_path;
  app.add_option("--labs-dir", labs_dir, "the course's labs/ folder (holds NN-name/lab.json)")
      ->required()
      ->check(CLI::ExistingDirectory);
  app.add_option("--gpu", gpus, "only these GPUs of the table (by name; repeatable)");
  app.add_option("--csv", csv_path, "also write the table as CSV to this file");
  bool summary = false;
  std::string page;
  app.add_flag("--summary", summary, "print only the summary matrix (check x GPU: what time requires, or counters)");
  app.add_option("--check-page", page,
                 "fail when the summary between <!--portability:summary--> and <!--/portability:summary--> in this "
                 "Markdown file differs from this program's")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);

  try {
    std::vector<GpuSpec> selected;
    if (gpus.empty()) selected = gpu_table();
    for (const auto& name : gpus) selected.push_back(gpu_spec(name));

    std::map<std::string, Manifest> manifests;
    std::ostringstream csv, full;
    csv << "gpu,shared_over_dram,lab,check,starter,solution,required,starter_verdict,solution_verdict,basis\n";
    full << "Predictions of the course's bottleneck model (checker/portability), not measurements: each kernel\n"
            "keeps the efficiency it had on the H200 (docs/results/h200.md). \"counters\" = the check's gap is\n"
            "too small on that GPU to grade by time; its points move to the counter check.\n\n"
         << "| GPU | shared/DRAM | lab | check | starter | solution | required there | starter | solution | model |\n"
         << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    int solution_fails = 0, starter_passes = 0, rows = 0;
    std::vector<std::string> order;                                   // "04 speedup_vs_starter"
    std::map<std::string, std::map<std::string, std::string>> cells;  // check -> GPU -> cell
    std::set<std::string> gpus_seen;
    for (const GpuSpec& g : selected) {
      gpus_seen.insert(g.name);
      const std::vector<portability::CheckPrediction> preds = portability::predict_timed_checks(g);
      std::map<std::string, std::vector<portability::CheckPrediction>> by_lab;
      for (const auto& p : preds) by_lab[p.lab].push_back(p);
      for (const auto& [lab, lab_preds] : by_lab) {
        if (!manifests.count(lab)) manifests.emplace(lab, manifest_of(labs_dir, lab));
        const Manifest& m = manifests.at(lab);
        std::map<std::string, CheckResult> st, so;
        // Every GPU suite: the predicted checks are timed or counted ones (performance, mechanism);
        // judge_side skips the suites that hold none of them.
        for (std::string_view suite_name : kSuites) {
          if (!is_gpu_suite(suite_name)) continue;
          const std::string suite(suite_name);
          for (auto& [id, r] : judge_side(m, suite, lab_preds, true)) st[id] = r;
          for (auto& [id, r] : judge_side(m, suite, lab_preds, false)) so[id] = r;
        }
        for (const auto& p : lab_preds) {
          const CheckSpec* spec = m.find(p.check);
          if (!spec)
            throw std::runtime_error("lab " + lab + " has no check " + p.check + " (the predictions are stale)");
          const CheckResult &a = st.at(p.check), &b = so.at(p.check);
          const bool by_time = spec->kind != "correctness";  // lab 03's and lab 07's guards: the starter passes them
          if (b.verdict == Verdict::fail || b.verdict == Verdict::inconclusive) ++solution_fails;
          if (by_time && a.verdict == Verdict::pass) ++starter_passes;
          if (!by_time && a.verdict == Verdict::fail) ++solution_fails;  // a guard no honest kernel may fail
          const std::string required =
              b.verdict == Verdict::skip ? "(" + b.detail.substr(0, b.detail.find(';')) + ")" : b.required_text;
          const std::string key = lab + " " + p.check;
          if (!cells.count(key)) order.push_back(key);
          cells[key][g.name] = b.verdict == Verdict::skip ? std::string("counters")
                               : spec->gap_rule && !spec->required
                                   ? ">= " + fixed(requirement_of(*spec, p.gap).value, 2) + "x"
                                   : "time";
          full << "| " << g.name << " | " << fixed(g.shared_over_dram(), 0) << "x | " << lab << " | " << p.check
               << " | " << format_quantity(p.starter, spec->unit) << " | " << format_quantity(p.solution, spec->unit)
               << " | " << cell(required) << " | " << verdict_text(a) << " | " << verdict_text(b) << " | " << p.basis
               << " |\n";
          csv << '"' << g.name << "\"," << g.shared_over_dram() << "," << lab << "," << p.check << "," << p.starter
              << "," << p.solution << ",\"" << cell(required) << "\"," << verdict_text(a) << "," << verdict_text(b)
              << ",\"" << p.basis << "\"\n";
          ++rows;
        }
      }
    }
    std::ostringstream matrix;
    matrix << "| lab | check |";
    for (const GpuSpec& g : selected) matrix << " " << g.name << " |";
    matrix << "\n| --- | --- |";
    for (size_t i = 0; i < selected.size(); ++i) matrix << " --- |";
    matrix << "\n";
    for (const auto& key : order) {
      matrix << "| " << key.substr(0, 2) << " | `" << key.substr(3) << "` |";
      for (const GpuSpec& g : selected) matrix << " " << cells[key][g.name] << " |";
      matrix << "\n";
    }
    if (!page.empty()) {
      std::ifstream in(page);
      std::stringstream text;
      text << in.rdbuf();
      const std::string t = text.str(), open = "<!--portability:summary-->\n", close = "<!--/portability:summary-->";
      const size_t a = t.find(open), b = t.find(close);
      if (a == std::string::npos || b == std::string::npos || b < a)
        throw std::runtime_error(page + " has no <!--portability:summary--> ... <!--/portability:summary--> region");
      if (t.substr(a + open.size(), b - a - open.size()) != matrix.str()) {
        std::cerr << page << ": the summary is not this program's; replace the region with:\n" << matrix.str();
        return 1;
      }
      std::cout << page << ": the summary matches the model\n";
    }
    if (summary)
      std::cout << matrix.str();
    else
      std::cout << full.str();
    std::cout << "\n"
              << rows << " predictions on " << gpus_seen.size() << " GPUs: " << solution_fails
              << " where a correct solution would fail, " << starter_passes
              << " where the starter would pass a check graded by time\n";
    if (!csv_path.empty()) {
      std::ofstream f(csv_path);
      f << csv.str();
      if (!f) throw std::runtime_error("cannot write " + csv_path);
    }
    return solution_fails == 0 && starter_passes == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "memlab-portability: " << e.what() << "\n";
    return 2;
  }
}
