// memlab-figures: the course's figures, drawn by the course's own code (never by hand).
//   check         every figure of the course text (figure_catalog.hpp), in English and in
//                 Chinese, against the committed docs/figures/; --write rewrites that folder
//   interactive   the bank-conflict explorer page, its data computed by the bank model
//   sweep         the stride-sweep plot from a CSV that lab 03's checker recorded on a GPU
//   sectors       the 32-byte sectors of a warp's strided 4-byte loads
//   shared-steps  how an SM's shared memory divides into blocks of given sizes
// Each single figure is drawn in English or (--lang zh) Simplified Chinese.
#include "bank_explorer.hpp"
#include "figure_catalog.hpp"
#include "figure_folder.hpp"
#include "memory_figures.hpp"
#include "sweep_plot.hpp"
#include "text.hpp"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

namespace {

using namespace memlab::site;

constexpr int kDiffers = 1;
constexpr int kCannotRun = 2;

int write_interactive(const std::string& out, const std::string& title, Language language) {
  write_file(out, figures::bank_explorer_page(title, language));
  std::cout << "wrote " << out << ": the bank explorer in " << (language == Language::zh ? "Chinese" : "English")
            << " (strides 1-" << figures::kExplorerMaxStride << ", three 32x32 tiles), data from the bank model\n";
  return 0;
}

int write_sweep(const std::string& csv, const std::string& out, const std::string& title, bool allow_missing,
                Language language) {
  std::error_code ec;
  if (!fs::exists(csv, ec)) {
    if (!allow_missing) throw std::runtime_error("no such file: " + csv);
    const std::string file = fs::path(csv).filename().string();
    write_file(out, figures::model_only_sweep_svg(
                        title,
                        language == Language::zh
                            ? "本目录树中没有记录的扫描（" + file + "）：只有 bank 模型的预测。"
                            : "No recorded sweep in this tree (" + file + "): the bank model's prediction alone.",
                        language));
    std::cout << "wrote " << out << ": the model alone (" << csv << " is not there)\n";
    return 0;
  }
  figures::SweepRecording recording;
  try {
    recording = figures::parse_sweep_csv(read_file(csv));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(csv + ": " + e.what());
  }
  write_file(out, figures::sweep_svg(recording, title, language));
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

// Draws every figure (into `out` too, when given, so that a difference can be looked at), then
// rewrites docs/figures/ (--write) or holds it to the drawings. `program` is how this tool was
// started, for the one command that rewrites the folder.
int check_figures(const std::string& program, const fs::path& root, const std::string& out, bool write) {
  const auto drawn = figures::draw_course_figures(root);
  if (!out.empty()) figures::write_folder(drawn, out);
  const fs::path committed = root / figures::kFiguresFolder;
  if (write) {
    const int changed = figures::write_folder(drawn, committed);
    std::cout << "wrote " << figures::kFiguresFolder << "/: " << drawn.size() << " figures, " << changed
              << " file(s) written or removed\n";
    return 0;
  }
  const auto differences = figures::folder_differences(drawn, committed);
  for (const auto& difference : differences) std::cout << figures::kFiguresFolder << "/" << difference << "\n";
  if (differences.empty()) {
    std::cout << figures::kFiguresFolder << "/: all " << drawn.size() << " figures are what their generators draw\n";
    return 0;
  }
  std::cout << figures::kFiguresFolder << "/ is not what its generators draw"
            << (out.empty() ? "" : " (their drawings: " + out + ")") << ". Rewrite it with:\n  " << program
            << " check --root " << root.string() << " --write\n";
  return kDiffers;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Draws the figures of CUDA Memory Labs from the course's own code"};
  app.require_subcommand(1);
  std::string out;
  std::string title;
  std::string lang = "en";
  const auto add_lang = [&lang](CLI::App* command) {
    command->add_option("--lang", lang, "Language of the figure: en (English) or zh (Simplified Chinese)")
        ->capture_default_str();
  };

  auto* check = app.add_subcommand("check", "Every figure of the course text against the committed docs/figures/");
  std::string root = ".";
  std::string check_out;
  bool write = false;
  check->add_option("--root", root, "The repository")->capture_default_str();
  check->add_option("--out", check_out, "Also write every drawing into this folder");
  check->add_flag("--write", write, "Rewrite docs/figures/ with the drawings (and remove other files there)");

  auto* interactive = app.add_subcommand("interactive", "The interactive bank-conflict page (self-contained HTML)");
  interactive->add_option("--out", out, "HTML file to write")->required();
  std::string course_title = "CUDA Memory Labs";
  interactive->add_option("--course-title", course_title, "Course title in the page's title")->capture_default_str();
  add_lang(interactive);

  auto* sweep = app.add_subcommand("sweep", "The stride-sweep plot (SVG) from lab 03's recorded sweep CSV");
  std::string csv;
  bool allow_missing = false;
  sweep->add_option("--csv", csv, "The recorded sweep (lab 03's results/lab03.sweep.csv)")->required();
  sweep->add_option("--out", out, "SVG file to write")->required();
  title = "Shared-memory loads by stride";
  sweep->add_option("--title", title, "Title above the plot")->capture_default_str();
  sweep->add_flag("--allow-missing", allow_missing,
                  "When the CSV is not there, draw the model alone and say so (instead of failing)");
  add_lang(sweep);

  auto* sectors = app.add_subcommand("sectors", "The 32-byte sectors of a warp's strided 4-byte loads (SVG)");
  std::vector<int> strides;
  sectors->add_option("--strides", strides, "Strides in elements, e.g. 1,2,32")
      ->required()
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
  sectors->add_option("--out", out, "SVG file to write")->required();
  add_lang(sectors);

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
  add_lang(steps);

  CLI11_PARSE(app, argc, argv);
  try {
    if (check->parsed()) return check_figures(argv[0], root, check_out, write);
    const Language language = figures::parse_page_language(lang);
    if (interactive->parsed()) return write_interactive(out, course_title, language);
    if (sectors->parsed()) {
      return write_figure(out, figures::sectors_svg(strides, language), std::to_string(strides.size()) + " strides");
    }
    if (steps->parsed()) {
      std::vector<figures::SharedBlock> parsed;
      for (const auto& spec : blocks) parsed.push_back(parse_block(spec));
      return write_figure(out, figures::shared_steps_svg(parsed, limits, steps_title, language),
                          std::to_string(parsed.size()) + " block sizes");
    }
    return write_sweep(csv, out, title, allow_missing, language);
  } catch (const std::exception& e) {
    std::cerr << "memlab-figures: " << e.what() << "\n";
    return kCannotRun;
  }
}
