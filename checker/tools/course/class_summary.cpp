#include "memlab/bilingual.h"
#include "class_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include "memlab/line_plot.h"
#include "memlab/result_files.h"
#include "memlab/suite_judge.h"
#include "memlab/table.h"
#include "memlab/text_format.h"

namespace memlab::course {

namespace {

using nlohmann::json;

const std::string kNotGraded = "not graded";
// The verdicts a report gives, in the order the tables show them.
const std::vector<std::string> kVerdicts = {"pass", "fail", "inconclusive", "skip"};
const std::string kContract = "submission_contract";

// One check of one submission: as its report gave it, or "not graded" when it has no report.
struct CheckOutcome {
  std::string id, suite, kind, verdict;
  std::optional<double> measured;
  std::string measured_text, required_text, detail;
  std::optional<double> points;  // none when not graded
  double max_points = 0;
};

// What the summary knows of one submission.
struct SubmissionResult {
  std::string student, source;
  bool graded = false;  // its report was read
  std::string why_not_graded;
  double score = 0, max_score = 0;
  std::vector<CheckOutcome> checks;
  std::map<std::string, std::string> endings;  // suite -> how its check program ended, when not well
};

// ---- Reading the reports

CheckOutcome outcome_from_json(const json& c) {
  CheckOutcome o;
  o.id = c.at("id").get<std::string>();
  o.suite = c.value("suite", "");
  o.kind = c.value("kind", "");
  o.verdict = c.at("verdict").get<std::string>();
  if (c.contains("measured") && c["measured"].is_number()) o.measured = c["measured"].get<double>();
  o.measured_text = c.value("measured_text", "");
  o.required_text = c.value("required_text", "");
  o.detail = c.value("detail", "");
  o.points = c.value("points", 0.0);
  o.max_points = c.value("max_points", 0.0);
  return o;
}

SubmissionResult identity_of(const Submission& s) {
  SubmissionResult r;
  r.student = s.id;
  r.source = s.source.string();
  return r;
}

// Throws (std::runtime_error, or a json error) when the file cannot be read or is not a report.
SubmissionResult graded_result(const Submission& s, const fs::path& report) {
  const json j = json::parse(read_text_file(report));
  SubmissionResult r = identity_of(s);
  r.graded = true;
  r.score = j.at("score").get<double>();
  r.max_score = j.at("max_score").get<double>();
  for (const auto& c : j.at("checks")) r.checks.push_back(outcome_from_json(c));
  // memlab-report records each suite whose check program did not end well (judge_steps.cpp).
  if (j.contains("endings"))
    for (const auto& [suite, how] : j["endings"].items()) r.endings[suite] = how.get<std::string>();
  return r;
}

// Every manifest check, not graded for `why`: the submission stays in the grade book.
SubmissionResult not_graded_result(const Submission& s, const Manifest& manifest, const std::string& why) {
  SubmissionResult r = identity_of(s);
  r.why_not_graded = why;
  for (const CheckSpec& spec : manifest.checks) {
    CheckOutcome o;
    o.id = spec.id;
    o.suite = spec.suite;
    o.kind = spec.kind;
    o.verdict = kNotGraded;
    o.required_text = std::string(english_part(result_row(spec).required_text));  // instructor tools speak English
    o.detail = why;
    o.max_points = spec.points;
    r.max_score += spec.points;
    r.checks.push_back(o);
  }
  return r;
}

std::string see_log(const GradedSubmission& g) { return g.log.empty() ? "" : "; see " + g.log.string(); }

SubmissionResult read_result(const LabInfo& lab, const GradedSubmission& g) {
  const Submission& s = g.submission;
  std::error_code ec;
  if (g.report_json.empty() || !fs::is_regular_file(g.report_json, ec))
    return not_graded_result(s, lab.manifest, !s.problem.empty() ? s.problem : "grading did not finish" + see_log(g));
  try {
    return graded_result(s, g.report_json);
  } catch (const std::exception& e) {
    const std::string why = "its report " + g.report_json.string() + " cannot be read (" + e.what() + ")" + see_log(g);
    return not_graded_result(s, lab.manifest, !s.problem.empty() ? s.problem : why);
  }
}

// ---- Numbers as text

// Every digit a program may need ("0.883123"), without an exponent for ordinary values.
std::string csv_number(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.15g", v);
  return text;
}

// For people: at most two decimals, no trailing zeros ("7.5", "18", "1.11").
std::string short_number(double v) {
  std::string text = fixed(v, 2);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::string percent(int part, int whole) { return fixed(100.0 * part / whole, 0) + " %"; }

// ---- The CSV

// Table::csv quotes a cell with a comma, a quote or a newline. A carriage return (compiler output
// from a Windows editor) is none of those, and some readers end a row at it: make it a newline.
std::string with_plain_newlines(std::string text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r')
      out += text[i];
    else if (i + 1 >= text.size() || text[i + 1] != '\n')
      out += '\n';
  }
  return out;
}

std::vector<std::string> csv_row(const SubmissionResult& r, const CheckOutcome& c) {
  return {r.student,
          r.source,
          r.graded ? csv_number(r.score) : "",
          csv_number(r.max_score),
          c.id,
          c.suite,
          c.kind,
          c.verdict,
          c.points ? csv_number(*c.points) : "",
          csv_number(c.max_points),
          c.measured ? csv_number(*c.measured) : "",
          c.measured_text,
          c.required_text,
          c.detail};
}

std::string class_csv(const std::vector<SubmissionResult>& results) {
  Table table;
  table.header = {"student", "source", "score",      "max_score", "check",         "suite",    "kind",
                  "verdict", "points", "max_points", "measured",  "measured_text", "required", "detail"};
  for (const auto& r : results)
    for (const auto& c : r.checks) {
      std::vector<std::string> row = csv_row(r, c);
      for (auto& cell : row) cell = with_plain_newlines(cell);
      table.rows.push_back(std::move(row));
    }
  return table.csv();
}

// ---- What the page counts

// One check of the lab, as a column of the class: what the manifest says of it, if anything
// (submission_contract is the report's own row, not a manifest check).
struct CheckColumn {
  std::string id, suite, kind;
  const CheckSpec* spec = nullptr;
};

// The checks in the order of the reports (the order students see), then any manifest check
// that only the submissions without a report have.
std::vector<CheckColumn> check_columns(const Manifest& manifest, const std::vector<SubmissionResult>& results) {
  std::vector<CheckColumn> columns;
  auto add = [&](const CheckOutcome& c) {
    for (const auto& known : columns)
      if (known.id == c.id) return;
    columns.push_back({c.id, c.suite, c.kind, manifest.find(c.id)});
  };
  for (bool graded : {true, false})
    for (const auto& r : results)
      if (r.graded == graded)
        for (const auto& c : r.checks) add(c);
  return columns;
}

const CheckOutcome* outcome_of(const SubmissionResult& r, const std::string& id) {
  for (const auto& c : r.checks)
    if (c.id == id) return &c;
  return nullptr;
}

// verdict -> submissions; a submission whose report lacks the check counts as not graded.
std::map<std::string, int> verdict_counts(const std::vector<SubmissionResult>& results, const std::string& id) {
  std::map<std::string, int> counts;
  for (const auto& r : results) {
    const CheckOutcome* c = outcome_of(r, id);
    ++counts[c ? c->verdict : kNotGraded];
  }
  return counts;
}

std::map<std::string, int> verdict_counts(const SubmissionResult& r) {
  std::map<std::string, int> counts;
  for (const auto& c : r.checks) ++counts[c.verdict];
  return counts;
}

std::vector<double> graded_scores(const std::vector<SubmissionResult>& results) {
  std::vector<double> scores;
  for (const auto& r : results)
    if (r.graded) scores.push_back(r.score);
  return scores;
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / v.size();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The lab's maximum as the reports give it (an instructor's overrides may change points), or the
// manifest's when no report was read.
double lab_max_score(const Manifest& manifest, const std::vector<SubmissionResult>& results) {
  double most = 0;
  bool any = false;
  for (const auto& r : results)
    if (r.graded) most = std::max(most, r.max_score), any = true;
  if (any) return most;
  double total = 0;
  for (const auto& spec : manifest.checks) total += spec.points;
  return total;
}

// ---- HTML pieces

std::string esc(const std::string& text) { return escape_xml(text); }

std::string cell(const std::string& text, const std::string& css_class = "") {
  return (css_class.empty() ? "<td>" : "<td class=\"" + css_class + "\">") + esc(text) + "</td>";
}

std::string header_row(const std::vector<std::string>& names) {
  std::string row = "<tr>";
  for (const auto& name : names) row += "<th>" + esc(name) + "</th>";
  return row + "</tr>\n";
}

std::string detail_block(const std::string& text) { return "<td><pre>" + esc(text) + "</pre></td>"; }

const char* kStyle = R"(
body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #d0d7de; } h3 { margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.pass { color: #1a7f37; } td.fail { color: #cf222e; } td.inconclusive { color: #9a6700; } td.ng { color: #6e7781; }
pre { margin: 0; max-height: 16em; overflow: auto; white-space: pre-wrap; font-size: 0.85em; }
p.note { color: #59636e; font-size: 0.9em; }
figure { margin: 0.5em 0; }
figure svg { width: 100%; max-width: 640px; height: auto; }
)";

std::string page_head(const LabInfo& lab) {
  const std::string title = "Lab " + lab.manifest.number + ": " + lab.manifest.title + " (class summary)";
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title) +
         "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" + esc(title) + "</h1>\n";
}

std::string overview_section(const std::vector<SubmissionResult>& results, double max_score) {
  const std::vector<double> scores = graded_scores(results);
  const std::string of_max = " / " + short_number(max_score);
  std::ostringstream out;
  out << "<table class=\"facts\">\n"
      << "<tr><th>submissions</th><td class=\"num\">" << results.size() << "</td></tr>\n"
      << "<tr><th>graded (a report was read)</th><td class=\"num\">" << scores.size() << "</td></tr>\n"
      << "<tr><th>mean score</th><td class=\"num\">" << (scores.empty() ? "-" : short_number(mean(scores)) + of_max)
      << "</td></tr>\n"
      << "<tr><th>median score</th><td class=\"num\">" << (scores.empty() ? "-" : short_number(median(scores)) + of_max)
      << "</td></tr>\n"
      << "</table>\n"
      << "<p class=\"note\">Mean and median are over the graded submissions only.</p>\n";
  return out.str();
}

std::string scores_section(const std::vector<SubmissionResult>& results) {
  std::ostringstream out;
  out << "<h2>Scores</h2>\n<table class=\"scores\">\n"
      << header_row({"student", "source", "score", "pass", "fail", "inconclusive", "skip"});
  for (const auto& r : results) {
    out << "<tr>" << cell(r.student) << cell(r.source);
    if (!r.graded) {
      out << cell(kNotGraded, "ng") << "<td></td><td></td><td></td><td></td></tr>\n";
      continue;
    }
    std::map<std::string, int> counts = verdict_counts(r);
    out << cell(short_number(r.score) + " / " + short_number(r.max_score), "num");
    for (const auto& v : kVerdicts) out << cell(std::to_string(counts[v]), "num");
    out << "</tr>\n";
  }
  out << "</table>\n";
  return out.str();
}

// "75 % (3 of 4)": the passes among the submissions that got a verdict on the check.
std::string pass_rate(std::map<std::string, int> counts) {
  const int judged = counts["pass"] + counts["fail"] + counts["inconclusive"];
  if (judged == 0) return "no verdict";
  return percent(counts["pass"], judged) + " (" + std::to_string(counts["pass"]) + " of " + std::to_string(judged) +
         ")";
}

std::string checks_section(const std::vector<CheckColumn>& columns, const std::vector<SubmissionResult>& results) {
  std::ostringstream out;
  out << "<h2>Checks</h2>\n<table class=\"checks\">\n"
      << header_row({"check", "suite", "kind", "pass rate", "pass", "fail", "inconclusive", "skip", kNotGraded});
  for (const auto& column : columns) {
    std::map<std::string, int> counts = verdict_counts(results, column.id);
    out << "<tr>" << cell(column.id) << cell(column.suite) << cell(column.kind) << cell(pass_rate(counts), "num");
    for (const auto& v : kVerdicts) out << cell(std::to_string(counts[v]), "num");
    out << cell(std::to_string(counts[kNotGraded]), "num") << "</tr>\n";
  }
  out << "</table>\n<p class=\"note\">Pass rate: the passes among the submissions with a pass, fail or inconclusive "
         "verdict on the check. Skipped and not graded submissions are not counted in it.</p>\n";
  return out.str();
}

// ---- The plots of measured values

// A check with a measured number and a threshold; pass/fail checks report 1 or 0, not worth a plot.
bool is_numeric(const CheckColumn& column) { return column.spec && column.spec->compare != Compare::is_true; }

// How a check's values are shown: a fraction as a percentage, anything else in its own unit.
struct DisplayUnit {
  double scale = 1;
  std::string name;
};

DisplayUnit display_unit(const CheckSpec& spec) {
  if (spec.unit == "fraction") return {100, "%"};
  return {1, spec.unit};
}

struct MeasuredValue {
  double value;  // in the display unit
  std::string verdict;
};

std::vector<MeasuredValue> measured_values(const std::vector<SubmissionResult>& results, const std::string& id,
                                           const DisplayUnit& unit) {
  std::vector<MeasuredValue> values;
  for (const auto& r : results) {
    const CheckOutcome* c = outcome_of(r, id);
    if (c && c->measured && std::isfinite(*c->measured)) values.push_back({*c->measured * unit.scale, c->verdict});
  }
  return values;
}

// The smallest of 1, 2 or 5 times a power of ten that is at least `rough`.
double round_step(double rough) {
  const double decade = std::pow(10.0, std::floor(std::log10(rough)));
  for (double s : {1.0, 2.0, 5.0})
    if (s * decade >= rough * (1 - 1e-9)) return s * decade;
  return 10 * decade;
}

// Ticks at a round step over [lo, hi] and a margin around it, so that no dot sits on the frame
// (but at zero, for values that cannot be negative). A single value gets a window around it.
std::vector<double> round_ticks(double lo, double hi) {
  const double span = hi > lo ? hi - lo : std::max(std::fabs(lo), 1.0) * 0.2;
  const double margin = hi > lo ? 0.05 * span : span / 2;
  const double step = round_step((span + 2 * margin) / 6);
  double first = std::floor((lo - margin) / step) * step;
  if (lo >= 0 && first < 0) first = 0;  // counts, times and ratios: no negative axis under them
  const double last = std::ceil((hi + margin) / step) * step;
  std::vector<double> ticks;
  for (int i = 0; first + i * step <= last + step / 2; ++i) {
    const double t = first + i * step;
    ticks.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);  // not "-1e-17" for zero
  }
  return ticks;
}

