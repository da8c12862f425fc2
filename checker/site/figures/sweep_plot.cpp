#include "sweep_plot.hpp"

#include "svg_text.hpp"

#include "memlab/bank_model.h"
#include "memlab/line_plot.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace memlab::site::figures {

using memlab::LinePlot;
using memlab::PlotSeries;
using memlab::PlotTick;

namespace {

// ---- CSV ------------------------------------------------------------------------------------

// One RFC 4180 record: commas split cells, double quotes quote them ("" is a quote).
std::vector<std::string> csv_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  return cells;
}

double number_cell(const std::string& cell, const std::string& column, int line) {
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(cell, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != cell.size() || !std::isfinite(value)) {
    throw std::runtime_error("line " + std::to_string(line) + ": " + column + " \"" + cell + "\" is not a number");
  }
  return value;
}

// ---- the plot -------------------------------------------------------------------------------

constexpr int kMaxStride = 64;
constexpr const char* kMeasuredColour = "#1f5fa8";
constexpr const char* kModelColour = "#d0542c";
constexpr const char* kTheoryColour = "#777777";
constexpr const char* kStrideLabel = "stride between lanes (32-bit words)";
const std::vector<double> kStrideTicks = {1, 8, 16, 24, 32, 40, 48, 56, 64};

// The largest of 1, 2 and 5 times a power of ten that is at most `value`.
double tick_below(double value) {
  const double decade = std::pow(10.0, std::floor(std::log10(value)));
  for (double step : {5.0, 2.0, 1.0}) {
    if (decade * step <= value) return decade * step;
  }
  return decade;
}

// Powers of ten times 1, 2 and 5 between low and high, written as the course's tables write them.
std::vector<PlotTick> bandwidth_ticks(double low, double high) {
  std::vector<PlotTick> ticks;
  for (double decade = std::pow(10.0, std::floor(std::log10(low))); decade <= high; decade *= 10) {
    for (double step : {1.0, 2.0, 5.0}) {
      const double value = decade * step;
      if (value >= low && value <= high) ticks.push_back({value, grouped(value)});
    }
  }
  return ticks;
}

PlotSeries model_series(double stride1_value) {
  PlotSeries model{"model: stride-1 rate / ways (bank model)", {}, {}, kModelColour, PlotSeries::Line::dashed, false};
  for (int stride = 1; stride <= kMaxStride; ++stride) {
    model.x.push_back(stride);
    model.y.push_back(stride1_value / bank::predicted_ways_for_stride(stride));
  }
  return model;
}

}  // namespace

SweepRecording parse_sweep_csv(std::string_view csv) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(csv)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (lines.empty()) throw std::runtime_error("the CSV is empty (a header with stride and gbps was expected)");
  const auto header = csv_cells(lines[0]);
  const auto column = [&](const std::string& name) -> std::optional<size_t> {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? std::nullopt : std::optional<size_t>(static_cast<size_t>(it - header.begin()));
  };
  const auto stride_column = column("stride");
  const auto gbps_column = column("gbps");
  const auto theory_column = column("pct_of_theory");
  if (!stride_column || !gbps_column) {
    throw std::runtime_error("line 1: the header must name the columns stride and gbps (lab 03's sweep CSV)");
  }
  SweepRecording recording;
  for (size_t i = 1; i < lines.size(); ++i) {
    const int line = static_cast<int>(i + 1);
    if (lines[i].find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto cells = csv_cells(lines[i]);
    if (cells.size() != header.size()) {
      throw std::runtime_error("line " + std::to_string(line) + ": " + std::to_string(cells.size()) +
                               " cells, the header has " + std::to_string(header.size()));
    }
    const double stride = number_cell(cells[*stride_column], "stride", line);
    const double gbps = number_cell(cells[*gbps_column], "gbps", line);
    if (stride < 1 || stride > kMaxStride || stride != std::floor(stride) || gbps <= 0) {
      throw std::runtime_error("line " + std::to_string(line) + ": stride must be a whole number in 1.." +
                               std::to_string(kMaxStride) + " and gbps positive");
    }
    recording.points.push_back({static_cast<int>(stride), gbps});
    if (stride == 1 && theory_column) {
      const double percent = number_cell(cells[*theory_column], "pct_of_theory", line);
      if (percent > 0) recording.theory_gbps = gbps * 100 / percent;
    }
  }
  const bool has_stride1 =
      std::any_of(recording.points.begin(), recording.points.end(), [](const SweepPoint& p) { return p.stride == 1; });
  if (!has_stride1) throw std::runtime_error("the CSV has no row for stride 1, which the model is relative to");
  return recording;
}

std::string sweep_svg(const SweepRecording& recording, const std::string& title) {
  double stride1 = 0, low = INFINITY, high = 0;
  PlotSeries measured{"measured", {}, {}, kMeasuredColour, PlotSeries::Line::none, true};
  for (const auto& p : recording.points) {
    if (p.stride == 1) stride1 = p.gbps;
    measured.x.push_back(p.stride);
    measured.y.push_back(p.gbps);
    low = std::min(low, p.gbps);
    high = std::max(high, p.gbps);
  }
  LinePlot plot{title, kStrideLabel, "GB/s of shared-memory loads (log scale)",
                true,  kStrideTicks, {model_series(stride1), measured},
                {},    {},           ""};
  low = std::min(low, stride1 / 32);
  if (recording.theory_gbps) {
    plot.series.push_back({"theory: SMs x 128 B x clock",
                           {1, double(kMaxStride)},
                           {*recording.theory_gbps, *recording.theory_gbps},
                           kTheoryColour,
                           PlotSeries::Line::dotted,
                           false});
    high = std::max(high, *recording.theory_gbps);
  }
  plot.y_ticks = bandwidth_ticks(tick_below(low * 0.8), high * 1.25);
  return render_svg(plot);
}

std::string model_only_sweep_svg(const std::string& title, const std::string& note) {
  LinePlot plot{title, kStrideLabel, "bandwidth relative to stride 1 (log scale)",
                true,  kStrideTicks, {model_series(1.0)},
                {},    {},           note};
  for (int ways = 1; ways <= 32; ways *= 2)
    plot.y_ticks.push_back({1.0 / ways, ways == 1 ? "1" : "1/" + std::to_string(ways)});
  return render_svg(plot);
}

}  // namespace memlab::site::figures
