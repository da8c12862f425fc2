#include "recorded_sweeps.hpp"

#include "csv_table.hpp"
#include "svg_text.hpp"
#include "sweep_plot.hpp"

#include "memlab/line_plot.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace memlab::site::figures {

using memlab::LinePlot;
using memlab::PlotBand;
using memlab::PlotSeries;

namespace {

// The words of the two plots, one set per language: the checker's (labs/03-stride-sweep/check.cpp).
struct RecordedWords {
  const char* band;  // {percent}
  const char* model;
  const char* measured;
  const char* theory;
  const char* gbps_axis;
  const char* ways;
  const char* mixed_measured;
  const char* time_axis;
};

constexpr RecordedWords kRecordedWords[] = {
    {"+/- {percent} % band", "stride 1 / ways", "measured", "theory: SMs x 128 B x clock",
     "GB/s of shared-memory loads (log scale)", "ways: the price where shared memory is the bottleneck",
     "mixed kernel, measured", "time relative to stride 1 (log scale)"},
    {"+/- {percent} % 容差带", "步长 1 / 路数", "实测", "理论值：SM 数 x 128 B x 时钟频率",
     "共享内存加载的 GB/s（对数坐标）", "路数：共享内存是瓶颈时的代价", "混合核函数，实测",
     "相对步长 1 的时间（对数坐标）"}};

const RecordedWords& recorded_words(Language language) { return kRecordedWords[language == Language::zh ? 1 : 0]; }

}  // namespace

std::string pure_sweep_svg(std::string_view csv, double band, const std::string& title, Language language) {
  const RecordedWords& words = recorded_words(language);
  const CsvTable table(csv);
  const auto columns =
      required_columns(table, {"stride", "gbps", "expected_gbps", "pct_of_theory"}, "lab 03's sweep CSV");
  PlotBand inside{
      fmt::format(fmt::runtime(words.band), fmt::arg("percent", fixed(100 * band, 0))), {}, {}, {}, "#f4c7b5"};
  PlotSeries model{words.model, {}, {}, "#d0542c", PlotSeries::Line::dashed, false};
  PlotSeries measured{words.measured, {}, {}, "#1f5fa8", PlotSeries::Line::none, true};
  PlotSeries peak{words.theory, {}, {}, "#777777", PlotSeries::Line::dotted, false};
  double theory = 0;  // GB/s, from stride 1's share of it
  for (size_t row = 0; row < table.rows(); ++row) {
    const double stride = table.number(row, columns[0]);
    const double expected = table.number(row, columns[2]);
    if (stride == 1) theory = table.number(row, columns[1]) * 100 / table.number(row, columns[3]);
    for (auto* x : {&inside.x, &model.x, &measured.x}) x->push_back(stride);
    inside.lo.push_back(expected * (1 - band));
    inside.hi.push_back(expected * (1 + band));
    model.y.push_back(expected);
    measured.y.push_back(table.number(row, columns[1]));
  }
  if (!(theory > 0) || !std::isfinite(theory)) throw std::runtime_error("the CSV has no row for stride 1");
  for (const double x : model.x) {
    peak.x.push_back(x);
    peak.y.push_back(theory);
  }
  const LinePlot plot{
      title, stride_axis_label(language), words.gbps_axis, true, stride_ticks(), {model, measured, peak}, {inside}, {},
      ""};
  return in_language(render_svg(plot), language);
}

std::string mixed_sweep_svg(std::string_view csv, const std::string& title, Language language) {
  const RecordedWords& words = recorded_words(language);
  const CsvTable table(csv);
  const auto columns = required_columns(table, {"stride", "ways", "time_vs_stride1"}, "lab 03's mixed CSV");
  PlotSeries ways{words.ways, {}, {}, "#d0542c", PlotSeries::Line::dashed, false};
  PlotSeries measured{words.mixed_measured, {}, {}, "#1f5fa8", PlotSeries::Line::none, true};
  for (size_t row = 0; row < table.rows(); ++row) {
    const double stride = table.number(row, columns[0]);
    ways.x.push_back(stride);
    ways.y.push_back(table.number(row, columns[1]));
    measured.x.push_back(stride);
    measured.y.push_back(table.number(row, columns[2]));
  }
  const LinePlot plot{
      title, stride_axis_label(language), words.time_axis, true, stride_ticks(), {ways, measured}, {}, {}, ""};
  return in_language(render_svg(plot), language);
}

}  // namespace memlab::site::figures
