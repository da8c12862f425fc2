// The rules of docs/instructor-guide.md#calibrating-on-a-new-gpu, as code: what a threshold must
// keep on this GPU, and what calibrate proposes when the manifest's value does not keep it.
#include "threshold_proposal.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <regex>
#include <sstream>

#include "memlab/gap_rule.h"
#include "memlab/text_format.h"

namespace memlab::course {

using nlohmann::json;

const char* to_string(ThresholdRole role) {
  switch (role) {
    case ThresholdRole::timed: return "timed";
    case ThresholdRole::gap_rule: return "gap rule";
    case ThresholdRole::counter: return "counter";
    case ThresholdRole::guard: return "guard";
  }
  return "?";
}

const char* to_string(ProposalAction action) {
  switch (action) {
    case ProposalAction::not_measured: return "not measured";
    case ProposalAction::keep: return "keep";
    case ProposalAction::set_required: return "required";
    case ProposalAction::set_close: return "close";
    case ProposalAction::mechanism_only: return "mechanism only";
    case ProposalAction::no_separation: return "no separation";
  }
  return "?";
}

// ---- The margins ---------------------------------------------------------------------------------

AllowedRange allowed_range(Compare compare, double starter, double solution) {
  if (compare == Compare::at_most) return {solution * kCalibrationMargin, starter / kCalibrationMargin};
  return {starter * kCalibrationMargin, solution / kCalibrationMargin};
}

double range_middle(Compare compare, const AllowedRange& range) {
  // "At most R" mirrored: the middle of the range of 1 / R. With low = 0 (a solution that
  // measured 0) there is no reciprocal; the plain middle is the only sensible one.
  if (compare == Compare::at_most && range.low > 0) return 2 * range.low * range.high / (range.low + range.high);
  return (range.low + range.high) / 2;
}

namespace {

double round_to_digits(double value, int digits, double (*how)(double)) {
  if (value == 0 || !std::isfinite(value)) return value;
  const double scale = std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(value)))));
  return how(value * scale) / scale;
}

bool inside(double v, double low, double high) {
  // A relative tolerance: 1.15 x 1.0 is 1.1499999999999999 in binary.
  const double eps = 1e-9 * std::max({1.0, std::fabs(low), std::fabs(high)});
  return v >= low - eps && v <= high + eps;
}

}  // namespace

double round_within(double value, double low, double high) {
  // Nearest first; then up or down one last digit, which is what a value at the range's edge needs.
  for (int digits = 2; digits <= 4; ++digits) {
    const double candidates[] = {round_to_digits(value, digits, std::round), round_to_digits(value, digits, std::ceil),
                                 round_to_digits(value, digits, std::floor)};
    double best = 0;
    bool found = false;
    for (double c : candidates)
      if (inside(c, low, high) && (!found || std::fabs(c - value) < std::fabs(best - value))) {
        best = c;
        found = true;
      }
    if (found) return best;
  }
  return value;
}

namespace {

// ---- What one report says about one check --------------------------------------------------------

struct Side {
  bool graded = false;  // the report exists and holds the check
  std::string verdict;  // "pass", "fail", "inconclusive", "skip"; "not graded" when !graded
  std::optional<double> measured;
  std::string measured_text, required_text, detail, points_moved_to;
  double max_points = 0;

