// Lab 03's handout plots, drawn again from the CSV files its checker recorded on a GPU (and the
// course committed under docs/results/), the way the checker draws them: so the handout's
// figures come from committed records, in either language.
//   pure_sweep_svg   bandwidth by stride against stride 1 / ways, the graded band around it
//                    and the theoretical peak (a results/lab03.sweep.csv)
//   mixed_sweep_svg  time by stride relative to stride 1 against the ways (lab03.mixed.csv)
#pragma once

#include "languages.hpp"

#include <string>
#include <string_view>

namespace memlab::site::figures {

// `band` is the largest deviation sweep_band allows (0.15: 15 %); the CSV needs the columns
// stride, gbps, expected_gbps and pct_of_theory. Throws std::runtime_error naming the line of a
// problem.
std::string pure_sweep_svg(std::string_view csv, double band, const std::string& title, Language language);

// The CSV needs the columns stride, ways and time_vs_stride1.
std::string mixed_sweep_svg(std::string_view csv, const std::string& title, Language language);

}  // namespace memlab::site::figures
