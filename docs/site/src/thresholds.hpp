// The labs' threshold manifests (labs/NN-name/lab.json) and the one rule that turns a
// required value into the text the course quotes.
#pragma once

#include "memlab/gap_rule.h"
#include "memlab/manifest.h"

#include "languages.hpp"
#include "problem.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

// unit "x" -> "1.8x"; unit "fraction" -> "75 %"; no unit -> "4096"; other -> "1.1 wavefronts".
std::string format_threshold(double value, std::string_view unit);
// The same in a page's language: a Chinese page writes the unit as the Chinese report does
// (memlab::unit_in_chinese: "1.3 个 wavefront/指令"); x, % and KiB are the same in both.
std::string format_threshold(double value, std::string_view unit, Language language);

// A lab's manifest and its checks as memlab's one reader gives them (checker/core/src/manifest.cpp),
// read as course text quotes them (memlab::ManifestUse::quoting): the site needs no field that
// only grading needs, and whatever a manifest holds is checked as the checker checks it.
using ManifestCheck = memlab::CheckSpec;

struct LabManifest : memlab::Manifest {
  std::string folder;  // "labs/04-padding"

  const ManifestCheck* find(std::string_view id) const;
  std::string manifest_path() const { return folder + "/lab.json"; }
};

// The text a threshold marker quotes for a check, in `language`: its required value with the unit
// ("75 %", "1.3 个 wavefront/32 个元素"), or the words of its gap rule where it has no required
// value; nothing for a pass/fail check. ThresholdBook::lookup and the generated tables of checks
// (check_regions.hpp) both quote it, so the two cannot differ.
std::optional<std::string> quoted_threshold(const ManifestCheck& check, Language language);

// Throws std::runtime_error with a message that names what is wrong. A manifest without a
// "number" takes the one of its folder's name.
LabManifest parse_manifest(std::string_view json_text, const std::string& folder);

// All manifests of a repository, and the marker-id rule: inside labs/NN-name/ a marker names a
// check of that lab ("speedup_vs_starter"); elsewhere it names the lab too ("04/speedup_vs_starter"
// or "04-padding/speedup_vs_starter").
class ThresholdBook {
 public:
  // Reads labs/*/lab.json; unreadable or malformed manifests are reported in `problems`.
  static ThresholdBook load(const fs::path& root, Problems& problems);
  void add(LabManifest manifest);

  struct Lookup {
    std::string text;      // the formatted required value, in the page's language
    std::string manifest;  // where it comes from, e.g. "labs/04-padding/lab.json"
    std::string error;     // non-empty when the marker cannot be resolved
  };
  // In the language of the page that quotes it: a Chinese page (X.zh.md) quotes the value in
  // Chinese (its unit, and a gap rule through memlab::describe_gap_rule_zh), an English page in
  // English. So the checks, the rewrite and the rendered site all give a page the same text.
  Lookup lookup(const std::string& source_repo_path, const std::string& marker_id) const;
  Lookup lookup(const std::string& source_repo_path, const std::string& marker_id, Language language) const;

  const LabManifest* lab_for_folder(const std::string& folder) const;

 private:
  std::map<std::string, LabManifest> by_folder_;  // "labs/04-padding" -> manifest
};

}  // namespace memlab::site