  // A value to calibrate on: graded and measured (an inconclusive value still is one).
  bool usable() const { return graded && verdict != "skip" && measured.has_value(); }
  bool below_gate() const { return verdict == "skip" && !points_moved_to.empty(); }
};

Side side_of(const json& report, const std::string& id) {
  Side s;
  s.verdict = "not graded";
  if (!report.is_object() || !report.contains("checks")) return s;
  for (const auto& c : report["checks"]) {
    if (c.value("id", "") != id) continue;
    s.graded = true;
    s.verdict = c.value("verdict", "?");
    if (c.contains("measured") && c["measured"].is_number()) s.measured = c["measured"].get<double>();
    s.measured_text = c.value("measured_text", "");
    s.required_text = c.value("required_text", "");
    s.detail = c.value("detail", "");
    s.points_moved_to = c.value("points_moved_to", "");
    s.max_points = c.value("max_points", 0.0);
    return s;
  }
  return s;
}

// "needs a CUDA GPU: no NVIDIA driver ..." -> "needs a CUDA GPU": enough for a table cell.
std::string first_clause(const std::string& text) {
  const std::size_t end = text.find_first_of(":;(");
  std::string clause = text.substr(0, end);
  while (!clause.empty() && clause.back() == ' ') clause.pop_back();
  if (clause.size() > 80) clause = clause.substr(0, 77) + "...";
  return clause;
}

// "skipped (needs a CUDA GPU)", "failed with no value (not evaluated)", "not graded".
std::string unmeasured_words(const Side& s) {
  if (!s.graded) return "not graded";
  std::string why = s.verdict == "skip"   ? "skipped"
                    : s.verdict == "fail" ? "failed with no value"
                                          : s.verdict + " with no value";
  if (s.verdict == "skip" && s.max_points == 0 && s.detail.empty()) return why + " (an optional part, not attempted)";
  if (!s.detail.empty()) why += " (" + first_clause(s.detail) + ")";
  return why;
}

std::string why_not_measured(const Side& starter, const Side& solution) {
  if (!starter.usable() && !solution.usable() && unmeasured_words(starter) == unmeasured_words(solution))
    return "Not measured: " + unmeasured_words(starter) + " for the starter and the solution.";
  std::string why = "Not measured: ";
  if (!starter.usable()) why += "the starter " + unmeasured_words(starter);
  if (!starter.usable() && !solution.usable()) why += "; ";
  if (!solution.usable()) why += "the solution " + unmeasured_words(solution);
  return why + ".";
}

// The bar a gap rule computed in one run: ">= 1.39x (half of the gap: ...)" -> 1.39.
std::optional<double> bar_of(const Side& s) {
  static const std::regex bar(R"(^\s*(>=|<=)\s*([0-9]*\.?[0-9]+)x \()");
  std::smatch m;
  if (!std::regex_search(s.required_text, m, bar)) return std::nullopt;
  return std::stod(m[2]);
}

// Starter time over target time in one run, from "the starter 0.315 ms, the copy roofline 0.138 ms
// on this GPU" (the required text, or a skip's reason), else "the starter is 2.27x slower".
std::optional<double> headroom_of(const Side& s) {
  static const std::regex times(R"(the starter ([0-9]*\.?[0-9]+) ms, .* ([0-9]*\.?[0-9]+) ms on this GPU)");
  static const std::regex ratio(R"(the starter is (?:only )?([0-9]*\.?[0-9]+)x slower)");
  for (const std::string* text : {&s.required_text, &s.detail, &s.measured_text}) {
    std::smatch m;
    if (std::regex_search(*text, m, times) && std::stod(m[2]) > 0) return std::stod(m[1]) / std::stod(m[2]);
  }
  for (const std::string* text : {&s.measured_text, &s.detail, &s.required_text}) {
    std::smatch m;
    if (std::regex_search(*text, m, ratio)) return std::stod(m[1]);
  }
  return std::nullopt;
}

// ---- Words --------------------------------------------------------------------------------------

std::string quantity(double v, const std::string& unit) { return format_quantity(v, unit); }

// How far a value passes (or fails) a bar, as a percentage of the bar's side: +15 % means the
// solution is 1.15 times better than R, or R is 1.15 times better than the starter.
double margin_of(Compare compare, double better, double worse) {
  return compare == Compare::at_most ? worse / better - 1 : better / worse - 1;
}

std::string percent(double fraction) { return fixed(100 * fraction, 0) + " %"; }

// "the manifest's 75 %: solution +17 %, starter +71 %" (negative: the wrong side of the bar).
// Said only where both are finite: a bar of 0 (no wrong pattern allowed) has no ratio to speak of.
std::string margins_words(const ThresholdProposal& r, const std::string& what) {
  if (!r.in_effect || !r.starter || !r.solution) return "";
  const double R = *r.in_effect;
  const double sol = margin_of(r.compare, *r.solution, R), st = margin_of(r.compare, R, *r.starter);
  if (!std::isfinite(sol) || !std::isfinite(st)) return "";
  return what + " (" + quantity(R, r.unit) + ") gives the solution a margin of " + percent(sol) + " and the starter " +
         percent(st) + ".";
}

std::string fraction_of_gap_words(double close) {
  if (std::fabs(close - 0.5) < 1e-9) return "half of the gap";
  return fixed(close * 100, 0) + " % of the gap";
}

std::string join_sentences(std::initializer_list<std::string> parts) {
  std::string out;
  for (const auto& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += " ";
    out += p;
  }
  return out;
}

// ---- Which check takes the points of a check that time cannot grade --------------------------------

struct Counter {
  std::string id;
  std::string why;  // "the counter check its gap rule names"
};

Counter counter_for(const Manifest& m, const CheckSpec& spec) {
  if (spec.gap_rule && !spec.gap_rule->counters.empty() && m.find(spec.gap_rule->counters))
    return {spec.gap_rule->counters, "the counter check its gap rule names"};
  for (const auto& c : m.checks)
    if (c.kind == "mechanism" && c.suite == "mechanism") return {c.id, "the lab's counter check"};
  for (const auto& c : m.checks)
    if (c.kind == "mechanism") return {c.id, "the lab's mechanism check"};
  return {};
}

// ---- The rules, one per role ----------------------------------------------------------------------

std::optional<ThresholdRole> role_of(const CheckSpec& spec) {
  if (spec.compare == Compare::is_true) return std::nullopt;
  if (spec.kind == "performance") {
    if (spec.required) return ThresholdRole::timed;
    if (spec.gap_rule) return ThresholdRole::gap_rule;
    return std::nullopt;
  }
  if (!spec.required) return std::nullopt;
  return spec.kind == "mechanism" ? ThresholdRole::counter : ThresholdRole::guard;
}

std::string range_size_words(const ThresholdProposal& r) {
  // The lesson's whole effect against the 1.15 x 1.15 = 1.32x that two margins need.
  const double effect = r.compare == Compare::at_most ? *r.starter / *r.solution : *r.solution / *r.starter;
  return "the solution is only " + fixed(effect, 2) + "x better than the starter here, and both margins need " +
         fixed(kCalibrationMargin * kCalibrationMargin, 2) + "x";
}

// No value keeps both margins: grade the lesson by its mechanism (guide, step 3).
void propose_mechanism_only(ThresholdProposal& r, const Manifest& m, const CheckSpec& spec, const std::string& before) {
  const Counter counter = counter_for(m, spec);
  if (counter.id.empty()) {
    // No check to give the points to: keep the solution's margin, accept a smaller one for the starter.
    r.action = ProposalAction::set_required;
    const double bound = r.compare == Compare::at_most ? r.range->low : r.range->high;
    r.proposed = round_within(bound, r.compare == Compare::at_most ? bound : -1e300,
                              r.compare == Compare::at_most ? 1e300 : bound);
    r.note = join_sentences({before, "No value keeps both margins: " + range_size_words(r) + ".",
                             "The lab has no mechanism check to take its points, so this keeps the solution's "
                             "margin and accepts a smaller one for the starter."});
    return;
  }
  r.action = ProposalAction::mechanism_only;
  r.points_to = counter.id;
  r.note = join_sentences({before, "No value keeps both margins: " + range_size_words(r) + ".",
                           "Grade the lesson by its mechanism: this check gets 0 points, and its " +
                               fixed(r.points, 0) + " go to " + counter.id + " (" + counter.why + ")."});
}

void propose_timed(ThresholdProposal& r, const Manifest& m, const CheckSpec& spec) {
  const std::string margins = margins_words(r, "The value in effect");
  if (r.range->empty()) return propose_mechanism_only(r, m, spec, margins);
  // A value in effect that keeps both margins stays: a calibration changes only what this GPU
  // needs changed. Otherwise the nearest value that keeps them (the smallest change), rounded.
  if (r.in_effect && inside(*r.in_effect, r.range->low, r.range->high)) {
    r.proposed = *r.in_effect;
    r.action = ProposalAction::keep;
    r.note = join_sentences({"The value in effect lies in the range: keep it.", margins});
    return;
  }
  const double nearest =
      r.in_effect ? std::clamp(*r.in_effect, r.range->low, r.range->high) : range_middle(r.compare, *r.range);
  r.proposed = round_within(nearest, r.range->low, r.range->high);
  r.action = ProposalAction::set_required;
  r.note =
      join_sentences({r.in_effect ? "The value in effect is outside the range: the nearest value inside it, rounded."
                                  : "The middle of the range, rounded.",
                      margins});
}

// The close that makes the rule ask `bar` at `headroom`: headroom / (1 + (1 - close)(headroom - 1)) = bar.
double close_for_bar(double headroom, double bar) { return 1 - (headroom / bar - 1) / (headroom - 1); }

// A `close` that keeps both runs' bars inside the range and this GPU above the rule's gate, or none.
std::optional<double> close_keeping_range(const CheckSpec& spec, const AllowedRange& range, double target,
                                          double starter_headroom, double solution_headroom) {
  if (!(solution_headroom > 1) || !(starter_headroom > 1)) return std::nullopt;
  const double close = std::round(100 * close_for_bar(solution_headroom, target)) / 100;
  if (!(close >= 0.05 && close <= 0.95)) return std::nullopt;
  GapRule rule = *spec.gap_rule;
  rule.close = close;
  if (gap_gate(rule) > std::min(starter_headroom, solution_headroom))
    return std::nullopt;  // time would stop grading it
  for (double h : {starter_headroom, solution_headroom})
    if (!inside(gap_required_speedup(rule, h), range.low, range.high)) return std::nullopt;
  return close;
}

void propose_gap_rule(ThresholdProposal& r, const Manifest& m, const CheckSpec& spec, const Side& starter,
                      const Side& solution) {
  const std::string rule_words = fraction_of_gap_words(spec.gap_rule->close);
  // Each run is judged against its own bar; a starter's report whose bar cannot be read is judged by the solution's.
  const double starter_bar = r.starter_bar.value_or(*r.in_effect);
  const bool starter_kept = margin_of(r.compare, starter_bar, *r.starter) >= kCalibrationMargin - 1 - 1e-9;
  const bool solution_kept = margin_of(r.compare, *r.solution, *r.in_effect) >= kCalibrationMargin - 1 - 1e-9;
  const std::string bars =
      "The rule (" + rule_words + ") asked " + quantity(*r.in_effect, r.unit) + " in the solution's run" +
      (r.starter_bar ? " and " + quantity(*r.starter_bar, r.unit) + " in the starter's" : "") + ".";
  if (starter_kept && solution_kept) {
    r.action = ProposalAction::keep;
    r.note = bars + " That keeps both margins: keep the rule.";
    return;
  }
  const std::string short_of = std::string("That leaves ") +
                               (!starter_kept && !solution_kept ? "both sides"
                                : !starter_kept                 ? "the starter"
                                                                : "the solution") +
                               " less than 15 %.";
  if (r.range->empty()) return propose_mechanism_only(r, m, spec, join_sentences({bars, short_of}));
  const double target = round_within(range_middle(r.compare, *r.range), r.range->low, r.range->high);
  const std::optional<double> h_starter = headroom_of(starter), h_solution = headroom_of(solution);
  const std::optional<double> close =
      h_starter && h_solution ? close_keeping_range(spec, *r.range, target, *h_starter, *h_solution) : std::nullopt;
  if (close) {
    GapRule rule = *spec.gap_rule;
    rule.close = *close;
    r.action = ProposalAction::set_close;
    r.proposed_close = close;
    r.proposed = gap_required_speedup(rule, *h_solution);
    r.note = join_sentences({bars, short_of,
                             "A close of " + fixed(*close, 2) + " asks " + quantity(*r.proposed, r.unit) +
                                 " here, near the middle of the range, and the bar stays computed in each run."});
    return;
  }
  r.action = ProposalAction::set_required;
  r.proposed = target;
  r.note = join_sentences({bars, short_of,
                           "No close keeps both runs' bars in the range with time still grading here, so "
                           "this is a fixed bar (the rule's gate still decides whether time grades it)."});
}

// The counter and guard rules: change only what is wrong, by the smallest step that keeps the margins.
void propose_smallest_change(ThresholdProposal& r, const std::string& what_is_wrong) {
  if (r.range->empty()) {
    r.action = ProposalAction::no_separation;
    r.note = join_sentences({what_is_wrong, "No value keeps both margins: the kernels, not the GPU, are the problem."});
    return;
  }
  const double nearest = std::clamp(*r.in_effect, r.range->low, r.range->high);
  r.proposed = round_within(nearest, r.range->low, r.range->high);
  r.action = ProposalAction::set_required;
  r.note = join_sentences({what_is_wrong, "The smallest change that keeps the margins."});
}

void propose_counter(ThresholdProposal& r) {
  const bool solution_passes = r.solution_verdict == "pass", starter_fails = r.starter_verdict == "fail";
  const std::string margins = margins_words(r, "Its bar");
  if (solution_passes && starter_fails) {
    r.action = ProposalAction::keep;
    r.note =
        join_sentences({"A mechanism check follows the access pattern, not the GPU: the solution passes and the "
                        "starter fails, so keep it.",
                        margins});
    return;
  }
  propose_smallest_change(
      r, !solution_passes ? "The reference solution does not pass this mechanism check. It follows the access "
                            "pattern, not the GPU, so find out why before you change it."
                          : "The starter does not fail this mechanism check. It follows the access pattern, not the "
                            "GPU, so find out why before you change it.");
}

void propose_guard(ThresholdProposal& r) {
  // A guard wants both to pass: the range is one-sided, past the worse of the two.
  const double worse =
      r.compare == Compare::at_most ? std::max(*r.starter, *r.solution) : std::min(*r.starter, *r.solution);
  const double inf = std::numeric_limits<double>::infinity();
  r.range = r.compare == Compare::at_most ? AllowedRange{worse * kCalibrationMargin, inf}
                                          : AllowedRange{-inf, worse / kCalibrationMargin};
  if (r.solution_verdict == "pass" && r.starter_verdict == "pass") {
    r.action = ProposalAction::keep;
    const double margin = margin_of(r.compare, worse, *r.in_effect);
    r.note = "A guard (kind correctness): the starter and the solution both pass, so keep it." +
             (std::isfinite(margin) ? " Its bar (" + quantity(*r.in_effect, r.unit) +
                                          ") gives the worse of the two a margin of " + percent(margin) + "."
                                    : std::string());
    return;
  }
  propose_smallest_change(r,
                          "A guard (kind correctness) that the starter and the solution must both pass, and one "
                          "does not: find out why before you change it.");
}

ThresholdProposal row_for(const Manifest& m, const CheckSpec& spec, ThresholdRole role, const json& starter_report,
                          const json& solution_report) {
  ThresholdProposal r;
  r.lab = m.number;
  r.check = spec.id;
  r.role = role;
  r.compare = spec.compare;
  r.unit = spec.unit;
  r.points = spec.points;
  r.in_effect = spec.required;
  const Side starter = side_of(starter_report, spec.id), solution = side_of(solution_report, spec.id);
  r.starter_verdict = starter.verdict;
  r.solution_verdict = solution.verdict;
  r.starter = starter.measured;
  r.solution = solution.measured;
  if (role == ThresholdRole::gap_rule) {
    r.starter_bar = bar_of(starter);
    r.in_effect = bar_of(solution);
  }
  if (spec.gap_rule && (starter.below_gate() || solution.below_gate())) {
    // The rule already does what step 3 of the guide asks, on this GPU, by itself.
    const Side& below = solution.below_gate() ? solution : starter;
    const std::optional<double> h = headroom_of(below);
    r.action = ProposalAction::keep;
    r.note = "Not graded by time on this GPU: the starter is only " +
             (h ? fixed(*h, 2) + "x" : std::string("a little")) + " slower than " + spec.gap_rule->target +
             ", below the rule's gate of " + fixed(gap_gate(*spec.gap_rule), 2) +
             "x, so the rule gives its points to " + below.points_moved_to + " by itself. Nothing to override.";
    return r;
  }
  if (!starter.usable() || !solution.usable()) {
    r.note = why_not_measured(starter, solution);
    return r;
  }
  if (role == ThresholdRole::gap_rule && !r.in_effect) {
    r.note = "The bar the solution's run used cannot be read from its report (\"" + solution.required_text + "\").";
    return r;
  }
  r.range = allowed_range(r.compare, *r.starter, *r.solution);
  switch (role) {
    case ThresholdRole::timed: propose_timed(r, m, spec); break;
    case ThresholdRole::gap_rule: propose_gap_rule(r, m, spec, starter, solution); break;
    case ThresholdRole::counter: propose_counter(r); break;
    case ThresholdRole::guard: propose_guard(r); break;
  }
  if (starter.verdict == "inconclusive" || solution.verdict == "inconclusive")
    r.note += " A side was inconclusive (a noisy machine): run calibrate again before you use this.";
  return r;
}

}  // namespace

