// Measured markers: the course text quotes a number measured on a GPU as
//     <!--measured:docs/results/h200/lab04.json#speedup_vs_starter-->4.40x<!--/measured-->
// and the check finds every number of the quoted text in that part of a committed record
// (record_sources.hpp), so no measured number in the text is typed from memory.
#pragma once

#include "markers.hpp"
#include "problem.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace memlab::site {

namespace fs = std::filesystem;

// The folders whose files are the course's committed records.
inline constexpr std::string_view kRecordFolders[] = {"docs/results/", "docs/data/"};

struct MeasuredReference {
  std::string record;  // repository path: "docs/data/h200-stride-sweep.csv"
  std::string key;     // what part of it; "" for the whole file
  std::string error;   // why the marker may not quote from there; "" when it may
};

// "PATH#KEY" or "PATH". Refuses absolute paths, "..", and files outside kRecordFolders; whether
// the file exists is for check_measured_marker, which knows the repository.
MeasuredReference parse_measured_reference(const std::string& marker_id);

// The problems of one measured marker on `page`: a reference that is refused, a record that is
// missing, a key that selects nothing, a text without a number, and every number of the text
// that the selected part does not hold. Empty when the marker is right.
Problems check_measured_marker(const fs::path& root, const std::string& page, const Marker& marker);

}  // namespace memlab::site
