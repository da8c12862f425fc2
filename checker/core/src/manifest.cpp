#include "memlab/manifest.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "memlab/manifest_json.h"
#include "memlab/result_files.h"
#include "memlab/suites.h"

namespace memlab {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& origin, const std::string& what) {
  throw std::runtime_error(origin.empty() ? what : origin + ": " + what);
}

// A problem of one check, named by its id: "check sweep_band: ...".
[[noreturn]] void bad_check(const std::string& id, const std::string& what) {
  throw std::runtime_error("check " + id + ": " + what);
}

// Check ids and parameter names become C++ names (lab::check::<id>, lab::param::<name>).
bool is_identifier(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

const char* const kKinds[] = {"correctness", "performance", "mechanism"};
const char* const kCheckFields[] = {"id",       "suite", "kind",         "gpu",         "compare",
                                    "required", "unit",  "points",       "description", "proves",
                                    "hint",     "basis", "confirmed_by", "gap_rule",    "zh"};

bool is_kind(const std::string& kind) {
  for (const char* k : kKinds)
    if (kind == k) return true;
  return false;
}

// Typed reads of optional and required fields, with messages that name the field.
std::string text_field(const json& j, const char* field, bool required, const std::string& fallback = "") {
  auto it = j.find(field);
  if (it == j.end()) {
    if (required) throw std::runtime_error(std::string("\"") + field + "\" is missing");
    return fallback;
  }
  if (!it->is_string()) throw std::runtime_error(std::string("\"") + field + "\" must be a string");
  return it->get<std::string>();
}

std::optional<double> number_field(const json& j, const char* field) {
  auto it = j.find(field);
  if (it == j.end()) return std::nullopt;
  if (!it->is_number()) throw std::runtime_error(std::string("\"") + field + "\" must be a number");
  return it->get<double>();
}

// A "zh" object: only the fields in `fields`, each a non-empty string; `required` must be there,
// and a field whose English is empty (`english`, by field) must not, since a translation of
// nothing would drift from the English unseen.
std::map<std::string, std::string> translation(const json& j, std::initializer_list<const char*> fields,
                                               const char* required,
                                               const std::map<std::string, std::string>& english) {
  // "title and summary", "description, proves and hint"
  std::string names;
  size_t i = 0;
  for (const char* f : fields) names += std::string(i++ == 0 ? "" : i == fields.size() ? " and " : ", ") + f;
  if (!j.is_object()) throw std::runtime_error("\"zh\" must be an object with " + names + " in Chinese");
  std::map<std::string, std::string> out;
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* f : fields) known = known || it.key() == f;
    if (!known) throw std::runtime_error("zh: unknown field \"" + it.key() + "\" (zh has " + names + ")");
    if (!it->is_string() || it->get<std::string>().empty())
      throw std::runtime_error("zh: \"" + it.key() + "\" must be a non-empty string");
    if (english.at(it.key()).empty())
      throw std::runtime_error("zh: \"" + it.key() + "\" translates an English \"" + it.key() + "\" that is not there");
    out[it.key()] = it->get<std::string>();
  }
  if (!out.count(required)) throw std::runtime_error(std::string("zh: \"") + required + "\" is missing");
  return out;
}

