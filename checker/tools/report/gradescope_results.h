#pragma once
// Gradescope's results.json over the labs a build grades.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace memlab {

// One Gradescope test per check, read from the labs' results/labNN.json. Gradescope knows two
// statuses, "passed" and "failed", and derives one from the score when none is given: a skipped
// check gives none (0 of its points, or 0 of 0 where its points moved to a counter check), and
// its output starts with "Skipped:" and the reason.
nlohmann::json gradescope_results(const std::filesystem::path& results_dir, const std::vector<std::string>& labs);

}  // namespace memlab