std::vector<ThresholdProposal> propose_thresholds(const Manifest& manifest, const json& starter, const json& solution) {
  std::vector<ThresholdProposal> rows;
  for (const auto& spec : manifest.checks)
    if (const auto role = role_of(spec)) rows.push_back(row_for(manifest, spec, *role, starter, solution));
  return rows;
}

namespace {

// 5, not 5.0: points are whole in every manifest, and the file reads as the guide's examples do.
json points_value(double points) {
  if (points == std::floor(points) && std::fabs(points) < 1e9) return json(static_cast<long long>(points));
  return json(points);
}

}  // namespace

json lab_overrides(const Manifest& manifest, const std::vector<ThresholdProposal>& rows) {
  json lab = json::object();
  std::map<std::string, double> points_taken;
  for (const auto& r : rows) {
    if (r.action == ProposalAction::set_required && r.proposed) lab[r.check]["required"] = *r.proposed;
    if (r.action == ProposalAction::set_close && r.proposed_close) lab[r.check]["close"] = *r.proposed_close;
    if (r.action == ProposalAction::mechanism_only) {
      lab[r.check]["points"] = 0;
      points_taken[r.points_to] += r.points;
    }
  }
  for (const auto& [id, taken] : points_taken) {
    const CheckSpec* counter = manifest.find(id);
    lab[id]["points"] = points_value((counter ? counter->points : 0) + taken);
  }
  return lab;
}

