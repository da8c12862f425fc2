#include "contract_file.h"

#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace contract {

namespace {

std::vector<std::string> strings(const nlohmann::json& j, const std::string& key, const std::string& path) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) throw std::runtime_error(path + ": \"" + key + "\" must be an array of strings");
  for (const auto& item : j[key]) {
    if (!item.is_string()) throw std::runtime_error(path + ": \"" + key + "\" must be an array of strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace

LabContract load_contract(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the contract " + path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  if (!j.is_object()) throw std::runtime_error(path + ": the contract must be a JSON object");
  // A misspelt key would silently loosen or tighten the contract: refuse it.
  static const char* known[] = {"comment", "defines",           "cuda_api",       "cuda_api_removed",
                                "headers", "forbidden_headers", "library_kernels"};
  for (const auto& item : j.items()) {
    bool ok = false;
    for (const char* k : known) ok = ok || item.key() == k;
    if (!ok) throw std::runtime_error(path + ": unknown key \"" + item.key() + "\"");
  }

  LabContract c;
  c.path = path;
  c.defines = strings(j, "defines", path);
  if (c.defines.empty()) throw std::runtime_error(path + ": \"defines\" must list what lab.h declares");
  c.cuda_api = strings(j, "cuda_api", path);
  c.cuda_api_removed = strings(j, "cuda_api_removed", path);
  c.headers = strings(j, "headers", path);
  if (j.contains("forbidden_headers")) {
    if (!j["forbidden_headers"].is_object())
      throw std::runtime_error(path + ": \"forbidden_headers\" must map header patterns to reasons");
    for (const auto& item : j["forbidden_headers"].items()) {
      if (!item.value().is_string()) throw std::runtime_error(path + ": each forbidden header needs a reason string");
      c.forbidden_headers.push_back({item.key(), item.value().get<std::string>()});
    }
  }
  if (j.contains("library_kernels")) {
    if (!j["library_kernels"].is_boolean())
      throw std::runtime_error(path + ": \"library_kernels\" must be true or false");
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