// One check. The caller names the check in a message when this throws.
CheckSpec read_check(const json& c, ManifestUse use) {
  const bool grading = use == ManifestUse::grading;
  CheckSpec s;
  s.id = c.at("id").get<std::string>();
  for (auto it = c.begin(); it != c.end(); ++it) {
    bool known = false;
    for (const char* f : kCheckFields) known = known || it.key() == f;
    if (!known)
      throw std::runtime_error("unknown field \"" + it.key() +
                               "\" (a check has id, suite, kind, gpu, compare, required, unit, points, description, "
                               "proves, hint, basis, confirmed_by, gap_rule, zh)");
  }
  s.suite = text_field(c, "suite", grading);
  if ((grading || c.contains("suite")) && !is_suite(s.suite))
    throw std::runtime_error("suite \"" + s.suite + "\" is not a suite (use " + suites_in_words() + ")");
  // The old default, for the site's partial manifests only: grading needs it written out.
  s.kind = text_field(c, "kind", grading, s.suite == kCpuSuite ? std::string("correctness") : s.suite);
  if ((grading || c.contains("kind")) && !is_kind(s.kind))
    throw std::runtime_error("has kind \"" + s.kind + "\" (use correctness, performance or mechanism)");
  s.gpu = is_gpu_suite(s.suite);
  if (auto g = c.find("gpu"); g != c.end()) {
    if (!g->is_boolean()) throw std::runtime_error("\"gpu\" must be true or false");
    if (g->get<bool>() != s.gpu)
      throw std::runtime_error(std::string("\"gpu\": ") + (g->get<bool>() ? "true" : "false") +
                               " disagrees with suite \"" + s.suite + "\" (the " + std::string(kCpuSuite) +
                               " suite runs without a GPU, every other suite on one)");
  } else if (grading) {
    throw std::runtime_error("\"gpu\" is missing (write \"gpu\": " + std::string(s.gpu ? "true" : "false") +
                             " for suite \"" + s.suite + "\")");
  }
  s.compare = parse_compare(text_field(c, "compare", false, "true"));
  s.required = number_field(c, "required");
  s.unit = text_field(c, "unit", false);
  s.points = number_field(c, "points").value_or(1.0);
  s.description = text_field(c, "description", grading);
  // The course's tables show it (memlab-site check-tables), so a check without it is caught here,
  // where its lab.json is read, and not first by a table that cannot be written.
  if (grading && !c.contains("proves"))
    throw std::runtime_error(
        "\"proves\" is missing (write what the check proves in a few words: the handout's and the deck's tables "
        "show it)");
  s.proves = text_field(c, "proves", false);
  if (c.contains("proves") && s.proves.empty()) throw std::runtime_error("\"proves\" must not be empty");
  s.hint = text_field(c, "hint", false);
  s.basis = text_field(c, "basis", false);
  s.confirmed_by = text_field(c, "confirmed_by", false);
  if (c.contains("gap_rule")) {
    s.gap_rule = c.at("gap_rule").get<GapRule>();
    if (s.compare != Compare::at_least) throw std::runtime_error("a gap rule needs compare \">=\"");
  }
  if (auto zh = c.find("zh"); zh != c.end()) {
    auto text = translation(*zh, {"description", "proves", "hint"}, "description",
                            {{"description", s.description}, {"proves", s.proves}, {"hint", s.hint}});
    s.zh = {text["description"], text["hint"], text["proves"]};
  }
  if (s.compare != Compare::is_true && !s.required && !s.gap_rule)
    throw std::runtime_error("compares but has no \"required\" (nor a gap_rule)");
  return s;
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

std::string parameter_text(const Parameter& p) {
  if (p.integer) return std::to_string(p.integer_value);
  if (std::isfinite(p.value) && p.value == std::floor(p.value) && std::fabs(p.value) < 1e15)
    return std::to_string(static_cast<long long>(p.value));
  return json(p.value).dump();  // the shortest decimal that reads back as the same double
}

std::string substitute_parameters(const std::string& text, const std::map<std::string, Parameter>& parameters) {
  std::string out;
  size_t at = 0;
  while (true) {
    const size_t open = text.find('{', at);
    if (open == std::string::npos) break;
    const size_t close = text.find('}', open);
    const std::string name = close == std::string::npos ? "" : text.substr(open + 1, close - open - 1);
    if (!is_identifier(name))
      throw std::runtime_error("\"{\" at character " + std::to_string(open) +
                               " opens no {name} (braces in a description name parameters only)");
    auto p = parameters.find(name);
    if (p == parameters.end()) {
      std::string known;
      for (const auto& [n, v] : parameters) known += (known.empty() ? "" : ", ") + n;
      throw std::runtime_error("{" + name + "} is not a parameter of this lab (\"parameters\": " +
                               (known.empty() ? std::string("none") : known) + ")");
    }
    out += text.substr(at, open - at) + parameter_text(p->second);
    at = close + 1;
  }
  return out + text.substr(at);
}

void from_json(const json& g, GapRule& rule) {
  if (!g.is_object()) throw std::runtime_error("\"gap_rule\" must be an object");
  rule.close = number_field(g, "close").value_or(0.5);
  const std::optional<double> reach = number_field(g, "reach");
  if (!reach) throw std::runtime_error("gap_rule: \"reach\" is missing");
  rule.reach = *reach;
  rule.target = text_field(g, "target", true);
  rule.counters = text_field(g, "counters", true);
  if (!(rule.close > 0 && rule.close < 1) || !(rule.reach > 0 && rule.reach <= 1))
    throw std::runtime_error("gap_rule needs 0 < close < 1 and 0 < reach <= 1");
}

void from_json(const json& j, CheckSpec& check) { check = read_check(j, ManifestUse::grading); }

void from_json(const json& j, Manifest& manifest) { manifest = read_manifest(j, ManifestUse::grading); }

Manifest read_manifest(const json& j, ManifestUse use) {
  const bool grading = use == ManifestUse::grading;
  if (!j.is_object()) throw std::runtime_error("the manifest must be a JSON object");
  Manifest m;
  try {
    m.number = text_field(j, "number", grading);
    m.name = text_field(j, "name", grading);
    m.title = text_field(j, "title", grading);
    m.summary = text_field(j, "summary", false);
    if (j.contains("student_files") || grading) m.student_files = j.at("student_files").get<std::vector<std::string>>();
  } catch (const std::exception& e) {  // nlohmann's messages and text_field's
    throw std::runtime_error(std::string("missing or mistyped field: ") + e.what());
  }
  if (auto zh = j.find("zh"); zh != j.end()) {
    auto text = translation(*zh, {"title", "summary"}, "title", {{"title", m.title}, {"summary", m.summary}});
    m.zh = {text["title"], text["summary"]};
  }
  if (auto params = j.find("parameters"); params != j.end()) {
    if (!params->is_object()) throw std::runtime_error("\"parameters\" must be an object of numbers");
    for (auto it = params->begin(); it != params->end(); ++it) {
      if (!is_identifier(it.key())) throw std::runtime_error("parameter \"" + it.key() + "\" is not a C++ name");
      Parameter p;
      if (it->is_number_integer()) {
        if (it->is_number_unsigned() && it->get<std::uint64_t>() > std::uint64_t(LLONG_MAX))
          throw std::runtime_error("parameter " + it.key() + " is too large");
        p.integer = true;
        p.integer_value = it->get<long long>();
        p.value = static_cast<double>(p.integer_value);
      } else if (it->is_number()) {
        p.value = it->get<double>();
      } else {
        throw std::runtime_error("parameter " + it.key() + " must be a number");
      }
      m.parameters[it.key()] = p;
    }
  }
  const auto checks = j.find("checks");
  if (checks == j.end()) {
    if (grading) throw std::runtime_error("missing or mistyped field: \"checks\" is missing");
    return m;
  }
  if (!checks->is_array()) throw std::runtime_error("\"checks\" must be an array");
  for (const auto& c : *checks) {
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string())
      throw std::runtime_error("every check needs a string \"id\"");
    const std::string id = c["id"].get<std::string>();
    if (!is_identifier(id)) bad_check(id, "the id must be a C++ name (letters, digits and _): it is lab::check::<id>");
    CheckSpec s;
    try {
      s = read_check(c, use);
      s.description = substitute_parameters(s.description, m.parameters);
      s.proves = substitute_parameters(s.proves, m.parameters);
      s.hint = substitute_parameters(s.hint, m.parameters);
      s.basis = substitute_parameters(s.basis, m.parameters);
      s.zh.description = substitute_parameters(s.zh.description, m.parameters);
      s.zh.proves = substitute_parameters(s.zh.proves, m.parameters);
      s.zh.hint = substitute_parameters(s.zh.hint, m.parameters);
    } catch (const json::exception& e) {
      bad_check(id, std::string("missing or mistyped field: ") + e.what());
    } catch (const std::exception& e) {
      bad_check(id, e.what());
    }
    if (m.find(s.id)) bad_check(id, "appears twice");
    m.checks.push_back(s);
  }
  if (m.checks.empty() && grading) throw std::runtime_error("no checks");
  if (auto retired = j.find("retired_checks"); retired != j.end()) {
    if (!retired->is_array())
      throw std::runtime_error("\"retired_checks\" must be an array of {\"id\": ..., \"replaced_by\": ...}");
    for (const auto& r : *retired) {
      RetiredCheck rc;
      try {
        rc.id = text_field(r, "id", true);
        rc.replaced_by = text_field(r, "replaced_by", false);
        rc.reason = text_field(r, "reason", false);
        // Either the check that took its place, or why it went with none (in both languages).
        if (rc.replaced_by.empty() && rc.reason.empty())
          throw std::runtime_error("\"replaced_by\" is missing (or \"reason\", for a check that no check replaced)");
        if (!rc.replaced_by.empty() && !rc.reason.empty())
          throw std::runtime_error("\"replaced_by\" and \"reason\" exclude each other");
        if (!rc.reason.empty()) {
          const auto zh = r.find("zh");
          if (zh == r.end() || !zh->is_object())
            throw std::runtime_error("\"zh\": {\"reason\": ...} is missing: a reason is given in English and Chinese");
          rc.reason_zh = text_field(*zh, "reason", true);
        }
        if (!rc.reason.empty() && rc.reason_zh.empty()) throw std::runtime_error("\"zh\": {\"reason\"} is empty");
      } catch (const std::exception& e) {
        throw std::runtime_error(std::string("retired_checks: ") + e.what());
      }
      if (m.find(rc.id)) bad_check(rc.id, "is retired (\"retired_checks\") and a check of this lab at once");
      if (!rc.replaced_by.empty() && !m.find(rc.replaced_by))
        throw std::runtime_error("retired check " + rc.id + " is replaced_by " + rc.replaced_by +
                                 ", which is not a check of this lab");
      m.retired.push_back(rc);
    }
  }
  for (const auto& c : m.checks)
    if (!c.confirmed_by.empty() && !m.find(c.confirmed_by))
      bad_check(c.id, "is confirmed_by " + c.confirmed_by + ", which is not a check of this lab");
  for (const auto& c : m.checks)
    if (c.gap_rule && !m.find(c.gap_rule->counters))
      bad_check(c.id,
                "its gap rule gives its points to " + c.gap_rule->counters + ", which is not a check of this lab");
  return m;
}

