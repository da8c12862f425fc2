#include "sweep_plot.hpp"

#include "svg_text.hpp"

#include "memlab/bank_model.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace memlab::site::figures {

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

constexpr double kWidth = 760, kHeight = 450;
constexpr double kLeft = 86, kRight = 730, kTop = 66, kBottom = 386;
constexpr int kMaxStride = 64;
constexpr const char* kMeasuredColour = "#1f5fa8";
constexpr const char* kModelColour = "#d0542c";
constexpr const char* kTheoryColour = "#777777";

struct Tick {
    double value;
    std::string label;
};

struct Series {
    std::string name;
    std::vector<std::pair<double, double>> points;  // (stride, y)
    const char* colour;
    bool line;          // joined by a line, or dots alone
    const char* dash;   // stroke-dasharray, or ""
};

class LogPlot {
public:
    LogPlot(double y_low, double y_high) : log_low_(std::log10(y_low)), log_high_(std::log10(y_high)) {}

    double x(double stride) const { return kLeft + (stride - 0.5) / kMaxStride * (kRight - kLeft); }
    double y(double value) const {
        return kBottom - (std::log10(value) - log_low_) / (log_high_ - log_low_) * (kBottom - kTop);
    }

    std::string render(const std::string& title, const std::string& y_label, const std::vector<Tick>& y_ticks,
                       const std::vector<Series>& series, const std::string& note) const {
        std::ostringstream svg;
        svg << svg_open(kWidth, kHeight, title) << "<text x=\"" << kWidth / 2 << "\" y=\"26\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
            << escape_xml(title) << "</text>\n";
        for (int stride : {1, 8, 16, 24, 32, 40, 48, 56, 64}) {
            svg << "<line x1=\"" << fixed(x(stride)) << "\" y1=\"" << kTop << "\" x2=\"" << fixed(x(stride))
                << "\" y2=\"" << kBottom << "\" stroke=\"#e6e6e6\"/>\n"
                << "<text x=\"" << fixed(x(stride)) << "\" y=\"" << kBottom + 18 << "\" text-anchor=\"middle\">"
                << stride << "</text>\n";
        }
        for (const auto& tick : y_ticks) {
            svg << "<line x1=\"" << kLeft << "\" y1=\"" << fixed(y(tick.value)) << "\" x2=\"" << kRight << "\" y2=\""
                << fixed(y(tick.value)) << "\" stroke=\"#e6e6e6\"/>\n"
                << "<text x=\"" << kLeft - 8 << "\" y=\"" << fixed(y(tick.value) + 4) << "\" text-anchor=\"end\">"
                << escape_xml(tick.label) << "</text>\n";
        }
        svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << kRight - kLeft << "\" height=\""
            << kBottom - kTop << "\" fill=\"none\" stroke=\"#555555\"/>\n"
            << "<text x=\"" << (kLeft + kRight) / 2 << "\" y=\"" << kBottom + 40
            << "\" text-anchor=\"middle\">stride between lanes (32-bit words)</text>\n"
            << "<text transform=\"translate(22 " << (kTop + kBottom) / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
            << escape_xml(y_label) << "</text>\n";
        for (const auto& s : series) svg << draw(s);
        svg << legend(series);
        if (!note.empty()) {
            svg << "<text x=\"" << kWidth / 2 << "\" y=\"" << kHeight - 10
                << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#59636e\">" << escape_xml(note) << "</text>\n";
        }
        svg << "</svg>\n";
        return svg.str();
    }

private:
    std::string draw(const Series& s) const {
        std::ostringstream out;
        if (s.line) {
            out << "<polyline fill=\"none\" stroke=\"" << s.colour << "\" stroke-width=\"1.8\""
                << (*s.dash ? std::string(" stroke-dasharray=\"") + s.dash + "\"" : std::string()) << " points=\"";
            for (const auto& [stride, value] : s.points) out << fixed(x(stride)) << "," << fixed(y(value)) << " ";
            out << "\"/>\n";
            return out.str();
        }
        for (const auto& [stride, value] : s.points) {
            out << "<circle cx=\"" << fixed(x(stride)) << "\" cy=\"" << fixed(y(value)) << "\" r=\"3.4\" fill=\""
                << s.colour << "\"><title>stride " << static_cast<int>(stride) << ": " << grouped(value)
                << "</title></circle>\n";
        }
        return out.str();
    }

