#pragma once
// Repeatability over many gradings of the same files (docs/results pages print it).
#include <filesystem>
#include <ostream>
#include <vector>

namespace memlab {

// For every check of these labNN.json reports, the spread of its measured value
// ((max - min) / median) and whether all runs gave the same verdict, as a Markdown table.
// Returns 0 when the verdicts agree in every run, else 1. Throws std::runtime_error when a
// report cannot be read or parsed.
int repeatability_table(const std::vector<std::filesystem::path>& reports, std::ostream& out);

}  // namespace memlab
