#include "memlab/line_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "memlab/text_format.h"

namespace memlab {

namespace {

constexpr double kWidth = 760, kHeight = 470;
constexpr double kLeft = 86, kRight = kWidth - 28, kTop = 74, kBottom = kHeight - 62;

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string coord(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// The 1-2-5 sequence: the largest such value <= v (down) or the smallest >= v (up).
double nice(double v, bool up) {
  const double decade = std::pow(10.0, std::floor(std::log10(v)));
  const double steps[] = {1, 2, 5, 10};
  if (up) {
    for (double s : steps)
      if (s * decade >= v * (1 - 1e-12)) return s * decade;
    return 10 * decade;
  }
  for (int i = 3; i >= 0; --i)
    if (steps[i] * decade <= v * (1 + 1e-12)) return steps[i] * decade;
  return decade;
}

struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  std::vector<double> ticks;
  double frac(double v) const {
    return log ? (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) : (v - lo) / (hi - lo);
  }
};

Axis linear_axis(double lo, double hi) {
  if (!(hi > lo)) hi = lo + 1;
  Axis a;
  const double step = nice((hi - lo) / 6, true);
  a.lo = std::floor(lo / step) * step;
  a.hi = std::ceil(hi / step) * step;
  for (double t = a.lo; t <= a.hi + step / 2; t += step) a.ticks.push_back(t);
  return a;
}

Axis log_axis(double lo, double hi) {
  Axis a;
  a.log = true;
  a.lo = nice(lo, false);
  a.hi = nice(hi, true);
  if (!(a.hi > a.lo)) a.hi = a.lo * 10;
  for (double decade = std::pow(10.0, std::floor(std::log10(a.lo))); decade <= a.hi; decade *= 10)
    for (double s : {1.0, 2.0, 5.0})
      if (s * decade >= a.lo * (1 - 1e-12) && s * decade <= a.hi * (1 + 1e-12)) a.ticks.push_back(s * decade);
  return a;
}

// An axis through the given ticks and the data, with a margin so no point sits on the frame.
Axis ticked_axis(double lo, double hi, const std::vector<double>& ticks, bool log) {
  Axis a;
  a.log = log;
  a.lo = std::min(lo, *std::min_element(ticks.begin(), ticks.end()));
  a.hi = std::max(hi, *std::max_element(ticks.begin(), ticks.end()));
  if (log) {
    a.lo /= 1.25, a.hi *= 1.25;
  } else {
    const double margin = a.hi > a.lo ? 0.05 * (a.hi - a.lo) : 1;
    a.lo -= margin, a.hi += margin;
  }
  a.ticks = ticks;
  return a;
}

bool usable(double x, double y, bool log_y) { return std::isfinite(x) && std::isfinite(y) && (!log_y || y > 0); }

// The room a legend text takes at 12 px: 6.6 px per ASCII character, 12 px (1 em) per other
// character, as wide as a CJK glyph. UTF-8 bytes would count a Chinese character three times.
double legend_width(const std::string& name) {
  double width = 0;
  for (const char ch : name) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x80)
      width += 6.6;
    else if ((byte & 0xC0) != 0x80)
      width += 12;
  }
  return width;
}

}  // namespace