Manifest parse_manifest(const std::string& text, const std::string& origin, ManifestUse use) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    bad(origin, std::string("not valid JSON: ") + e.what());
  }
  try {
    return read_manifest(j, use);
  } catch (const std::exception& e) {
    bad(origin, e.what());
  }
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
    if (!spec) {
      // An id an older lab.json had: name the check that took its place, in both languages (the
      // error reaches the console and the report as it is).
      for (const RetiredCheck& r : m.retired) {
        if (r.id == it.key() && !r.reason.empty())
          bad(origin, "lab " + m.number + " has no check named " + r.id + " any more: " + r.reason + " / 实验 " +
                          m.number + " 已不再有检查 " + r.id + "：" + r.reason_zh);
        if (r.id == it.key())
          bad(origin, "lab " + m.number + " has no check named " + r.id + " any more: it was replaced by " +
                          r.replaced_by + ", so write its thresholds under " + r.replaced_by +
                          " (its values and units may differ: see lab.json) / 实验 " + m.number + " 已不再有检查 " +
                          r.id + "：它已被 " + r.replaced_by + " 取代，请把阈值写在 " + r.replaced_by +
                          " 下（数值和单位可能不同，见 lab.json）");
      }
      bad(origin, "lab " + m.number + " has no check named " + it.key());
    }
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
        bad(origin, it.key() +
                        ": only numeric \"required\", \"points\", \"close\" and \"reach\" can be overridden, not \"" +
                        field.key() + "\"");
      }
    }
    m.overridden.push_back(it.key());
  }
}

std::string unit_in_chinese(const std::string& unit) {
  if (unit == "sectors/request") return "个扇区/请求";
  if (unit == "wavefronts/load") return "个 wavefront/加载指令";
  if (unit == "wavefronts/instruction") return "个 wavefront/指令";
  if (unit == "wavefronts/32 elements") return "个 wavefront/32 个元素";
  if (unit == "sectors/32 floats") return "个扇区/32 个 float";
  if (unit == "wavefronts/sector") return "个 wavefront/扇区";
  if (unit == "wrong patterns") return "个错误模式";
  return unit;  // x, %, KiB: the same in both
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
