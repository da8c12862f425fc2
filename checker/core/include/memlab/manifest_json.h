#pragma once
// The manifest's typed JSON reading (the format: memlab/manifest.h), for code that already holds
// a parsed nlohmann::json: `doc.get<memlab::Manifest>()`. Kept out of manifest.h so that the
// labs' checkers, which include manifest.h through checker.h, do not compile nlohmann's header.
//
// These read as ManifestUse::grading and throw std::runtime_error naming the check and the
// field; parse_manifest() adds the file's name.
#include <nlohmann/json_fwd.hpp>

#include "memlab/gap_rule.h"
#include "memlab/manifest.h"

namespace memlab {

void from_json(const nlohmann::json& j, GapRule& rule);
// One check as written: its {name}s stay as they are (the manifest's parameters substitute them).
void from_json(const nlohmann::json& j, CheckSpec& check);
void from_json(const nlohmann::json& j, Manifest& manifest);

// The same with the use said: what parse_manifest() calls after parsing the text.
Manifest read_manifest(const nlohmann::json& j, ManifestUse use);

}  // namespace memlab