// Each dot's height: values in the same one of 30 bins stack up, so the dots draw a histogram
// whose every submission can still be seen.
std::vector<double> stack_heights(const std::vector<MeasuredValue>& values) {
  constexpr int kBins = 30;
  double lo = values.front().value, hi = lo;
  for (const auto& v : values) lo = std::min(lo, v.value), hi = std::max(hi, v.value);
  std::map<int, int> in_bin;
  std::vector<double> heights;
  for (const auto& v : values) {
    const int bin = hi > lo ? std::min(kBins - 1, static_cast<int>((v.value - lo) / (hi - lo) * kBins)) : 0;
    heights.push_back(++in_bin[bin]);
  }
  return heights;
}

std::vector<PlotTick> count_ticks(int highest) {
  const int step = highest <= 5 ? 1 : static_cast<int>(round_step(highest / 5.0));
  std::vector<PlotTick> ticks;
  for (int t = 0; t < highest + step; t += step) ticks.push_back({double(t), std::to_string(t)});
  return ticks;
}

const char* verdict_color(const std::string& verdict) {
  if (verdict == "pass") return "#1a7f37";
  if (verdict == "fail") return "#cf222e";
  if (verdict == "inconclusive") return "#bf8700";
  return "#8c959f";  // skip
}

// "required <= 1.3", "required >= 75 %", "required >= 1.8x": the legend of the dashed line.
std::string required_label(const CheckSpec& spec) {
  const bool own_unit = spec.unit == "x" || spec.unit == "fraction";
  return std::string("required ") + to_symbol(spec.compare) + " " +
         format_quantity(*spec.required, own_unit ? spec.unit : "");
}

