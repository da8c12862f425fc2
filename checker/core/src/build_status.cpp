#include "memlab/build_status.h"
#include "memlab/bilingual.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <sstream>

namespace memlab {

using nlohmann::json;

std::string BuildStatus::reason() const {
  if (ok) return "";
  // In English and Chinese (memlab/bilingual.h); each violation and error in its own, where it has one.
  const auto parts = [](const std::vector<std::string>& texts, bool chinese) {
    std::vector<std::string> out;
    for (const auto& t : texts) out.emplace_back(chinese ? chinese_part(t) : english_part(t));
    return out;
  };
  if (!unbuildable.empty())
    return bilingual(fmt::format("your submission could not be built: {}", english_part(unbuildable)),
                     fmt::format("你的提交无法构建：{}", chinese_part(unbuildable)));
  if (!violations.empty())
    return bilingual(fmt::format("violates the submission contract: {}", fmt::join(parts(violations, false), "; ")),
                     fmt::format("违反了提交约定：{}", fmt::join(parts(violations, true), "；")));
  std::string text = "your files do not compile or link", zh = "你的文件无法编译或链接";
  if (!errors.empty()) {
    text += fmt::format(": {}", fmt::join(parts(errors, false), " | "));
    zh += fmt::format("：{}", fmt::join(parts(errors, true), " | "));
  }
  if (!log.empty()) {
    text += fmt::format(" (whole log: {})", log);
    zh += fmt::format("（完整日志：{}）", log);
  }
  return bilingual(text, zh);
}

std::string to_json(const BuildStatus& s) {
  json j{{"run_id", s.run_id},
         {"ok", s.ok},
         {"contract_checked", s.contract_checked},
         {"violations", s.violations},
         {"errors", s.errors},
         {"student_hash", s.student_hash},
         {"log", s.log}};
  if (!s.unbuildable.empty()) j["unbuildable"] = s.unbuildable;
  return j.dump(2) + "\n";
}

BuildStatus build_status_from_json(const std::string& text) {
  BuildStatus s;
  try {
    const json j = json::parse(text);
    s.run_id = j.at("run_id").get<std::string>();
    s.ok = j.at("ok").get<bool>();
    s.contract_checked = j.at("contract_checked").get<bool>();
    s.violations = j.at("violations").get<std::vector<std::string>>();
    s.errors = j.at("errors").get<std::vector<std::string>>();
    s.student_hash = j.at("student_hash").get<std::string>();
    s.log = j.at("log").get<std::string>();
    s.unbuildable = j.value("unbuildable", std::string());
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("malformed build status: ") + e.what());
  }
  return s;
}

std::vector<std::string> first_errors(const std::string& log_text, std::size_t max) {
  std::vector<std::string> out;
  std::istringstream in(log_text);
  std::string line;
  while (out.size() < max && std::getline(in, line)) {
    std::string lower = line;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    const bool is_error =
        lower.find("error") != std::string::npos || lower.find("undefined reference") != std::string::npos;
    // Ninja's own summary lines repeat what the compiler said.
    const bool noise = lower.rfind("ninja: build stopped", 0) == 0 || lower.rfind("failed: ", 0) == 0;
    if (!is_error || noise) continue;
    if (line.size() > 400) line = line.substr(0, 400) + " ...";
    out.push_back(line);
  }
  return out;
}

}  // namespace memlab
