#include "memlab/bilingual.h"
#include "memlab/report.h"

#include <cstdint>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "memlab/report_words.h"

namespace memlab {

using nlohmann::json;

std::string console_line(const CheckResult& r, Language language) {
  const ReportWords& w = report_words(language);
  std::string out = fmt::format("  [{:<12}] {:<32}", w.tag[static_cast<int>(r.verdict)], r.id);
  if (!r.measured_text.empty())
    out += " " + fill(w.measured, fmt::arg("value", in_language(r.measured_text, language)));
  if (!r.required_text.empty())
    out += "  " + fill(w.required, fmt::arg("value", in_language(r.required_text, language)));
  if (!r.detail.empty()) out += fmt::format("\n      {}", in_language(r.detail, language));
  // A failed check says what it checks, then where to look: the two texts the manifest gives it.
  if (r.verdict == Verdict::fail && !r.description.empty())
    out += "\n      " + fill(w.description, fmt::arg("text", r.description));
  if (r.verdict == Verdict::fail && !r.hint.empty()) out += "\n      " + fill(w.hint, fmt::arg("text", r.hint));
  return out;
}

namespace {
Verdict verdict_from(const std::string& s) {
  if (s == "pass") return Verdict::pass;
  if (s == "fail") return Verdict::fail;
  if (s == "inconclusive") return Verdict::inconclusive;
  return Verdict::skip;
}
}  // namespace

std::string to_json(const ReportPart& p) {
  json j;
  j["lab"] = p.lab;
  j["suite"] = p.suite;
  j["variant"] = p.variant;
  j["environment"] = p.environment;
  j["seed"] = p.seed;
  j["student_hash"] = p.student_hash;
  j["run_id"] = p.run_id;
  j["student_dir"] = p.student_dir;
  j["thresholds"] = p.thresholds;
  j["tree_commit"] = p.tree_commit;
  j["ending"] = p.ending;
  j["containment"] = {{"contained", p.contained},
                      {"landlock_abi", p.landlock_abi},
                      {"seccomp", p.seccomp},
                      {"left_behind", p.left_behind}};
  if (!p.printed.empty()) j["printed"] = p.printed;
  j["checks"] = json::array();
  for (const auto& c : p.checks) {
    json r{{"id", c.id},
           {"suite", c.suite},
           {"kind", c.kind},
           {"description", c.description},
           {"verdict", to_string(c.verdict)},
           {"measured_text", c.measured_text},
           {"required_text", c.required_text},
           {"detail", c.detail},
           {"hint", c.hint},
           {"points", c.points},
           {"max_points", c.max_points}};
    r["measured"] = c.measured ? json(*c.measured) : json(nullptr);
    if (!c.points_moved_to.empty()) r["points_moved_to"] = c.points_moved_to;
    j["checks"].push_back(r);
  }
  return j.dump(2);
}

ReportPart part_from_json(const std::string& text) {
  json j = json::parse(text);
  ReportPart p;
  p.lab = j.at("lab");
  p.suite = j.at("suite");
  p.variant = j.value("variant", "");
  p.environment = j.value("environment", "");
  p.seed = j.value("seed", "");
  p.student_hash = j.value("student_hash", "");
  p.run_id = j.value("run_id", "");
  p.student_dir = j.value("student_dir", "");
  p.thresholds = j.value("thresholds", "");
  p.tree_commit = j.value("tree_commit", "");
  p.ending = j.value("ending", "");
  p.printed = j.value("printed", "");
  if (j.contains("containment") && j["containment"].is_object()) {
    const json& c = j["containment"];
    p.contained = c.value("contained", false);
    p.landlock_abi = c.value("landlock_abi", 0);
    p.seccomp = c.value("seccomp", false);
    p.left_behind = c.value("left_behind", "");
  }
  for (const auto& r : j.at("checks")) {
    CheckResult c;
    c.id = r.at("id");
    c.suite = r.at("suite");
    c.kind = r.value("kind", c.suite);
    c.description = r.value("description", "");
    c.verdict = verdict_from(r.at("verdict"));
    if (!r.at("measured").is_null()) c.measured = r.at("measured").get<double>();
    c.measured_text = r.value("measured_text", "");
    c.required_text = r.value("required_text", "");
    c.detail = r.value("detail", "");
    c.hint = r.value("hint", "");
    c.points = r.value("points", 0.0);
    c.max_points = r.value("max_points", 0.0);
    c.points_moved_to = r.value("points_moved_to", "");
    p.checks.push_back(c);
  }
  return p;
}

void move_points_of_checks_not_graded_by_time(std::vector<CheckResult>& rows, Language language) {
  for (auto& r : rows) {
    if (r.points_moved_to.empty() || r.verdict != Verdict::skip || r.max_points == 0) continue;
    CheckResult* to = nullptr;
    for (auto& c : rows)
      if (c.id == r.points_moved_to) to = &c;
    if (!to) continue;
    to->max_points += r.max_points;
    if (to->verdict == Verdict::pass) to->points = to->max_points;
    to->detail += in_language(
        bilingual(fmt::format("{}also carries the {:.0f} point(s) of {}, which this GPU cannot grade by time",
                              to->detail.empty() ? "" : "; ", r.max_points, r.id),
                  fmt::format("{}还承担了 {} 的 {:.0f} 分，因为这块 GPU 无法按时间为它评分",
                              to->detail.empty() ? "" : "；", r.id, r.max_points)),
        language);
    r.max_points = 0;
    r.points = 0;
  }
}

std::string hash_files(const std::vector<std::string>& paths) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](unsigned char byte) {
    h ^= byte;
    h *= 1099511628211ull;
  };
  for (const auto& path : paths) {
    std::string name = path.substr(path.find_last_of('/') + 1);
    for (unsigned char ch : name) mix(ch);
    mix(0);
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (unsigned char ch : bytes) mix(ch);
    mix(0);
  }
  return fmt::format("fnv1a64:{:016x}", h);
}

}  // namespace memlab