std::string distribution_svg(const CheckSpec& spec, const std::vector<MeasuredValue>& values) {
  const DisplayUnit unit = display_unit(spec);
  const std::vector<double> heights = stack_heights(values);
  const int highest = static_cast<int>(*std::max_element(heights.begin(), heights.end()));
  LinePlot plot;
  plot.title = spec.id;
  plot.x_label = "measured value" + (unit.name.empty() ? "" : " (" + unit.name + ")");
  plot.y_label = "submissions";
  plot.y_ticks = count_ticks(highest);
  double lo = values.front().value, hi = lo;
  for (const auto& v : values) lo = std::min(lo, v.value), hi = std::max(hi, v.value);
  for (const auto& verdict : kVerdicts) {
    PlotSeries dots;
    dots.line = PlotSeries::Line::none;
    dots.markers = true;
    dots.color = verdict_color(verdict);
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i].verdict == verdict) dots.x.push_back(values[i].value), dots.y.push_back(heights[i]);
    dots.name = verdict + " (" + std::to_string(dots.x.size()) + ")";
    if (!dots.x.empty()) plot.series.push_back(dots);
  }
  if (spec.required) {
    const double required = *spec.required * unit.scale;
    lo = std::min(lo, required), hi = std::max(hi, required);
    PlotSeries line;
    line.name = required_label(spec);
    line.color = "#1f2328";
    line.line = PlotSeries::Line::dashed;
    line.x = {required, required};
    line.y = {0, plot.y_ticks.back().value};
    plot.series.push_back(line);
  }
  plot.x_ticks = round_ticks(lo, hi);
  plot.note = "One dot per submission with a value; dots with close values are stacked.";
  return render_svg(plot);
}

