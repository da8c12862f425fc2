#include "paths.h"

#include <fstream>

#include <algorithm>
#include <filesystem>

namespace contract {

namespace fs = std::filesystem;

std::string canonical_path(const std::string& path, const std::string& base) {
  fs::path p(path);
  if (p.is_relative()) p = fs::path(base) / p;
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(p, ec);
  return (ec ? p.lexically_normal() : c).string();
}

bool is_inside(const std::string& path, const std::string& dir) {
  if (dir.empty()) return false;
  const std::string prefix = dir.back() == '/' ? dir : dir + "/";
  return path.compare(0, prefix.size(), prefix) == 0;
}

std::vector<std::string> relative_names(const std::string& path, const std::vector<std::string>& dirs) {
  std::vector<std::string> holding;
  for (const std::string& d : dirs)
    if (is_inside(path, d)) holding.push_back(d);
  std::sort(holding.begin(), holding.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::vector<std::string> names;
  for (const std::string& d : holding) names.push_back(path.substr(d.back() == '/' ? d.size() : d.size() + 1));
  return names;
}

std::string line_directive_path(const std::string& staged_file) {
  std::ifstream in(staged_file);
  std::string first;
  std::getline(in, first);
  const std::size_t open = first.find('"'), close = first.rfind('"');
  if (first.rfind("#line", 0) != 0 || open == std::string::npos || close <= open) return "";
  return first.substr(open + 1, close - open - 1);
}

}  // namespace contract
