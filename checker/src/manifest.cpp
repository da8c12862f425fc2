#include "memlab/manifest.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "memlab/result_files.h"

namespace memlab {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& origin, const std::string& what) {
  throw std::runtime_error(origin + ": " + what);
}

}  // namespace

const CheckSpec* Manifest::find(const std::string& id) const {
  for (const auto& c : checks)
    if (c.id == id) return &c;
  return nullptr;
}

std::vector<const CheckSpec*> Manifest::suite(const std::string& name) const {
  std::vector<const CheckSpec*> out;
  for (const auto& c : checks)
    if (c.suite == name) out.push_back(&c);
  return out;
}

Manifest parse_manifest(const std::string& text, const std::string& origin) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    bad(origin, std::string("not valid JSON: ") + e.what());
  }
  Manifest m;
  try {
    m.number = j.at("number").get<std::string>();
    m.name = j.at("name").get<std::string>();
    m.title = j.at("title").get<std::string>();
    m.student_files = j.at("student_files").get<std::vector<std::string>>();
    for (const auto& c : j.at("checks")) {
      CheckSpec s;
      s.id = c.at("id").get<std::string>();
      s.suite = c.at("suite").get<std::string>();
      s.kind = c.value("kind", s.suite == "cpu" ? std::string("correctness") : s.suite);
      if (s.kind != "correctness" && s.kind != "performance" && s.kind != "mechanism")
        bad(origin, "check " + s.id + " has kind \"" + s.kind + "\" (use correctness, performance or mechanism)");
      s.compare = parse_compare(c.value("compare", std::string("true")));
      if (c.contains("required")) s.required = c.at("required").get<double>();
      s.unit = c.value("unit", "");
      s.points = c.value("points", 1.0);
      s.description = c.at("description").get<std::string>();
      s.hint = c.value("hint", "");
      s.basis = c.value("basis", "");
      s.confirmed_by = c.value("confirmed_by", "");
      if (c.contains("gap_rule")) {
        const json& g = c.at("gap_rule");
        GapRule rule;
        rule.close = g.value("close", 0.5);
        rule.reach = g.at("reach").get<double>();
        rule.target = g.at("target").get<std::string>();
        rule.counters = g.at("counters").get<std::string>();
        if (!(rule.close > 0 && rule.close < 1) || !(rule.reach > 0 && rule.reach <= 1))
          bad(origin, "check " + s.id + ": gap_rule needs 0 < close < 1 and 0 < reach <= 1");
        if (s.compare != Compare::at_least) bad(origin, "check " + s.id + ": a gap rule needs compare \">=\"");
        s.gap_rule = rule;
      }
      if (s.compare != Compare::is_true && !s.required && !s.gap_rule)
        bad(origin, "check " + s.id + " compares but has no \"required\" (nor a gap_rule)");
      if (m.find(s.id)) bad(origin, "check " + s.id + " appears twice");
      m.checks.push_back(s);
    }
  } catch (const json::exception& e) {
    bad(origin, std::string("missing or mistyped field: ") + e.what());
  }
  if (m.checks.empty()) bad(origin, "no checks");
  for (const auto& c : m.checks)
    if (!c.confirmed_by.empty() && !m.find(c.confirmed_by))
      bad(origin, "check " + c.id + " is confirmed_by " + c.confirmed_by + ", which is not a check of this lab");
  for (const auto& c : m.checks)
    if (c.gap_rule && !m.find(c.gap_rule->counters))
      bad(origin, "check " + c.id + "'s gap rule gives its points to " + c.gap_rule->counters +
                      ", which is not a check of this lab");
  return m;
}

Manifest load_manifest(const std::string& lab_dir) {
  const std::string path = lab_dir + "/lab.json";
  return parse_manifest(read_text_file(path), path);
}

void apply_overrides(Manifest& m, const std::string& text, const std::string& origin) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    bad(origin, std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) bad(origin, "expected an object keyed by lab number, e.g. {\"04\": {...}}");
  auto lab = j.find(m.number);
  if (lab == j.end()) return;
  for (auto it = lab->begin(); it != lab->end(); ++it) {
    CheckSpec* spec = nullptr;
    for (auto& c : m.checks)
      if (c.id == it.key()) spec = &c;
    if (!spec) bad(origin, "lab " + m.number + " has no check named " + it.key());
    const json& o = it.value();
    if (!o.is_object()) bad(origin, it.key() + ": expected {\"required\": ..., \"points\": ...}");
    for (auto field = o.begin(); field != o.end(); ++field) {
      if (field.key() == "required" && field.value().is_number()) {
        if (spec->compare == Compare::is_true) bad(origin, it.key() + " is a pass/fail check: it has no threshold");
        spec->required = field.value().get<double>();
      } else if (field.key() == "points" && field.value().is_number()) {
        spec->points = field.value().get<double>();
      } else if ((field.key() == "close" || field.key() == "reach") && field.value().is_number()) {
        if (!spec->gap_rule) bad(origin, it.key() + " has no gap rule: \"" + field.key() + "\" does not apply");
        const double v = field.value().get<double>();
        if (field.key() == "close" && !(v > 0 && v < 1)) bad(origin, it.key() + ": close must lie in (0, 1)");
        if (field.key() == "reach" && !(v > 0 && v <= 1)) bad(origin, it.key() + ": reach must lie in (0, 1]");
        (field.key() == "close" ? spec->gap_rule->close : spec->gap_rule->reach) = v;
      } else {
        bad(origin, it.key() + ": only numeric \"required\", \"points\", \"close\" and \"reach\" can be overridden, not \"" + field.key() + "\"");
      }
    }
    m.overridden.push_back(it.key());
  }
}

std::string format_quantity(double value, const std::string& unit) {
  std::ostringstream out;
  auto trimmed = [](double v) {
    std::ostringstream s;
    if (std::fabs(v) >= 1000) {
      s.setf(std::ios::fixed);
      s.precision(0);  // 4096 -> "4096", never "4.1e+03"
    } else {
      s.precision(3);  // 1.8 -> "1.8", 0.75 -> "0.75", 2 -> "2"
    }
    s << v;
    return s.str();
  };
  if (unit == "x") {
    out << trimmed(value) << "x";
  } else if (unit == "fraction") {
    out << trimmed(std::round(value * 1000) / 10) << " %";
  } else if (unit.empty()) {
    out << trimmed(value);
  } else {
    out << trimmed(value) << " " << unit;
  }
  return out.str();
}

}  // namespace memlab