bool anything_timed_measured(const std::vector<ThresholdProposal>& rows) {
  return std::any_of(rows.begin(), rows.end(), [](const ThresholdProposal& r) {
    return (r.role == ThresholdRole::timed || r.role == ThresholdRole::gap_rule) && r.starter && r.solution;
  });
}

// ---- The calibration's report -----------------------------------------------------------------------

namespace {

// A table cell: one line, no column breaks.
std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += ' ';
    else if (c == '|')
      out += "\\|";
    else
      out += c;
  }
  return out;
}

std::string number_text(const json& v) {
  if (!v.is_number()) return "";
  std::ostringstream s;
  s << v.get<double>();
  std::string t = s.str();
  if (t.find_first_of(".e") == std::string::npos) t += ".0";  // 1 -> "1.0", as verify-labs.sh prints it
  return t;
}

struct Expectation {
  std::string text;  // "yes", "NO (want fail)", "not verified (skipped)", ...
  bool unexpected = false, unverified = false;
};

// verify-labs.sh's rule: a starter fails its performance and mechanism checks and passes the rest;
// a solution passes everything. A skip with no points is an optional part, or a timed check whose
// points moved to a counter check.
Expectation expectation(const std::string& variant, const json& check) {
  const std::string kind = check.value("kind", check.value("suite", "")), verdict = check.value("verdict", "");
  const bool starter_fails = kind == "performance" || kind == "mechanism";
  const std::string want = variant == "starter" && starter_fails ? "fail" : "pass";
  if (verdict == "skip" && check.value("max_points", 0.0) == 0) {
    const std::string moved = check.value("points_moved_to", "");
    return {moved.empty() ? "yes (optional part, not attempted)" : "yes (graded by " + moved + ")"};
  }
  if (verdict == "skip") return {"not verified (skipped)", false, true};
  if (verdict == want) return {"yes"};
  return {"NO (want " + want + ")", true};
}

