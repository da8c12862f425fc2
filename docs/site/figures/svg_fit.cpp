#include "svg_fit.hpp"

#include "svg_text.hpp"
#include "text_width.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>

namespace memlab::site::figures {

namespace {

// The value of attribute `name` in the start tag `tag`, if it is there.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
  const std::string key = " " + std::string(name) + "=\"";
  const size_t at = tag.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  const size_t start = at + key.size();
  const size_t end = tag.find('"', start);
  if (end == std::string_view::npos) return std::nullopt;
  return std::string(tag.substr(start, end - start));
}

double number(const std::optional<std::string>& value, double fallback) {
  if (!value) return fallback;
  try {
    return std::stod(*value);
  } catch (const std::exception&) {
    return fallback;
  }
}

// The text a reader sees: the five XML escapes undone (the figures write no others).
std::string unescaped(std::string_view text) {
  static const std::pair<std::string_view, char> kEscapes[] = {{"&amp;", '&'},  {"&lt;", '<'},   {"&gt;", '>'},
                                                               {"&quot;", '"'}, {"&#39;", '\''}, {"&apos;", '\''}};
  std::string out;
  for (size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [escape, ch] : kEscapes) {
      if (text.substr(i, escape.size()) == escape) {
        out += ch;
        i += escape.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

struct Line {
  std::string text;
  double from = 0, to = 0;  // along x, or along y for a rotated label
  std::string baseline;     // the y attribute as written; empty for a rotated label
};

std::string span(double from, double to) { return fixed(from) + " to " + fixed(to); }

}  // namespace

std::vector<std::string> svg_fit_problems(std::string_view svg) {
  const size_t root_start = svg.find("<svg");
  const size_t root_end = svg.find('>', root_start);
  if (root_start == std::string_view::npos || root_end == std::string_view::npos) return {"no <svg> element"};
  const std::string_view root = svg.substr(root_start, root_end - root_start);
  const double width = number(attribute(root, "width"), 0);
  const double height = number(attribute(root, "height"), 0);
  const double root_size = number(attribute(root, "font-size"), 16);  // SVG's default: medium, 16 px
  const bool mono = attribute(root, "font-family").value_or("").find("Mono") != std::string::npos;

  std::vector<std::string> problems;
  std::vector<Line> lines;
  for (size_t at = svg.find("<text", root_end); at != std::string_view::npos; at = svg.find("<text", at + 1)) {
    const size_t tag_end = svg.find('>', at);
    const size_t close = svg.find("</text>", tag_end);
    if (tag_end == std::string_view::npos || close == std::string_view::npos) {
      problems.push_back("a <text> element does not close");
      break;
    }
    const std::string_view tag = svg.substr(at, tag_end - at);
    Line line{unescaped(svg.substr(tag_end + 1, close - tag_end - 1)), 0, 0, ""};
    const FontStyle style = mono                                                   ? FontStyle::mono
                            : attribute(tag, "font-weight") == std::string("bold") ? FontStyle::sans_bold
                                                                                   : FontStyle::sans;
    const double w = text_width(line.text, number(attribute(tag, "font-size"), root_size), style);
    const std::string anchor = attribute(tag, "text-anchor").value_or("start");
    const double shift = anchor == "middle" ? w / 2 : anchor == "end" ? w : 0;

    double room = width;
    if (const auto transform = attribute(tag, "transform")) {
      double x = 0, y = 0;
      if (std::sscanf(transform->c_str(), "translate(%lf %lf) rotate(-90)", &x, &y) != 2) {
        problems.push_back("text \"" + line.text + "\": transform \"" + *transform + "\" is not measured here");
        continue;
      }
      // Turned a quarter left, the text runs upwards from y: its start is at the bottom.
      line.from = y - w + shift;
      line.to = y + shift;
      room = height;
    } else {
      const double x = number(attribute(tag, "x"), 0);
      line.from = x - shift;
      line.to = x - shift + w;
      line.baseline = attribute(tag, "y").value_or("0");
    }
    if (line.from < 0 || line.to > room) {
      problems.push_back("text \"" + line.text + "\" (" + span(line.from, line.to) + ") leaves the canvas (0 to " +
                         fixed(room) + ")");
    }
    lines.push_back(line);
  }

  // Texts on one baseline, left to right: each must end before the next one starts.
  std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return a.baseline != b.baseline ? a.baseline < b.baseline : a.from < b.from;
  });
  for (size_t i = 1; i < lines.size(); ++i) {
    const Line& left = lines[i - 1];
    const Line& right = lines[i];
    if (right.baseline.empty() || right.baseline != left.baseline || left.to <= right.from) continue;
    problems.push_back("text \"" + left.text + "\" (" + span(left.from, left.to) + ") runs into \"" + right.text +
                       "\" (" + span(right.from, right.to) + ") on the line at y " + right.baseline);
  }
  return problems;
}

}  // namespace memlab::site::figures
