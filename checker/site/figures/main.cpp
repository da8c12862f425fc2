// memlab-figures: the course site's figures that need more than a bank table, drawn by the
// course's own code at docs build time (never hand-drawn, never committed):
//   interactive   the bank-conflict explorer page, its data computed by the bank model, in
//                 English or (--lang zh) Simplified Chinese
//   sweep         the stride-sweep plot from a CSV that lab 03's checker recorded on a GPU
//   sectors       the 32-byte sectors of a warp's strided 4-byte loads
//   shared-steps  how an SM's shared memory divides into blocks of given sizes
#include "bank_explorer.hpp"
#include "memory_figures.hpp"
#include "sweep_plot.hpp"
#include "text.hpp"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

namespace {

using namespace memlab::site;

constexpr int kCannotRun = 1;

int write_interactive(const std::string& out, const std::string& title, const std::string& lang) {
  const Language language = figures::parse_page_language(lang);
  write_file(out, figures::bank_explorer_page(title, language));
  std::cout << "wrote " << out << ": the bank explorer in " << (language == Language::zh ? "Chinese" : "English")
            << " (strides 1-" << figures::kExplorerMaxStride << ", three 32x32 tiles), data from the bank model\n";
  return 0;
}

int write_sweep(const std::string& csv, const std::string& out, const std::string& title, bool allow_missing) {
  std::error_code ec;
  if (!fs::exists(csv, ec)) {
    if (!allow_missing) throw std::runtime_error("no such file: " + csv);
    write_file(out, figures::model_only_sweep_svg(title, "No recorded sweep in this tree (" +
                                                             fs::path(csv).filename().string() +
                                                             "): the bank model's prediction alone."));
    std::cout << "wrote " << out << ": the model alone (" << csv << " is not there)\n";
    return 0;
  }
  figures::SweepRecording recording;
  try {
    recording = figures::parse_sweep_csv(read_file(csv));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(csv + ": " + e.what());
  }
  write_file(out, figures::sweep_svg(recording, title));
  std::cout << "wrote " << out << ": " << recording.points.size() << " strides from " << csv << "\n";
  return 0;
}

// "unpadded=57344" -> {"unpadded", 57344}
figures::SharedBlock parse_block(const std::string& spec) {
  const auto equals = spec.find('=');
  std::size_t used = 0;
  long long bytes = -1;
  if (equals != std::string::npos && equals > 0) {
    try {
      bytes = std::stoll(spec.substr(equals + 1), &used);
    } catch (const std::exception&) {
      bytes = -1;
    }
  }
  if (bytes < 0 || equals + 1 + used != spec.size()) {
    throw std::runtime_error("--block takes NAME=BYTES (e.g. padded=58240), not \"" + spec + "\"");
  }
  return {spec.substr(0, equals), bytes};
}

int write_figure(const std::string& out, const std::string& svg, const std::string& what) {
  write_file(out, svg);
  std::cout << "wrote " << out << ": " << what << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Draws the CUDA Memory Labs site's generated figures from the course's own code"};
  app.require_subcommand(1);
  std::string out;
  std::string title;

  auto* interactive = app.add_subcommand("interactive", "The interactive bank-conflict page (self-contained HTML)");
  interactive->add_option("--out", out, "HTML file to write")->required();
  std::string course_title = "CUDA Memory Labs";
  interactive->add_option("--course-title", course_title, "Course title in the page's title")->capture_default_str();
  std::string lang = "en";
  interactive->add_option("--lang", lang, "Language of the page: en (English) or zh (Simplified Chinese)")
      ->capture_default_str();

  auto* sweep = app.add_subcommand("sweep", "The stride-sweep plot (SVG) from lab 03's recorded sweep CSV");
  std::string csv;
  bool allow_missing = false;
  sweep->add_option("--csv", csv, "The recorded sweep (lab 03's results/lab03.sweep.csv)")->required();
  sweep->add_option("--out", out, "SVG file to write")->required();
  title = "Shared-memory loads by stride";
  sweep->add_option("--title", title, "Title above the plot")->capture_default_str();
  sweep->add_flag("--allow-missing", allow_missing,
                  "When the CSV is not there, draw the model alone and say so (instead of failing)");

  auto* sectors = app.add_subcommand("sectors", "The 32-byte sectors of a warp's strided 4-byte loads (SVG)");
  std::vector<int> strides;
  sectors->add_option("--strides", strides, "Strides in elements, e.g. 1,2,32")
      ->required()
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
  sectors->add_option("--out", out, "SVG file to write")->required();

  auto* steps = app.add_subcommand("shared-steps", "An SM's shared memory divided into blocks of given sizes (SVG)");
  figures::SharedLimits limits;
  std::vector<std::string> blocks;
  std::string steps_title = "Shared memory of one SM, divided into blocks";
  steps->add_option("--per-sm", limits.per_sm, "Shared memory per SM, bytes")->required()->check(CLI::PositiveNumber);
  steps->add_option("--reserved", limits.reserved, "Bytes reserved for every resident block")->capture_default_str();
  steps->add_option("--unit", limits.unit, "Allocation unit, bytes")->capture_default_str()->check(CLI::PositiveNumber);
  steps->add_option("--block", blocks, "NAME=BYTES of shared memory per block (repeat)")->required();
  steps->add_option("--title", steps_title, "Title above the bars")->capture_default_str();
  steps->add_option("--out", out, "SVG file to write")->required();

  CLI11_PARSE(app, argc, argv);
  try {
    if (interactive->parsed()) return write_interactive(out, course_title, lang);
    if (sectors->parsed()) {
      return write_figure(out, figures::sectors_svg(strides), std::to_string(strides.size()) + " strides");
    }
    if (steps->parsed()) {
      std::vector<figures::SharedBlock> parsed;
      for (const auto& spec : blocks) parsed.push_back(parse_block(spec));
      return write_figure(out, figures::shared_steps_svg(parsed, limits, steps_title),
                          std::to_string(parsed.size()) + " block sizes");
    }
    return write_sweep(csv, out, title, allow_missing);
  } catch (const std::exception& e) {
    std::cerr << "memlab-figures: " << e.what() << "\n";
    return kCannotRun;
  }
}