    static std::string legend(const std::vector<Series>& series) {
        std::ostringstream out;
        double y = kTop - 14;
        double x = kLeft;
        for (const auto& s : series) {
            if (s.line) {
                out << "<line x1=\"" << x << "\" y1=\"" << y - 4 << "\" x2=\"" << x + 24 << "\" y2=\"" << y - 4
                    << "\" stroke=\"" << s.colour << "\" stroke-width=\"1.8\""
                    << (*s.dash ? std::string(" stroke-dasharray=\"") + s.dash + "\"" : std::string()) << "/>\n";
            } else {
                out << "<circle cx=\"" << x + 12 << "\" cy=\"" << y - 4 << "\" r=\"3.4\" fill=\"" << s.colour << "\"/>\n";
            }
            out << "<text x=\"" << x + 30 << "\" y=\"" << y << "\">" << escape_xml(s.name) << "</text>\n";
            x += 56 + 6.8 * static_cast<double>(s.name.size());
        }
        return out.str();
    }

    double log_low_, log_high_;
};

// The largest of 1, 2 and 5 times a power of ten that is at most `value`.
double tick_below(double value) {
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {5.0, 2.0, 1.0}) {
        if (decade * step <= value) return decade * step;
    }
    return decade;
}

// Powers of ten times 1, 2 and 5 between low and high.
std::vector<Tick> bandwidth_ticks(double low, double high) {
    std::vector<Tick> ticks;
    for (double decade = std::pow(10.0, std::floor(std::log10(low))); decade <= high; decade *= 10) {
        for (double step : {1.0, 2.0, 5.0}) {
            const double value = decade * step;
            if (value >= low && value <= high) ticks.push_back({value, grouped(value)});
        }
    }
    return ticks;
}

Series model_series(double stride1_value) {
    Series model{"model: stride-1 rate / ways (bank model)", {}, kModelColour, true, "6 4"};
    for (int stride = 1; stride <= kMaxStride; ++stride) {
        model.points.emplace_back(stride, stride1_value / bank::predicted_ways_for_stride(stride));
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
    const bool has_stride1 = std::any_of(recording.points.begin(), recording.points.end(),
                                         [](const SweepPoint& p) { return p.stride == 1; });
    if (!has_stride1) throw std::runtime_error("the CSV has no row for stride 1, which the model is relative to");
    return recording;
}

std::string sweep_svg(const SweepRecording& recording, const std::string& title) {
    double stride1 = 0, low = INFINITY, high = 0;
    Series measured{"measured", {}, kMeasuredColour, false, ""};
    for (const auto& p : recording.points) {
        if (p.stride == 1) stride1 = p.gbps;
        measured.points.emplace_back(p.stride, p.gbps);
        low = std::min(low, p.gbps);
        high = std::max(high, p.gbps);
    }
    std::vector<Series> series{model_series(stride1), measured};
    low = std::min(low, stride1 / 32);
    if (recording.theory_gbps) {
        Series theory{"theory: SMs x 128 B x clock", {}, kTheoryColour, true, "2 3"};
        theory.points = {{0.5, *recording.theory_gbps}, {kMaxStride + 0.5, *recording.theory_gbps}};
        series.push_back(theory);
        high = std::max(high, *recording.theory_gbps);
    }
    const double y_low = tick_below(low * 0.8);
    const double y_high = high * 1.25;
    return LogPlot(y_low, y_high)
        .render(title, "GB/s of shared-memory loads (log scale)", bandwidth_ticks(y_low, y_high), series, "");
}

std::string model_only_sweep_svg(const std::string& title, const std::string& note) {
    std::vector<Tick> ticks;
    for (int ways = 1; ways <= 32; ways *= 2) ticks.push_back({1.0 / ways, ways == 1 ? "1" : "1/" + std::to_string(ways)});
    return LogPlot(1.0 / 48, 1.3).render(title, "bandwidth relative to stride 1 (log scale)", ticks,
                                         {model_series(1.0)}, note);
}

}  // namespace memlab::site::figures