std::string distributions_section(const std::vector<CheckColumn>& columns,
                                  const std::vector<SubmissionResult>& results) {
  std::ostringstream out;
  out << "<h2>Measured values</h2>\n<p class=\"note\">One plot for each check that measures a number. The dashed line "
         "is the value the manifest requires.</p>\n";
  for (const auto& column : columns) {
    if (!is_numeric(column)) continue;
    const CheckSpec& spec = *column.spec;
    out << "<h3>" << esc(spec.id) << "</h3>\n<p>" << esc(spec.description) << "</p>\n";
    if (!spec.required && spec.gap_rule)
      out << "<p class=\"note\">The required value depends on the GPU (gap rule), so no line marks it.</p>\n";
    const std::vector<MeasuredValue> values = measured_values(results, spec.id, display_unit(spec));
    if (values.empty())
      out << "<p class=\"note\">No submission has a measured value for this check (no GPU, or the check did not "
             "run).</p>\n";
    else
      out << "<figure>\n" << distribution_svg(spec, values) << "</figure>\n";
  }
  return out.str();
}

// ---- Submissions that did not build or run

struct RunProblem {
  std::string what;  // "no report", "did not build", ...
  std::string why;
};

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The suites whose checks did not run, and why: the report's record of how each check program
// ended, and for a suite without one, a check that says it was not evaluated (the program stopped
// before it) or not graded (the suite did not run at all).
std::vector<RunProblem> suite_problems(const SubmissionResult& r) {
  std::vector<RunProblem> problems;
  for (const auto& [suite, how] : r.endings)
    problems.push_back({"the " + suite + " check program ended abnormally", how});
  std::map<std::string, bool> listed;
  for (const auto& [suite, how] : r.endings) listed[suite] = true;
  for (const auto& c : r.checks) {
    if (listed[c.suite]) continue;
    if (starts_with(c.detail, "not evaluated: ") || starts_with(c.detail, "not graded: ")) {
      problems.push_back({"the " + c.suite + " checks did not run", c.id + ": " + c.detail});
      listed[c.suite] = true;
    }
  }
  return problems;
}

