#include "depfile.h"

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "memlab/bilingual.h"

namespace contract {

namespace {

bool is_ninja_deps_listing(const std::string& text) {
  const std::string first = text.substr(0, text.find('\n'));
  return first.find(": #deps ") != std::string::npos;
}

// `ninja -t deps`: indented lines are dependencies, the others name a target.
std::vector<std::string> parse_ninja_deps(const std::string& text) {
  std::vector<std::string> deps;
  std::set<std::string> seen;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || (line[0] != ' ' && line[0] != '\t')) continue;
    const std::size_t begin = line.find_first_not_of(" \t");
    const std::size_t end = line.find_last_not_of(" \t\r");
    if (begin == std::string::npos) continue;
    const std::string path = line.substr(begin, end - begin + 1);
    if (seen.insert(path).second) deps.push_back(path);
  }
  return deps;
}

}  // namespace

std::vector<std::string> parse_depfile(const std::string& text) {
  if (is_ninja_deps_listing(text)) return parse_ninja_deps(text);
  std::vector<std::string> prerequisites;
  std::set<std::string> seen;
  std::string token;
  bool in_targets = true;  // each rule starts with its targets, up to the first "target:" colon
  auto flush = [&] {
    if (!token.empty() && !in_targets && seen.insert(token).second) prerequisites.push_back(token);
    token.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '\\' && (next == '\n' || (next == '\r' && i + 2 < text.size() && text[i + 2] == '\n'))) {
      flush();  // a continued line
      i += next == '\n' ? 1 : 2;
    } else if (c == '\\' && (next == ' ' || next == '#' || next == '\t')) {
      token += next;
      ++i;
    } else if (c == '$' && next == '$') {
      token += '$';
      ++i;
    } else if (c == '\n' || c == '\r') {
      flush();
      in_targets = true;
    } else if (c == ' ' || c == '\t') {
      flush();
    } else if (c == ':' && in_targets &&
               (next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == '\0')) {
      token.clear();  // the last target
      in_targets = false;
    } else {
      token += c;
    }
  }
  flush();
  return prerequisites;
}

std::vector<std::string> read_depfile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(memlab::bilingual("cannot read the depfile " + path, "无法读取依赖文件 " + path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_depfile(text.str());
}

}  // namespace contract
