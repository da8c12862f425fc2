// memlab-site: renders the course text (docs, lab handouts, slide decks) and checks it.
#include "checks.hpp"
#include "checks_table.hpp"
#include "lab_tables.hpp"
#include "site.hpp"
#include "text.hpp"
#include "translations.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <exception>
#include <iostream>

namespace {

using namespace memlab::site;

constexpr int kProblemsFound = 1;
constexpr int kCannotRun = 2;

// "1 deck", "2 decks"
std::string count(size_t n, const std::string& noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

int report(Problems problems, const std::string& noun, const std::string& note = "") {
  std::stable_sort(problems.begin(), problems.end(), [](const Problem& a, const Problem& b) {
    return a.file != b.file ? a.file < b.file : a.line < b.line;
  });
  for (const auto& problem : problems) std::cerr << to_string(problem) << "\n";
  if (!problems.empty()) std::cerr << count(problems.size(), noun) << note << "\n";
  return problems.empty() ? 0 : kProblemsFound;
}

fs::path existing_folder(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) throw std::runtime_error("not a folder: " + path.string());
  return fs::absolute(path).lexically_normal();
}

// --figures is optional; when given, the folder must exist (a typo would hide every figure).
fs::path figures_folder(const std::string& arg) { return arg.empty() ? fs::path() : existing_folder(arg); }

int run_site(const SiteOptions& options, bool strict) {
  const RenderSummary summary = render_site(options);
  std::cout << "site: " << count(summary.pages, "page") << ", " << count(summary.decks, "deck") << ", "
            << count(summary.files_copied, "file") << " copied into " << options.out.string() << "\n";
  const int status = report(summary.problems, strict ? "problem" : "warning", strict ? "" : " (pages rendered anyway)");
  return strict ? status : 0;
}

int run_slides(const fs::path& root, const fs::path& in, const fs::path& out, const std::string& title,
               const fs::path& figures) {
  RenderSummary summary;
  if (!in.empty()) {
    const fs::path deck = fs::absolute(in).lexically_normal();
    // Without --root, the deck's repository is the folder above slides/.
    const fs::path repo = root.empty() ? deck.parent_path().parent_path() : existing_folder(root);
    summary = render_one_deck({repo, figures}, deck, out);
  } else {
    summary = render_decks({existing_folder(root.empty() ? "." : root), out, title, figures});
  }
  std::cout << "slides: " << count(summary.decks, "deck") << " written to " << out.string() << "\n";
  report(summary.problems, "warning", " (decks rendered anyway)");
  return 0;
}

int run_check_links(const CourseTree& tree) {
  const LinkReport links = check_links(tree);
  for (const auto& external : links.external) std::cout << "external (not fetched): " << to_string(external) << "\n";
  std::cout << "links: " << links.checked << " checked, " << links.external.size() << " external, "
            << links.broken.size() << " broken\n";
  return report(links.broken, "broken link");
}

int run_check_thresholds(const fs::path& root, bool write) {
  const ThresholdReport thresholds = check_thresholds(root, write);
  std::cout << "thresholds: " << count(thresholds.markers, "marker") << " in "
            << count(thresholds.files_with_markers, "file") << " checked against the lab manifests";
  if (write) std::cout << ", " << count(thresholds.rewritten, "file") << " rewritten";
  std::cout << "\n";
  return report(thresholds.problems, "threshold problem",
                write ? "" : " (memlab-site check-thresholds --root . --write rewrites the quoted values)");
}

int run_check_measured(const fs::path& root) {
  const MeasuredReport measured = check_measured(root);
  std::cout << "measured: " << count(measured.markers, "marker") << " in " << count(measured.files_with_markers, "file")
            << " checked against the committed records (docs/results/, docs/data/)\n";
  return report(measured.problems, "measured-number problem");
}

int run_check_tables(const fs::path& root, bool write) {
  const ChecksTablesReport tables = check_checks_tables(root, write);
  std::cout << "check tables: " << count(tables.pages, "page")
            << " (handouts and decks) checked against the lab manifests";
  if (write) std::cout << ", " << count(tables.rewritten, "page") << " rewritten";
  std::cout << "\n";
  return report(tables.problems, "table problem",
                write ? "" : " (memlab-site check-tables --root . --write rewrites the tables)");
}

int run_lab_tables(const fs::path& root, bool write) {
  const LabTablesReport tables = check_lab_tables(root, write);
  std::cout << "lab tables: " << count(tables.pages, "page") << " checked against " << count(tables.labs, "lab")
            << " in labs/";
  if (write) std::cout << ", " << count(tables.rewritten, "page") << " rewritten";
  std::cout << "\n";
  return report(tables.problems, "lab-table problem",
                write ? "" : " (memlab-site lab-tables --root . --write rewrites the tables from lab.json)");
}

int run_check_translations(const fs::path& root, const std::vector<std::string>& stamp) {
  if (!stamp.empty()) {
    for (const auto& file : stamp_translations(root, stamp)) std::cout << "stamped " << file << "\n";
  }
  const TranslationReport translations = check_translations(root);
  std::cout << "translations: " << count(translations.pages, "page") << " compared with their English pages\n";
  return report(translations.problems, "translation problem");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Renders and checks the course text of CUDA Memory Labs"};
  app.require_subcommand(1);

  std::string root_arg = ".";
  std::string out_arg;
  std::string in_arg;
  std::string title = "CUDA Memory Labs";
  bool strict = false;
  std::string figures_arg;
  const std::string figures_help = "The build's generated figures, linked in the text as docs/figures/NAME";

  auto* site = app.add_subcommand("site", "Render docs/, lab handouts and slide decks into a static site");
  site->add_option("--root", root_arg, "Repository root")->capture_default_str();
  site->add_option("--out", out_arg, "Output folder")->required();
  site->add_option("--title", title, "Course title shown in the sidebar")->capture_default_str();
  site->add_flag("--strict", strict, "Fail when a link, threshold marker or measured marker cannot be resolved");
  site->add_option("--figures", figures_arg, figures_help);

  std::string slides_root;
  auto* slides = app.add_subcommand("slides", "Render slide decks to self-contained HTML");
  auto* slides_in = slides->add_option("--in", in_arg, "One deck (slides/NN-name.md); --out is then the HTML file");
  slides->add_option("--root", slides_root, "Repository root (all decks, or the repository of --in)");
  slides->add_option("--out", out_arg, "Output file (with --in) or folder")->required();
  slides->add_option("--title", title, "Course title for the deck index")->capture_default_str();
  slides->add_option("--figures", figures_arg, figures_help);
  slides_in->check(CLI::ExistingFile);

  auto* links = app.add_subcommand("check-links", "Check that relative links and images resolve");
  links->add_option("--root", root_arg, "Repository root")->capture_default_str();
  links->add_option("--figures", figures_arg, figures_help);

  bool write_thresholds = false;
  auto* thresholds = app.add_subcommand("check-thresholds", "Check quoted thresholds against labs/*/lab.json");
  thresholds->add_option("--root", root_arg, "Repository root")->capture_default_str();
  thresholds->add_flag("--write", write_thresholds,
                       "Rewrite each quoted value that differs to the manifest's, in its page's language "
                       "(a Chinese page X.zh.md quotes it in Chinese)");

  auto* measured =
      app.add_subcommand("check-measured", "Check quoted measurements against docs/results/ and docs/data/");
  measured->add_option("--root", root_arg, "Repository root")->capture_default_str();

  bool write_tables = false;
  auto* tables = app.add_subcommand("check-tables",
                                    "Check the tables of checks in each lab's handouts and decks against its lab.json");
  tables->add_option("--root", root_arg, "Repository root")->capture_default_str();
  tables->add_flag("--write", write_tables,
                   "Rewrite the tables from lab.json (in both languages), inserting a missing checks table");

  bool write_lab_tables = false;
  auto* lab_tables =
      app.add_subcommand("lab-tables",
                         "Check the lab tables of README.md, docs/index.md and docs/index.zh.md (in Chinese) "
                         "against labs/*/lab.json, and that every lab has a handout and a deck");
  lab_tables->add_option("--root", root_arg, "Repository root")->capture_default_str();
  lab_tables->add_flag("--write", write_lab_tables,
                       "Rewrite the tables from lab.json, keeping the columns that are written by hand");

  std::vector<std::string> stamp_args;
  auto* translations =
      app.add_subcommand("check-translations",
                         "Check each Chinese page (X.zh.md) against its English page, that the pages "
                         "docs/translations.txt lists are translated, and that it lists every page students read");
  translations->add_option("--root", root_arg, "Repository root")->capture_default_str();
  translations->add_option("--stamp", stamp_args,
                           "Translations (X.zh.md, relative to the root) brought up to date: record the English "
                           "page's section fingerprints in their first line, then check");

  auto* extract = app.add_subcommand("extract-code", "Extract ```cpp compile / ```cuda compile blocks");
  extract->add_option("--root", root_arg, "Repository root")->capture_default_str();
  extract->add_option("--out", out_arg, "Output folder")->required();

  CLI11_PARSE(app, argc, argv);

  try {
    if (site->parsed()) {
      return run_site({existing_folder(root_arg), fs::absolute(out_arg), title, figures_folder(figures_arg)}, strict);
    }
    if (slides->parsed()) {
      return run_slides(slides_root, in_arg, fs::absolute(out_arg), title, figures_folder(figures_arg));
    }
    if (links->parsed()) return run_check_links({existing_folder(root_arg), figures_folder(figures_arg)});
    if (thresholds->parsed()) return run_check_thresholds(existing_folder(root_arg), write_thresholds);
    if (measured->parsed()) return run_check_measured(existing_folder(root_arg));
    if (tables->parsed()) return run_check_tables(existing_folder(root_arg), write_tables);
    if (lab_tables->parsed()) return run_lab_tables(existing_folder(root_arg), write_lab_tables);
    if (translations->parsed()) return run_check_translations(existing_folder(root_arg), stamp_args);
    if (extract->parsed()) {
      const size_t blocks = extract_code(existing_folder(root_arg), fs::absolute(out_arg));
      std::cout << "extract-code: " << count(blocks, "compilable block") << " written to " << out_arg << "\n";
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "memlab-site: " << e.what() << "\n";
    return kCannotRun;
  }
  return kCannotRun;
}
