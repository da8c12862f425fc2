#pragma once
// A check's and a lab's text in a report's language: the manifest's Chinese ("zh") where it has
// it, the English otherwise, field by field, so that a check not yet translated still reads whole.
#include <string>
#include <vector>

#include "memlab/manifest.h"
#include "memlab/report.h"
#include "memlab/report_language.h"

namespace memlab {

const std::string& check_description(const CheckSpec& check, Language language);
const std::string& check_hint(const CheckSpec& check, Language language);
const std::string& lab_title(const Manifest& manifest, Language language);

// Each row that is a check of `manifest` gets its description and hint in `language`; other rows
// (the report's own submission_contract) are left as they are.
void translate_rows(std::vector<CheckResult>& rows, const Manifest& manifest, Language language);

}  // namespace memlab