void verification_rows(std::ostream& out, const std::string& lab, const std::string& variant, const json& report,
                       const std::string& problem, int& unexpected, int& unverified) {
  if (!report.is_object()) {
    ++unexpected;
    out << "| " << lab << " | " << variant
        << " | (every check) | not graded |  |  | NO: " << cell(problem.empty() ? "no report" : problem) << " |\n";
    return;
  }
  for (const auto& c : report.value("checks", json::array())) {
    std::string measured = c.value("measured_text", "");
    if (measured.empty() && c.contains("measured")) measured = number_text(c["measured"]);
    const Expectation e = expectation(variant, c);
    unexpected += e.unexpected;
    unverified += e.unverified;
    out << "| " << lab << " | " << variant << " | " << c.value("id", "?") << " | " << c.value("verdict", "?") << " | "
        << cell(measured) << " | " << cell(c.value("required_text", "")) << " | " << e.text << " |\n";
  }
}

std::string value_or_verdict(const std::optional<double>& v, const std::string& verdict, const std::string& unit) {
  return v ? quantity(*v, unit) : verdict;
}

std::string in_effect_text(const ThresholdProposal& r, const Manifest& m) {
  const bool overridden = std::find(m.overridden.begin(), m.overridden.end(), r.check) != m.overridden.end();
  std::string text;
  if (r.role == ThresholdRole::gap_rule) {
    const CheckSpec* spec = m.find(r.check);
    text = "rule: " + fraction_of_gap_words(spec && spec->gap_rule ? spec->gap_rule->close : 0.5);
    if (r.in_effect) text += " (" + quantity(*r.in_effect, r.unit) + " here)";
  } else if (r.in_effect) {
    text = std::string(to_symbol(r.compare)) + " " + quantity(*r.in_effect, r.unit);
  }
  return overridden ? text + " (overridden)" : text;
}

