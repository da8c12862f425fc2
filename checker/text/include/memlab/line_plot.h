#pragma once
// A small, self-contained SVG line plot: axes with ticks and labels, a legend, shaded bands, and
// any number of series drawn as lines (solid, dashed, dotted or none) with optional markers.
// Enough to draw a stride sweep next to its model: lab 03's checker draws the sweep it measures
// with it, and memlab-figures the course's recorded sweep.
#include <string>
#include <vector>

namespace memlab {

struct PlotSeries {
  enum class Line { solid, dashed, dotted, none };
  std::string name;  // legend text
  std::vector<double> x, y;
  std::string color = "#1f77b4";
  Line line = Line::solid;
  bool markers = false;  // a dot at every point, its value shown on hover
};

// A shaded area between lo(x) and hi(x), drawn under the series.
struct PlotBand {
  std::string name;
  std::vector<double> x, lo, hi;
  std::string color = "#f4c7b5";
};

// A labelled y-axis tick ("1/32" at 0.03125).
struct PlotTick {
  double value;
  std::string label;
};

struct LinePlot {
  std::string title, x_label, y_label;
  bool log_y = false;           // a logarithmic y axis (points with y <= 0 are left out)
  std::vector<double> x_ticks;  // where to label the x axis; empty: chosen automatically
  std::vector<PlotSeries> series;
  std::vector<PlotBand> bands;
  std::vector<PlotTick> y_ticks;  // where and how to label the y axis; empty: chosen automatically
  std::string note;               // a line of small print under the plot, if any
};

std::string render_svg(const LinePlot& plot);

}  // namespace memlab
