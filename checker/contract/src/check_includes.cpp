// Rule 1: what the student's file includes, read from the compiler's own dependency list.
#include <filesystem>
#include <set>

#include "checks.h"
#include "depfile.h"
#include "memlab/bilingual.h"
#include "paths.h"
#include "policy.h"
#include "violation_text.h"

namespace contract {

namespace {

bool is_lab_header(const Submission& s, const std::string& path) {
  for (const std::string& name : s.lab_header_names)
    if (path == name) return true;
  return false;
}

}  // namespace

void check_includes(const Submission& s, const StudentFile& f, Violations& out) {
  const std::vector<std::string> deps = read_depfile(f.depfile);
  const std::string staged_dir = std::filesystem::path(s.lab_header).parent_path().string();
  const std::string own = canonical_path(f.display, canonical_path(staged_dir, s.tools.dep_base));
  const std::string original = line_directive_path(own);
  const std::string own_original = original.empty() ? "" : canonical_path(original, staged_dir);
  const std::vector<HeaderRule> refused = forbidden_headers(s.lab);
  std::set<std::string> reported_rules;

  // The baseline of this file: what the allowed headers it includes pull in.
  std::set<std::string> pulled_in;
  for (const std::string& dep : deps) {
    const std::vector<std::string> names = relative_names(canonical_path(dep, s.tools.dep_base), s.tools.system_dirs);
    const auto entry = names.empty() ? s.tools.baseline.end() : s.tools.baseline.find(names.front());
    if (entry != s.tools.baseline.end()) pulled_in.insert(entry->second.begin(), entry->second.end());
  }

  for (std::size_t i = 0; i < deps.size(); ++i) {
    const std::string path = canonical_path(deps[i], s.tools.dep_base);
    // The compiler lists the file it compiles first; the staged copy sits beside lab.h.
    const bool first_is_self = i == 0 && std::filesystem::path(path).filename() == f.display;
    if (path == own || (!own_original.empty() && path == own_original) || first_is_self || is_lab_header(s, path))
      continue;

    bool in_course = false;
    for (const std::string& d : s.tools.course_dirs) in_course = in_course || is_inside(path, d);
    const std::vector<std::string> names = relative_names(path, s.tools.system_dirs);
    if (in_course || names.empty()) {
      out.push_back(with_class(
          f.display + " includes " + path, f.display + " 包含了 " + path,
          in_course ? memlab::bilingual("a course file: a submission compiles against lab.h and system headers only",
                                        "课程的文件：提交的文件只能依靠 lab.h 和系统头文件编译")
                    : memlab::bilingual("not lab.h, the file itself or a system header",
                                        "它不是 lab.h、这个文件本身或系统头文件")));
      continue;
    }
    if (pulled_in.count(names.front())) continue;  // an allowed header it includes pulls this one in
    bool allowed = false;
    for (const std::string& extra : s.lab.headers)
      for (const std::string& n : names) allowed = allowed || header_matches(n, extra);
    if (allowed) continue;
    for (const HeaderRule& rule : refused) {
      bool hit = false;
      for (const std::string& n : names) hit = hit || header_matches(n, rule.pattern);
      // One violation per rule: <cub/cub.cuh> alone brings hundreds of cub/ headers.
      if (hit && reported_rules.insert(rule.pattern).second)
        out.push_back(
            with_class(f.display + " includes " + names.front(), f.display + " 包含了 " + names.front(), rule.reason));
      if (hit) break;
    }
  }
}

}  // namespace contract
