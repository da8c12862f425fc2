#include "sweep_plot.hpp"

#include "csv_table.hpp"
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

constexpr int kMaxStride = 64;
constexpr const char* kMeasuredColour = "#1f5fa8";
constexpr const char* kModelColour = "#d0542c";
constexpr const char* kTheoryColour = "#777777";

// The words of the figure, one set per language.
struct SweepWords {
  const char* gbps_axis;
  const char* relative_axis;
  const char* model;
  const char* measured;
  const char* theory;
};

constexpr SweepWords kSweepWords[] = {
    {"GB/s of shared-memory loads (log scale)", "bandwidth relative to stride 1 (log scale)",
     "model: stride-1 rate / ways (bank model)", "measured", "theory: SMs x 128 B x clock"},
    {"共享内存加载的 GB/s（对数坐标）", "相对步长 1 的带宽（对数坐标）", "模型：步长 1 的速率 / 路数（bank 模型）",
     "实测", "理论值：SM 数 x 128 B x 时钟频率"}};

const SweepWords& sweep_words(Language language) { return kSweepWords[language == Language::zh ? 1 : 0]; }

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

PlotSeries model_series(double stride1_value, Language language) {
  PlotSeries model{sweep_words(language).model, {}, {}, kModelColour, PlotSeries::Line::dashed, false};
  for (int stride = 1; stride <= kMaxStride; ++stride) {
    model.x.push_back(stride);
    model.y.push_back(stride1_value / bank::predicted_ways_for_stride(stride));
  }
  return model;
}

}  // namespace

std::string stride_axis_label(Language language) {
  return language == Language::zh ? "lane 之间的步长（32 位字）" : "stride between lanes (32-bit words)";
}

const std::vector<double>& stride_ticks() {
  static const std::vector<double> ticks = {1, 8, 16, 24, 32, 40, 48, 56, 64};
  return ticks;
}

SweepRecording parse_sweep_csv(std::string_view csv) {
  const CsvTable table(csv);
  const auto columns = required_columns(table, {"stride", "gbps"}, "lab 03's sweep CSV");
  const auto theory_column = table.column("pct_of_theory");
  SweepRecording recording;
  for (size_t row = 0; row < table.rows(); ++row) {
    const double stride = table.number(row, columns[0]);
    const double gbps = table.number(row, columns[1]);
    if (stride < 1 || stride > kMaxStride || stride != std::floor(stride) || gbps <= 0) {
      throw std::runtime_error("line " + std::to_string(table.line_of(row)) + ": stride must be a whole number in 1.." +
                               std::to_string(kMaxStride) + " and gbps positive");
    }
    recording.points.push_back({static_cast<int>(stride), gbps});
    if (stride == 1 && theory_column) {
      const double percent = table.number(row, *theory_column);
      if (percent > 0) recording.theory_gbps = gbps * 100 / percent;
    }
  }
  const bool has_stride1 =
      std::any_of(recording.points.begin(), recording.points.end(), [](const SweepPoint& p) { return p.stride == 1; });
  if (!has_stride1) throw std::runtime_error("the CSV has no row for stride 1, which the model is relative to");
  return recording;
}

std::string sweep_svg(const SweepRecording& recording, const std::string& title, Language language) {
  const SweepWords& words = sweep_words(language);
  double stride1 = 0, low = INFINITY, high = 0;
  PlotSeries measured{words.measured, {}, {}, kMeasuredColour, PlotSeries::Line::none, true};
  for (const auto& p : recording.points) {
    if (p.stride == 1) stride1 = p.gbps;
    measured.x.push_back(p.stride);
    measured.y.push_back(p.gbps);
    low = std::min(low, p.gbps);
    high = std::max(high, p.gbps);
  }
  LinePlot plot{title,
                stride_axis_label(language),
                words.gbps_axis,
                true,
                stride_ticks(),
                {model_series(stride1, language), measured},
                {},
                {},
                ""};
  low = std::min(low, stride1 / 32);
  if (recording.theory_gbps) {
    plot.series.push_back({words.theory,
                           {1, double(kMaxStride)},
                           {*recording.theory_gbps, *recording.theory_gbps},
                           kTheoryColour,
                           PlotSeries::Line::dotted,
                           false});
    high = std::max(high, *recording.theory_gbps);
  }
  plot.y_ticks = bandwidth_ticks(tick_below(low * 0.8), high * 1.25);
  return in_language(render_svg(plot), language);
}

std::string model_only_sweep_svg(const std::string& title, const std::string& note, Language language) {
  LinePlot plot{title,
                stride_axis_label(language),
                sweep_words(language).relative_axis,
                true,
                stride_ticks(),
                {model_series(1.0, language)},
                {},
                {},
                note};
  for (int ways = 1; ways <= 32; ways *= 2)
    plot.y_ticks.push_back({1.0 / ways, ways == 1 ? "1" : "1/" + std::to_string(ways)});
  return in_language(render_svg(plot), language);
}

}  // namespace memlab::site::figures