std::string range_text(const ThresholdProposal& r) {
  if (!r.range) return "-";
  const AllowedRange& a = *r.range;
  if (std::isinf(a.low)) return "<= " + quantity(a.high, r.unit);
  if (std::isinf(a.high)) return ">= " + quantity(a.low, r.unit);
  if (a.empty()) return "none (" + quantity(a.low, r.unit) + " > " + quantity(a.high, r.unit) + ")";
  return quantity(a.low, r.unit) + " to " + quantity(a.high, r.unit);
}

std::string proposed_text(const ThresholdProposal& r) {
  switch (r.action) {
    case ProposalAction::set_required: return std::string(to_symbol(r.compare)) + " " + quantity(*r.proposed, r.unit);
    case ProposalAction::set_close:
      return "close " + fixed(*r.proposed_close, 2) + " (" + quantity(*r.proposed, r.unit) + " here)";
    case ProposalAction::mechanism_only: return "points 0; +" + fixed(r.points, 0) + " to " + r.points_to;
    case ProposalAction::keep: return "keep";
    default: return "-";
  }
}

std::string ratio_text(const ThresholdProposal& r) {
  if (r.action == ProposalAction::keep && r.in_effect) return "1.00";
  if ((r.action == ProposalAction::set_required || r.action == ProposalAction::set_close) && r.proposed &&
      r.in_effect && *r.in_effect != 0)
    return fixed(*r.proposed / *r.in_effect, 2);
  return "-";
}

