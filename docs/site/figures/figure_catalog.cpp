#include "figure_catalog.hpp"

#include "bank_explorer.hpp"
#include "bank_tables.hpp"
#include "memory_figures.hpp"
#include "recorded_sweeps.hpp"
#include "svg_text.hpp"
#include "sweep_plot.hpp"

#include "memlab/gpu_table.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace memlab::site::figures {

namespace {

using bank::TileLayout;
using bank::TileSwizzle;

// English or Chinese, for the few words a figure takes from this list (titles, block names).
std::string say(Language language, const std::string& english, const std::string& chinese) {
  return language == Language::zh ? chinese : english;
}

CourseFigure bank_figure(const std::string& name, const BankView& view) {
  return {name, [view](const fs::path&, Language language) { return bank_table_svg(view, language); }};
}

TileLayout tile(int size, int elem_bytes, int pad, TileSwizzle swizzle = TileSwizzle::none) {
  return {size, size, pad, elem_bytes, swizzle};
}

// The band lab 03 grades its sweep with: the "required" value of its check sweep_band.
double sweep_band(const fs::path& root) {
  const fs::path manifest = root / "labs/03-stride-sweep/lab.json";
  const auto lab = nlohmann::json::parse(read_file(manifest));
  for (const auto& check : lab.at("checks")) {
    if (check.value("id", "") == "sweep_band") return check.at("required").get<double>();
  }
  throw std::runtime_error(manifest.string() + " has no check sweep_band");
}

// An H200 SM's shared memory (from the GPU table, which test_gpu_table.cpp holds lab 08's
// kH200 to) cut into lab 08's tiles; the reservation per block and the allocation unit are
// kH200's in labs/08-occupancy/lab.h (cudaGetDeviceProperties on the H200).
std::string h200_shared_steps(Language language) {
  const SharedLimits limits{memlab::gpu_spec("H200 SXM").shared_per_sm, 1024, 128};
  const std::string bytes = grouped(static_cast<double>(limits.per_sm));
  return shared_steps_svg(
      {{say(language, "unpadded or swizzled tile", "无填充或 swizzle 的 tile"), 57344},
       {say(language, "padded tile", "有填充的 tile"), 58240}},
      limits,
      say(language, "Shared memory of one H200 SM (" + bytes + " bytes), divided into lab 08's tiles",
          "一个 H200 SM 的共享内存（" + bytes + " 字节），按实验 08 的 tile 划分"),
      language);
}

// The verification run whose lab 03 records the handout quotes (labs/03-stride-sweep/README.md).
constexpr const char* kLab03Run = "docs/results/h200/2026-12-02-87f3383/csv/";

std::vector<CourseFigure> make_catalog() {
  std::vector<CourseFigure> figures = {
      // Strides of 4-byte words (concepts/banks.md, the decks of labs 02, 03 and 06).
      bank_figure("bank-stride-1.svg", stride_view(4, 1)),
      bank_figure("bank-stride-2.svg", stride_view(4, 2)),
      bank_figure("bank-stride-8.svg", stride_view(4, 8)),
      bank_figure("bank-stride-32.svg", stride_view(4, 32)),
      bank_figure("bank-stride-33.svg", stride_view(4, 33)),
      // Broadcasts and wide accesses (concepts/broadcast.md).
      bank_figure("bank-broadcast.svg", stride_view(4, 0)),
      bank_figure("bank-broadcast-8byte.svg", stride_view(8, 0)),
      bank_figure("bank-broadcast-16byte.svg", stride_view(16, 0)),
      bank_figure("bank-double-stride-1.svg", stride_view(8, 1)),
      // The 32x32 float transpose tile's column read (concepts/padding.md, concepts/swizzle.md).
      bank_figure("tile-32x32-column.svg", tile_column_view(tile(32, 4, 0), 0)),
      bank_figure("tile-32x33-column.svg", tile_column_view(tile(32, 4, 1), 0)),
      bank_figure("tile-32x32-xor-column.svg", tile_column_view(tile(32, 4, 0, TileSwizzle::xor_row), 0)),
      // 2-byte elements (concepts/fp16.md).
      bank_figure("half-stride-1.svg", stride_view(2, 1)),
      bank_figure("half-tile-64x65-column.svg", tile_column_view(tile(64, 2, 1), 0)),
      bank_figure("half-tile-64x66-column.svg", tile_column_view(tile(64, 2, 2), 0)),
  };

  // The interactive bank-conflict page (concepts/banks.md): its data come from the bank model.
  figures.push_back({"bank-conflicts.html", [](const fs::path&, Language language) {
                       return bank_explorer_page("CUDA Memory Labs", language);
                     }});

  // Sectors of a strided warp load (concepts/coalescing.md, lab 01's deck).
  figures.push_back({"coalescing-sectors.svg", [](const fs::path&, Language language) {
                       return sectors_svg({1, 2, 4, 8, 32}, language);
                     }});

  // Shared memory of one H200 SM and lab 08's 224 x 64 float tiles.
  figures.push_back(
      {"h200-shared-steps.svg", [](const fs::path&, Language language) { return h200_shared_steps(language); }});

  // The stride sweep lab 03's checker recorded on the H200 (concepts/banks.md, lab 03's deck).
  figures.push_back({"h200-stride-sweep.svg", [](const fs::path& root, Language language) {
                       return sweep_svg(
                           parse_sweep_csv(read_file(root / "docs/data/h200-stride-sweep.csv")),
                           say(language, "Shared-memory loads by stride, NVIDIA H200 (lab 03's pure kernel)",
                               "按步长的共享内存加载，NVIDIA H200（实验 03 的纯核函数）"),
                           language);
                     }});

  // Lab 03's handout: the solution's and the starter's sweeps, and the mixed kernel, from the
  // CSV files of the verification run the handout quotes.
  figures.push_back({"h200-sweep-solution.svg", [](const fs::path& root, Language language) {
                       return pure_sweep_svg(
                           read_file(root / kLab03Run / "solution.lab03.sweep.csv"), sweep_band(root),
                           say(language, "Lab 03: shared-memory loads by stride (the solution, NVIDIA H200)",
                               "实验 03：按步长的共享内存加载（参考解答，NVIDIA H200）"),
                           language);
                     }});
  figures.push_back({"h200-sweep-starter.svg", [](const fs::path& root, Language language) {
                       return pure_sweep_svg(
                           read_file(root / kLab03Run / "starter.lab03.sweep.csv"), sweep_band(root),
                           say(language, "Lab 03: shared-memory loads by stride (the starter, NVIDIA H200)",
                               "实验 03：按步长的共享内存加载（起始代码，NVIDIA H200）"),
                           language);
                     }});
  figures.push_back({"h200-mixed.svg", [](const fs::path& root, Language language) {
                       // 4 shared loads per step: kMixedLoadsPerElement of labs/03-stride-sweep/lab.h.
                       return mixed_sweep_svg(
                           read_file(root / kLab03Run / "solution.lab03.mixed.csv"),
                           say(language,
                               "Lab 03: the mixed kernel (16 B from DRAM and 4 shared loads per step, NVIDIA H200)",
                               "实验 03：混合核函数（每一步从 DRAM 读 16 B、做 4 次共享内存加载，NVIDIA H200）"),
                           language);
                     }});
  return figures;
}

}  // namespace

const std::vector<CourseFigure>& course_figures() {
  static const std::vector<CourseFigure> figures = make_catalog();
  return figures;
}

}  // namespace memlab::site::figures
