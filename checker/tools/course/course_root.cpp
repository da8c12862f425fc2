#include "course_root.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace memlab::course {

fs::path default_course_root() { return fs::path(MEMLAB_COURSE_SOURCE_DIR); }

fs::path checked_course_root(const std::string& given) {
  const fs::path root = fs::absolute(given.empty() ? default_course_root() : fs::path(given)).lexically_normal();
  if (!fs::is_regular_file(root / "CMakeLists.txt") || !fs::is_directory(root / "labs"))
    throw std::runtime_error(root.string() + " is not a copy of the course (it has no CMakeLists.txt and labs/)");
  return root;
}

std::vector<LabInfo> course_labs(const fs::path& course) {
  std::vector<LabInfo> labs;
  for (const auto& entry : fs::directory_iterator(course / "labs")) {
    const std::string folder = entry.path().filename().string();
    if (!entry.is_directory() || folder.size() < 4 || !std::isdigit(static_cast<unsigned char>(folder[0])) ||
        !std::isdigit(static_cast<unsigned char>(folder[1])) || folder[2] != '-' ||
        !fs::is_regular_file(entry.path() / "lab.json"))
      continue;
    LabInfo lab;
    lab.number = folder.substr(0, 2);
    lab.folder = folder;
    lab.lab_dir = entry.path();
    lab.manifest = load_manifest(entry.path().string());
    labs.push_back(std::move(lab));
  }
  std::sort(labs.begin(), labs.end(), [](const LabInfo& a, const LabInfo& b) { return a.number < b.number; });
  return labs;
}

std::string two_digit_lab(const std::string& given) {
  const bool digits = !given.empty() && given.size() <= 2 &&
                      std::all_of(given.begin(), given.end(), [](unsigned char c) { return std::isdigit(c); });
  if (!digits) throw std::runtime_error("\"" + given + "\" is not a lab number (write 4 or 04)");
  return given.size() == 1 ? "0" + given : given;
}

LabInfo find_lab(const fs::path& course, const std::string& number) {
  const std::string wanted = two_digit_lab(number);
  std::string known;
  for (auto& lab : course_labs(course)) {
    if (lab.number == wanted) return lab;
    known += (known.empty() ? "" : ", ") + lab.number;
  }
  throw std::runtime_error("the course has no lab " + wanted + " (its labs: " + known + ")");
}

}  // namespace memlab::course
