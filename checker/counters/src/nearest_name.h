// Internal: the candidate closest to a misspelled name, for "did you mean" hints.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace memlab::counters::detail {

// Levenshtein distance (single-character insertions, deletions, substitutions).
std::size_t edit_distance(const std::string& a, const std::string& b);

// The candidate with the smallest edit distance to `word` (the first on ties),
// or "" when there are no candidates.
std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace memlab::counters::detail
