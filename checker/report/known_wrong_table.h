#pragma once
// The known-wrong submissions of a verification run as a Markdown table, from the reports that
// verify-labs.sh --keep-reports DIR keeps in DIR/wrong/<case>/labNN.json.
#include <filesystem>
#include <ostream>

namespace memlab {

// One row a case (every subfolder of `cases_dir`, in name order): the lab, the verdicts its
// expected.json lists (grouped by verdict), the score against its cap, and whether the report
// met them (the --expect comparison). expected.json is the case folder's own copy, which
// verify-labs.sh keeps with the report so that the table is the one of that run; without a copy,
// <root>/solutions/wrong/<case>/expected.json. A case whose report is missing was not graded to
// the end: its row says so. Returns 0 when every case met its expected.json, else 1. Throws
// std::runtime_error when the folder holds no case or a case has no expected.json.
int known_wrong_table(const std::filesystem::path& cases_dir, const std::filesystem::path& root, std::ostream& out);

}  // namespace memlab
