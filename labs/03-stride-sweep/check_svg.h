#pragma once
// A small, self-contained SVG line plot: axes with ticks and labels, a legend, shaded bands, and
// any number of series drawn as lines (solid, dashed, dotted or none) with optional markers.
// Enough to draw a stride sweep next to its model; no dependencies.
#include <string>
#include <vector>

struct PlotSeries {
  enum class Line { solid, dashed, dotted, none };
  std::string name;  // legend text
  std::vector<double> x, y;
  std::string color = "#1f77b4";
  Line line = Line::solid;
  bool markers = false;  // a dot at every point
};

// A shaded area between lo(x) and hi(x), drawn under the series.
struct PlotBand {
  std::string name;
  std::vector<double> x, lo, hi;
  std::string color = "#f4c7b5";
};

struct LinePlot {
  std::string title, x_label, y_label;
  bool log_y = false;           // a logarithmic y axis (points with y <= 0 are left out)
  std::vector<double> x_ticks;  // where to label the x axis; empty: chosen automatically
  std::vector<PlotSeries> series;
  std::vector<PlotBand> bands;
};

std::string render_svg(const LinePlot& plot);
