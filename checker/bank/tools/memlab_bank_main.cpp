// memlab-bank: the shared-memory bank model on the command line. Draws the bank table of a
// strided or tiled warp access (text or SVG), or answers warp patterns in batch (the
// contract is in memlab/bank_batch.h).
#include <CLI/CLI.hpp>

#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

#include "memlab/bank_batch.h"
#include "memlab/bank_patterns.h"
#include "memlab/bank_render.h"

namespace {

using namespace memlab::bank;

constexpr const char* kProgram = "memlab-bank";
constexpr const char* kSynopsis =
    "usage: memlab-bank --stride S [--elem E] [--op ld|st] [--svg FILE]\n"
    "       memlab-bank --tile ROWSxCOLS [--pad P] [--swizzle none|xor] [--read row|col] [--index K]\n"
    "                   [--elem E] [--op ld|st] [--svg FILE]\n"
    "       memlab-bank --batch < patterns   (lines: WIDTH ld|st A0 ... A31; each Ai is lane i's\n"
    "                   byte offset into shared memory, or - for an inactive lane)\n";
constexpr const char* kBatchAnswer =
    "--batch answers every input line, in order (output line N answers input line N): a pattern\n"
    "line with WAVEFRONTS WAYS; a blank or # comment line is copied through; a malformed line\n"
    "with \"# error: why\", also on standard error by line number, and the exit status is 1.\n";

// A bad argument: printed with the usage, exit status 2, like the std::invalid_argument the
// pattern constructors throw for a pattern that cannot exist.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct Options {
  std::optional<int> stride;
  std::string tile;
  int pad = 0;
  int elem = 4;
  std::string read = "col";
  int index = 0;
  std::string swizzle = "none";
  std::string op = "ld";
  std::string svg_path;
  bool batch = false;
};

int parse_positive(std::string_view text, const std::string& what) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1)
    throw UsageError("--tile: " + what + " '" + std::string(text) + "' is not a positive whole number");
  return value;
}

TileLayout parse_tile(const Options& options) {
  const auto x = options.tile.find('x');
  if (x == std::string::npos) throw UsageError("--tile takes ROWSxCOLS, e.g. 32x32, not '" + options.tile + "'");
  TileLayout tile;
  tile.rows = parse_positive(std::string_view(options.tile).substr(0, x), "ROWS");
  tile.cols = parse_positive(std::string_view(options.tile).substr(x + 1), "COLS");
  tile.pad_elems = options.pad;
  tile.elem_bytes = options.elem;
  tile.swizzle = options.swizzle == "xor" ? TileSwizzle::xor_row : TileSwizzle::none;
  return tile;
}

int usage_error(const char* what) {
  std::cerr << kProgram << ": " << what << "\n\n" << kSynopsis << "Run memlab-bank --help for details.\n";
  return 2;
}

int show(const WarpAccess& access, const std::string& title, const std::string& svg_path) {
  const AccessResult result = analyze(access);
  if (svg_path.empty()) {
    std::cout << render_text(access, result, title);
    return 0;
  }
  std::ofstream svg(svg_path);
  svg << render_svg(access, result, title);
  svg.close();
  if (!svg) {
    std::cerr << kProgram << ": cannot write " << svg_path << '\n';
    return 1;
  }
  std::cout << "wrote " << svg_path << ": " << summary_line(access, result) << '\n';
  return 0;
}

int run(const Options& options) {
  if (options.batch) return run_batch(std::cin, std::cout, std::cerr, kProgram);
  const MemoryOp op = options.op == "st" ? MemoryOp::store : MemoryOp::load;
  if (options.stride) {
    const WarpAccess access = stride_access(options.elem, *options.stride, op);
    return show(access, stride_title(options.elem, *options.stride), options.svg_path);
  }
  if (!options.tile.empty()) {
    const TileLayout tile = parse_tile(options);
    const TileRead read = options.read == "row" ? TileRead::row : TileRead::column;
    const WarpAccess access = tile_access(tile, read, options.index, op);
    return show(access, tile_title(tile, read, options.index), options.svg_path);
  }
  throw UsageError("choose a view: --stride, --tile or --batch");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "memlab-bank: the shared-memory bank model of CUDA Memory Labs. Shows which banks and 32-bit "
      "words a warp's lanes touch and how many wavefronts the access takes (32 banks x 4 bytes).",
      kProgram};
  Options options;
  auto* stride = app.add_option("--stride", options.stride, "View lanes i -> element i*S (S >= 0; 0 is a broadcast)");
  auto* tile = app.add_option("--tile", options.tile, "View one row or column of a ROWSxCOLS shared tile");
  auto* batch =
      app.add_flag("--batch", options.batch,
                   "Answer WIDTH OP A0..A31 lines from standard input (Ai: lane i's byte offset, or -), line for line");
  auto* elem = app.add_option("--elem", options.elem, "Element (access) size in bytes: 1, 2, 4, 8 or 16")
                   ->check(CLI::IsMember({1, 2, 4, 8, 16}))
                   ->capture_default_str();
  app.add_option("--pad", options.pad, "Tile: unused elements after each row")
      ->check(CLI::NonNegativeNumber)
      ->needs(tile);
  app.add_option("--swizzle", options.swizzle, "Tile: none, or xor (word column ^= row)")
      ->check(CLI::IsMember({"none", "xor"}))
      ->needs(tile);
  app.add_option("--read", options.read, "Tile: the warp reads a row or a column")
      ->check(CLI::IsMember({"row", "col"}))
      ->capture_default_str()
      ->needs(tile);
  app.add_option("--index", options.index, "Tile: which row or column")->check(CLI::NonNegativeNumber)->needs(tile);
  auto* op = app.add_option("--op", options.op, "ld or st")->check(CLI::IsMember({"ld", "st"}))->capture_default_str();
  auto* svg =
      app.add_option("--svg", options.svg_path, "Write the bank table as an SVG figure to FILE instead of text");
  stride->excludes(tile)->excludes(batch);
  tile->excludes(batch);
  for (auto* view_option : {elem, op, svg}) view_option->excludes(batch);  // batch lines carry their own
  app.footer(std::string("\n") + kSynopsis + "\n" + kBatchAnswer);

  try {
    app.parse(argc, argv);
    return run(options);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    return usage_error(error.what());
  } catch (const std::invalid_argument& error) {
    return usage_error(error.what());
  } catch (const std::exception& error) {
    std::cerr << kProgram << ": " << error.what() << '\n';
    return 1;
  }
}
