// The stride-sweep figure: shared-memory load bandwidth against the stride between lanes, as
// recorded by lab 03's checker on a GPU (its results/lab03.sweep.csv), drawn next to the bank
// model's prediction, stride-1 bandwidth / ways(stride). Without a recording the figure shows
// the model alone and says so.
#pragma once

#include "languages.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site::figures {

struct SweepPoint {
  int stride = 0;
  double gbps = 0;  // shared-memory bytes loaded per second, 1e9
};

struct SweepRecording {
  std::vector<SweepPoint> points;     // in the CSV's order
  std::optional<double> theory_gbps;  // from pct_of_theory, when the CSV has it
};

// Reads lab 03's CSV: a header naming at least `stride` and `gbps` (and optionally
// `pct_of_theory`), then one row per stride. Throws std::runtime_error naming the line of the
// first problem; a recording without stride 1 is refused (the model is relative to it).
SweepRecording parse_sweep_csv(std::string_view csv);

// The recorded sweep (points), the model (a dashed line) and, when known, the theoretical peak.
std::string sweep_svg(const SweepRecording& recording, const std::string& title, Language language = Language::en);

// The model alone, relative to stride 1, with `note` saying why no measurement is shown.
std::string model_only_sweep_svg(const std::string& title, const std::string& note, Language language = Language::en);

// The x axis of every stride plot: its label in `language` and its ticks (1, 8, ..., 64).
std::string stride_axis_label(Language language);
const std::vector<double>& stride_ticks();

}  // namespace memlab::site::figures
