#include "contract_file.h"

#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "memlab/bilingual.h"

namespace contract {

namespace {

using memlab::bilingual;

// A malformed contract.json: the message in English and Chinese, after the file's path.
std::runtime_error malformed(const std::string& path, const std::string& en, const std::string& zh) {
  return std::runtime_error(bilingual(path + ": " + en, path + "：" + zh));
}

std::vector<std::string> strings(const nlohmann::json& j, const std::string& key, const std::string& path) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  const auto not_strings = [&] {
    return malformed(path, "\"" + key + "\" must be an array of strings", "\"" + key + "\" 必须是字符串的数组");
  };
  if (!j[key].is_array()) throw not_strings();
  for (const auto& item : j[key]) {
    if (!item.is_string()) throw not_strings();
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace

LabContract load_contract(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(bilingual("cannot read the contract " + path, "无法读取提交约定 " + path));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    // The JSON library's own words stay in English.
    throw std::runtime_error(bilingual(path + ": " + e.what(), path + "：不是有效的 JSON（" + e.what() + "）"));
  }
  if (!j.is_object()) throw malformed(path, "the contract must be a JSON object", "提交约定必须是一个 JSON 对象");
  // A misspelt key would silently loosen or tighten the contract: refuse it.
  static const char* known[] = {"comment", "defines",           "cuda_api",       "cuda_api_removed",
                                "headers", "forbidden_headers", "library_kernels"};
  for (const auto& item : j.items()) {
    bool ok = false;
    for (const char* k : known) ok = ok || item.key() == k;
    if (!ok) throw malformed(path, "unknown key \"" + item.key() + "\"", "未知的键 \"" + item.key() + "\"");
  }

  LabContract c;
  c.path = path;
  c.defines = strings(j, "defines", path);
  if (c.defines.empty())
    throw malformed(path, "\"defines\" must list what lab.h declares", "\"defines\" 必须列出 lab.h 所声明的名字");
  c.cuda_api = strings(j, "cuda_api", path);
  c.cuda_api_removed = strings(j, "cuda_api_removed", path);
  c.headers = strings(j, "headers", path);
  if (j.contains("forbidden_headers")) {
    if (!j["forbidden_headers"].is_object())
      throw malformed(path, "\"forbidden_headers\" must map header patterns to reasons",
                      "\"forbidden_headers\" 必须把头文件的模式映射到原因");
    // The reason is a violation's class, which the report shows: in English and in Chinese.
    for (const auto& item : j["forbidden_headers"].items()) {
      const nlohmann::json& reason = item.value();
      const auto text = [&](const char* language) {
        return reason.is_object() && reason.contains(language) && reason[language].is_string()
                   ? reason[language].get<std::string>()
                   : std::string();
      };
      if (!reason.is_object() || reason.size() != 2 || text("en").empty() || text("zh").empty())
        throw malformed(path,
                        "each forbidden header needs its reason in English and Chinese: {\"en\": \"...\", "
                        "\"zh\": \"...\"}",
                        "每个禁止的头文件都需要英文和中文的原因：{\"en\": \"...\", \"zh\": \"...\"}");
      c.forbidden_headers.push_back({item.key(), bilingual(text("en"), text("zh"))});
    }
  }
  if (j.contains("library_kernels")) {
    if (!j["library_kernels"].is_boolean())
      throw malformed(path, "\"library_kernels\" must be true or false", "\"library_kernels\" 必须是 true 或 false");
    c.library_kernels = j["library_kernels"].get<bool>();
  }
  return c;
}

std::string signature_key(const std::string& demangled) {
  std::string key;
  for (char ch : demangled)
    if (ch != ' ') key += ch;
  return key;
}

}  // namespace contract
