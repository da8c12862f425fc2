#pragma once
// The instructor's verification table (checker/tools/verify-labs.sh prints it): every check of
// the starter and solution reports of a run, with the verdict each should have.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace memlab {

// The reports an argument of --verification-table names: a labNN.json itself, or a folder laid
// out as verify-labs.sh --keep-reports keeps a run (FOLDER/starter/labNN.json and
// FOLDER/solution/labNN.json; any subfolder name will do), which gives every lab in lab order
// and, within a lab, the starter's report before the solution's (by the reports' "variant").
// FOLDER/wrong (the known-wrong submissions) is not part of it. Throws std::runtime_error when
// the file does not exist or the folder holds no report.
std::vector<std::filesystem::path> verification_reports(const std::filesystem::path& argument);

// A starter must pass its correctness checks and fail every performance and mechanism check
// (whichever suite runs them); a solution must pass everything. Prints one Markdown row a check
// and the count of unexpected verdicts; returns 0 when there is none, else 1. Throws
// std::runtime_error when a report cannot be read or parsed.
int verification_table(const std::vector<std::filesystem::path>& reports, std::ostream& out);

}  // namespace memlab
