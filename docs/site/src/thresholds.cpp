#include "thresholds.hpp"

#include "memlab/manifest.h"

#include "languages.hpp"
#include "text.hpp"

#include <cstdio>
#include <stdexcept>

namespace memlab::site {

namespace {

// "labs/04-padding/README.md" -> "labs/04-padding"; a file outside any lab folder -> "".
std::string lab_folder_of(const std::string& repo_path) {
  const size_t first = repo_path.find('/');
  const size_t second = first == std::string::npos ? first : repo_path.find('/', first + 1);
  if (second == std::string::npos || repo_path.compare(0, first, "labs") != 0) return "";
  return repo_path.substr(0, second);
}

}  // namespace

// One formatting rule for the whole course: the checker's reports and the handouts print a
// threshold the same way, so a marker can be compared with the manifest exactly.
std::string format_threshold(double value, std::string_view unit) {
  return memlab::format_quantity(value, std::string(unit));
}

// The Chinese report's own words for a unit (memlab::unit_in_chinese), so a Chinese page and a
// Chinese report print a threshold alike.
std::string format_threshold(double value, std::string_view unit, Language language) {
  if (language == Language::en) return format_threshold(value, unit);
  return memlab::format_quantity(value, memlab::unit_in_chinese(std::string(unit)));
}

std::optional<std::string> quoted_threshold(const ManifestCheck& check, Language language) {
  if (check.required) return format_threshold(*check.required, check.unit, language);
  if (check.gap_rule) {
    return language == Language::zh ? memlab::describe_gap_rule_zh(*check.gap_rule)
                                    : memlab::describe_gap_rule(*check.gap_rule);
  }
  return std::nullopt;
}

const ManifestCheck* LabManifest::find(std::string_view id) const {
  for (const auto& check : checks) {
    if (check.id == id) return &check;
  }
  return nullptr;
}

LabManifest parse_manifest(std::string_view json_text, const std::string& folder) {
  LabManifest manifest;
  // No origin: the site reports a problem with the manifest's path beside it.
  static_cast<memlab::Manifest&>(manifest) =
      memlab::parse_manifest(std::string(json_text), "", memlab::ManifestUse::quoting);
  manifest.folder = folder;
  if (manifest.number.empty()) {
    const std::string folder_name = fs::path(folder).filename().string();
    manifest.number = folder_name.substr(0, folder_name.find('-'));
  }
  return manifest;
}

ThresholdBook ThresholdBook::load(const fs::path& root, Problems& problems) {
  ThresholdBook book;
  std::error_code ec;
  if (!fs::is_directory(root / "labs", ec)) return book;
  for (const auto& entry : fs::directory_iterator(root / "labs")) {
    const fs::path json_path = entry.path() / "lab.json";
    if (!entry.is_directory() || !fs::is_regular_file(json_path, ec)) continue;
    const std::string folder = repo_relative(root, entry.path());
    try {
      book.add(parse_manifest(read_file(json_path), folder));
    } catch (const std::exception& e) {
      problems.push_back({folder + "/lab.json", 0, e.what()});
    }
  }
  return book;
}

void ThresholdBook::add(LabManifest manifest) {
  const std::string folder = manifest.folder;
  by_folder_[folder] = std::move(manifest);
}

const LabManifest* ThresholdBook::lab_for_folder(const std::string& folder) const {
  const auto it = by_folder_.find(folder);
  return it == by_folder_.end() ? nullptr : &it->second;
}

ThresholdBook::Lookup ThresholdBook::lookup(const std::string& source_repo_path, const std::string& marker_id) const {
  return lookup(source_repo_path, marker_id, is_translation(source_repo_path) ? Language::zh : Language::en);
}

ThresholdBook::Lookup ThresholdBook::lookup(const std::string& source_repo_path, const std::string& marker_id,
                                            Language language) const {
  Lookup result;
  std::string lab_folder;
  std::string check_id = marker_id;
  const size_t slash = marker_id.find('/');
  if (slash != std::string::npos) {
    const std::string lab = marker_id.substr(0, slash);
    check_id = marker_id.substr(slash + 1);
    for (const auto& [folder, manifest] : by_folder_) {
      if (manifest.number == lab || folder == "labs/" + lab) lab_folder = folder;
    }
    if (lab_folder.empty()) {
      result.error = "no lab \"" + lab + "\" with a lab.json";
      return result;
    }
  } else {
    lab_folder = lab_folder_of(source_repo_path);
    if (lab_folder.empty()) {
      result.error =
          "marker \"" + marker_id + "\" names no lab; outside a lab folder write <!--threshold:NN/" + marker_id + "-->";
      return result;
    }
  }
  const LabManifest* manifest = lab_for_folder(lab_folder);
  if (!manifest) {
    result.error = lab_folder + " has no lab.json to quote \"" + check_id + "\" from";
    return result;
  }
  result.manifest = manifest->manifest_path();
  const ManifestCheck* check = manifest->find(check_id);
  if (!check) {
    std::string known;
    for (const auto& c : manifest->checks) known += (known.empty() ? "" : ", ") + c.id;
    result.error = "unknown check id \"" + check_id + "\" (" + result.manifest +
                   " has: " + (known.empty() ? "no checks" : known) + ")";
    return result;
  }
  const std::optional<std::string> quoted = quoted_threshold(*check, language);
  if (!quoted) {
    result.error = "check \"" + check_id + "\" in " + result.manifest + " has no required value";
    return result;
  }
  result.text = *quoted;
  return result;
}

}  // namespace memlab::site
