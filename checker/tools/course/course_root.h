#pragma once
// The course tree memlab-course works on (a checkout of the course, or a copy made by
// export-student) and its labs, found by number.
#include <filesystem>
#include <string>
#include <vector>

#include "memlab/manifest.h"

namespace memlab::course {

namespace fs = std::filesystem;

struct LabInfo {
  std::string number;  // "04"
  std::string folder;  // "04-padding"
  fs::path lab_dir;    // <course>/labs/04-padding
  Manifest manifest;
};

// The tree this memlab-course was built from (compiled in).
fs::path default_course_root();

// `given` (or the default when empty), made absolute; throws unless it holds CMakeLists.txt
// and labs/.
fs::path checked_course_root(const std::string& given);

// Every lab of the course, in number order.
std::vector<LabInfo> course_labs(const fs::path& course);

// "4" or "04" -> "04"; throws on anything that is not one or two digits.
std::string two_digit_lab(const std::string& given);

// The lab with this number; throws naming the labs that exist.
LabInfo find_lab(const fs::path& course, const std::string& number);

}  // namespace memlab::course