std::string render_svg(const LinePlot& plot) {
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
  for (const auto& s : plot.series)
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!usable(s.x[i], s.y[i], plot.log_y)) continue;
      x_lo = std::min(x_lo, s.x[i]);
      x_hi = std::max(x_hi, s.x[i]);
      y_lo = std::min(y_lo, s.y[i]);
      y_hi = std::max(y_hi, s.y[i]);
    }
  for (const auto& b : plot.bands)
    for (std::size_t i = 0; i < b.x.size() && i < b.lo.size() && i < b.hi.size(); ++i)
      for (double y : {b.lo[i], b.hi[i]})
        if (usable(b.x[i], y, plot.log_y)) y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
  if (!std::isfinite(x_lo)) x_lo = 0, x_hi = 1, y_lo = 1, y_hi = 10;  // nothing to draw: empty axes

  Axis x_axis;
  if (plot.x_ticks.empty()) {
    x_axis = linear_axis(x_lo, x_hi);
  } else {
    x_axis.lo = std::min(x_lo, *std::min_element(plot.x_ticks.begin(), plot.x_ticks.end()));
    x_axis.hi = std::max(x_hi, *std::max_element(plot.x_ticks.begin(), plot.x_ticks.end()));
    if (!(x_axis.hi > x_axis.lo)) x_axis.hi = x_axis.lo + 1;
    x_axis.ticks = plot.x_ticks;
  }
  std::vector<double> y_tick_values;
  for (const PlotTick& t : plot.y_ticks) y_tick_values.push_back(t.value);
  const Axis y_axis = !y_tick_values.empty() ? ticked_axis(y_lo, y_hi, y_tick_values, plot.log_y)
                      : plot.log_y           ? log_axis(y_lo, y_hi)
                                             : linear_axis(std::min(0.0, y_lo), y_hi);
  auto px = [&](double x) { return kLeft + x_axis.frac(x) * (kRight - kLeft); };
  auto py = [&](double y) { return kBottom - y_axis.frac(y) * (kBottom - kTop); };
  const double height = kHeight + (plot.note.empty() ? 0 : 20);

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << kWidth << " " << height
      << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      << "<title>" << escape_xml(plot.title) << "</title>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kWidth / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
      << escape_xml(plot.title) << "</text>\n";

  // Grid and tick labels.
  for (double t : x_axis.ticks) {
    svg << "<line x1=\"" << coord(px(t)) << "\" y1=\"" << kTop << "\" x2=\"" << coord(px(t)) << "\" y2=\"" << kBottom
        << "\" stroke=\"#e3e3e3\"/>\n"
        << "<text x=\"" << coord(px(t)) << "\" y=\"" << kBottom + 18 << "\" text-anchor=\"middle\">" << number(t)
        << "</text>\n";
  }
  for (std::size_t i = 0; i < y_axis.ticks.size(); ++i) {
    const double t = y_axis.ticks[i];
    const std::string label = plot.y_ticks.empty() ? number(t) : plot.y_ticks[i].label;
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << coord(py(t)) << "\" x2=\"" << kRight << "\" y2=\"" << coord(py(t))
        << "\" stroke=\"#e3e3e3\"/>\n"
        << "<text x=\"" << kLeft - 8 << "\" y=\"" << coord(py(t) + 4) << "\" text-anchor=\"end\">" << escape_xml(label)
        << "</text>\n";
  }
  svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << kRight - kLeft << "\" height=\""
      << kBottom - kTop << "\" fill=\"none\" stroke=\"#333\"/>\n"
      << "<text x=\"" << (kLeft + kRight) / 2 << "\" y=\"" << kHeight - 18 << "\" text-anchor=\"middle\">"
      << escape_xml(plot.x_label) << "</text>\n"
      << "<text transform=\"translate(20 " << (kTop + kBottom) / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
      << escape_xml(plot.y_label) << "</text>\n";

  // Bands, then series, each with its legend entry in one row above the plot.
  double legend_x = kLeft;
  auto legend_text = [&](const std::string& name) {
    svg << "<text x=\"" << coord(legend_x + 32) << "\" y=\"54\">" << escape_xml(name) << "</text>\n";
    legend_x += 32 + legend_width(name) + 22;
  };
  for (const auto& b : plot.bands) {
    std::string upper, lower;  // along the top edge left to right, then back along the bottom
    for (std::size_t i = 0; i < b.x.size() && i < b.lo.size() && i < b.hi.size(); ++i) {
      if (!usable(b.x[i], b.lo[i], plot.log_y) || !usable(b.x[i], b.hi[i], plot.log_y)) continue;
      upper += coord(px(b.x[i])) + "," + coord(py(b.hi[i])) + " ";
      lower = coord(px(b.x[i])) + "," + coord(py(b.lo[i])) + " " + lower;
    }
    svg << "<polygon fill=\"" << escape_xml(b.color) << "\" fill-opacity=\"0.6\" stroke=\"none\" points=\"" << upper
        << lower << "\"/>\n"
        << "<rect x=\"" << coord(legend_x) << "\" y=\"44\" width=\"26\" height=\"12\" fill=\"" << escape_xml(b.color)
        << "\" fill-opacity=\"0.6\"/>\n";
    legend_text(b.name);
  }
  for (const auto& s : plot.series) {
    const char* dash = s.line == PlotSeries::Line::dashed   ? " stroke-dasharray=\"7 4\""
                       : s.line == PlotSeries::Line::dotted ? " stroke-dasharray=\"2 3\""
                                                            : "";
    if (s.line != PlotSeries::Line::none) {
      std::ostringstream points;
      for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
        if (usable(s.x[i], s.y[i], plot.log_y))
          points << (points.tellp() > 0 ? " " : "") << coord(px(s.x[i])) << "," << coord(py(s.y[i]));
      svg << "<polyline fill=\"none\" stroke=\"" << escape_xml(s.color) << "\" stroke-width=\"2\"" << dash
          << " points=\"" << points.str() << "\"/>\n"
          << "<line x1=\"" << coord(legend_x) << "\" y1=\"50\" x2=\"" << coord(legend_x + 26)
          << "\" y2=\"50\" stroke=\"" << escape_xml(s.color) << "\" stroke-width=\"2\"" << dash << "/>\n";
    }
    if (s.markers) {
      for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
        if (usable(s.x[i], s.y[i], plot.log_y))
          svg << "<circle cx=\"" << coord(px(s.x[i])) << "\" cy=\"" << coord(py(s.y[i])) << "\" r=\"3.2\" fill=\""
              << escape_xml(s.color) << "\"><title>" << number(s.x[i]) << ": " << number(s.y[i])
              << "</title></circle>\n";
      svg << "<circle cx=\"" << coord(legend_x + 13) << "\" cy=\"50\" r=\"3.2\" fill=\"" << escape_xml(s.color)
          << "\"/>\n";
    }
    legend_text(s.name);
  }
  if (!plot.note.empty())
    svg << "<text x=\"" << kWidth / 2 << "\" y=\"" << height - 10
        << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#59636e\">" << escape_xml(plot.note) << "</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace memlab