std::string skip_reason(const std::vector<LabCalibration>& labs) {
  for (const auto& lab : labs)
    for (const auto& r : lab.proposals) {
      if (r.role != ThresholdRole::timed && r.role != ThresholdRole::gap_rule) continue;
      const Side s = side_of(lab.solution_report, r.check);
      if (s.verdict == "skip" && !s.detail.empty()) return s.detail;
    }
  return "";
}

bool any_timed_measured(const std::vector<LabCalibration>& labs) {
  return std::any_of(labs.begin(), labs.end(),
                     [](const LabCalibration& l) { return anything_timed_measured(l.proposals); });
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::string verification_markdown(const std::vector<LabCalibration>& labs) {
  std::ostringstream out;
  out << "| lab | variant | check | verdict | measured | required | as expected |\n"
      << "| --- | --- | --- | --- | --- | --- | --- |\n";
  int unexpected = 0, unverified = 0;
  for (const auto& lab : labs) {
    verification_rows(out, lab.manifest.number, "starter", lab.starter_report, lab.starter_problem, unexpected,
                      unverified);
    verification_rows(out, lab.manifest.number, "solution", lab.solution_report, lab.solution_problem, unexpected,
                      unverified);
  }
  out << "\n" << unexpected << " unexpected verdict(s); " << unverified << " check(s) skipped, so not verified.\n";
  return out.str();
}

std::string proposal_markdown(const std::vector<LabCalibration>& labs) {
  std::ostringstream out;
  out << "A value R keeps both margins when starter x 1.15 <= R <= solution / 1.15 (a check \"at least R\"), or\n"
         "solution x 1.15 <= R <= starter / 1.15 (\"at most R\"): the solution passes and the starter fails by at\n"
         "least 15 %. A timed check keeps its value when it lies in that range; otherwise it gets the nearest\n"
         "value inside, rounded. Where the range is empty, its points go to the counter check of the same lesson.\n"
         "A check with a gap rule keeps its rule when the bar it computed keeps both margins. Mechanism checks\n"
         "follow the access pattern, not the GPU: they change only when the solution fails or the starter passes.\n\n";
  const bool measured = any_timed_measured(labs);
  const json file = thresholds_file(labs);
  if (!measured) {
    const std::string reason = skip_reason(labs);
    out << "**Nothing timed was measured** on this machine"
        << (reason.empty() ? "" : " (the GPU checks were skipped: " + first_clause(reason) + ")") << ". "
        << (file.empty() ? "Nothing is proposed: thresholds.json is {}.\n\n"
                         : "No timed threshold is proposed; the rows below say what else is.\n\n");
  }
  out << "| lab | check | manifest | starter | solution | allowed range | proposed | proposed / manifest | note |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const auto& lab : labs)
    for (const auto& r : lab.proposals)
      out << "| " << r.lab << " | " << r.check << " | " << cell(in_effect_text(r, lab.manifest)) << " | "
          << value_or_verdict(r.starter, r.starter_verdict, r.unit) << " | "
          << value_or_verdict(r.solution, r.solution_verdict, r.unit) << " | " << range_text(r) << " | "
          << proposed_text(r) << " | " << ratio_text(r) << " | " << cell(r.note) << " |\n";
  out << "\n"
      << (file.empty() ? std::string("thresholds.json proposes nothing ({}).")
                       : "thresholds.json holds the proposals that change something: give it to the build with "
                         "-DMEMLAB_THRESHOLDS=<its path>, then calibrate again with --thresholds <its path>.")
      << "\n";
  return out.str();
}

std::string calibration_markdown(const CalibrationSummary& summary) {
  std::ostringstream out;
  out << "# Threshold calibration\n\n";
  std::string gpu;
  for (const auto& lab : summary.labs)
    for (const json* report : {&lab.starter_report, &lab.solution_report})
      if (gpu.empty() && report->is_object() && report->contains("environment"))
        gpu = first_line(report->value("environment", ""));
  out << "Command: `" << summary.command << "`\n\n";
  const std::string skipped = "skipped: ";
  if (gpu.rfind(skipped, 0) == 0) gpu = "none: " + gpu.substr(skipped.size());
  out << "GPU: " << (gpu.empty() ? "unknown (no report says)" : gpu) << "\n\n";
  out << "Thresholds graded with: "
      << (summary.thresholds.empty() ? "the manifests' own"
                                     : summary.thresholds + " (the \"manifest\" column shows its values)")
      << "\n\n";
  out << "## Verification\n\n"
      << "A starter must pass its correctness checks and fail its performance and mechanism checks; a solution\n"
      << "must pass everything.\n\n"
      << verification_markdown(summary.labs) << "\n";
  out << "## Proposed thresholds\n\n" << proposal_markdown(summary.labs);
  return out.str();
}

json thresholds_file(const std::vector<LabCalibration>& labs) {
  json file = json::object();
  for (const auto& lab : labs) {
    json entry = lab_overrides(lab.manifest, lab.proposals);
    if (!entry.empty()) file[lab.manifest.number] = entry;
  }
  return file;
}

}  // namespace memlab::course