std::vector<RunProblem> run_problems(const SubmissionResult& r) {
  if (!r.graded) return {{"no report", r.why_not_graded}};
  const CheckOutcome* contract = outcome_of(r, kContract);
  // A broken build fails every check with the same reason: the contract row says it once.
  if (contract && contract->verdict == "fail")
    return {{"did not compile or broke the submission contract", contract->detail}};
  return suite_problems(r);
}

std::string not_run_section(const std::vector<SubmissionResult>& results) {
  std::ostringstream rows;
  for (const auto& r : results)
    for (const auto& p : run_problems(r))
      rows << "<tr>" << cell(r.student) << cell(r.source) << cell(p.what) << detail_block(p.why) << "</tr>\n";
  std::ostringstream out;
  out << "<h2>Submissions that did not build or run</h2>\n";
  if (rows.str().empty()) {
    out << "<p>Every submission built, and its check programs ran to the end.</p>\n";
    return out.str();
  }
  out << "<table class=\"not-run\">\n"
      << header_row({"student", "source", "problem", "why"}) << rows.str() << "</table>\n";
  return out.str();
}

// ---- Inconclusive verdicts

std::string inconclusive_section(const std::vector<SubmissionResult>& results) {
  std::ostringstream rows;
  for (const auto& r : results)
    for (const auto& c : r.checks) {
      if (c.verdict != "inconclusive") continue;
      const std::string measured = !c.measured_text.empty() ? c.measured_text
                                   : c.measured             ? csv_number(*c.measured)
                                                            : "";
      rows << "<tr>" << cell(r.student) << cell(c.id) << cell(measured) << cell(c.required_text) << cell(c.detail)
           << "</tr>\n";
    }
  std::ostringstream out;
  out << "<h2>Inconclusive verdicts: regrade on an idle GPU</h2>\n";
  if (rows.str().empty()) {
    out << "<p>No inconclusive verdicts.</p>\n";
    return out.str();
  }
  out << "<p class=\"note\">An inconclusive verdict earns no points: the measurement could not tell a pass from a "
         "fail. Grade these submissions again on an idle GPU before you publish the grades.</p>\n"
      << "<table class=\"inconclusive\">\n"
      << header_row({"student", "check", "measured", "required", "why"}) << rows.str() << "</table>\n";
  return out.str();
}

std::string class_html(const LabInfo& lab, const std::vector<SubmissionResult>& results) {
  const std::vector<CheckColumn> columns = check_columns(lab.manifest, results);
  return page_head(lab) + overview_section(results, lab_max_score(lab.manifest, results)) + scores_section(results) +
         checks_section(columns, results) + distributions_section(columns, results) + not_run_section(results) +
         inconclusive_section(results) + "</body>\n</html>\n";
}

void write_output(const fs::path& path, const std::string& text) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  if (!write_file_atomically(path, text)) throw std::runtime_error("cannot write the class summary " + path.string());
}

}  // namespace

void write_class_summary(const LabInfo& lab, const std::vector<GradedSubmission>& graded, const fs::path& csv_path,
                         const fs::path& html_path) {
  std::vector<SubmissionResult> results;
  for (const auto& g : graded) results.push_back(read_result(lab, g));
  write_output(csv_path, class_csv(results));
  write_output(html_path, class_html(lab, results));
}

}  // namespace memlab::course
