#include "check_patterns.h"

#include <memlab/bank_model.h>

#include <fmt/format.h>

#include <random>

#include "lab_checks.h"

namespace lab07 {
namespace {

// "i", "i + 32", "2i", "2i + 1": the row that lane i reads.
std::string row_of_lane(int first_row, int row_step) {
  std::string row = row_step == 1 ? "i" : fmt::format("{}i", row_step);
  return first_row == 0 ? row : fmt::format("{} + {}", row, first_row);
}

// Lane i reads tile[first_row + row_step * i][col] of a tile whose rows are `pitch` halves apart.
HalfPattern column_read(int pitch, int col, int first_row, int row_step) {
  HalfPattern p;
  p.name =
      fmt::format("column {} of __half tile[64][{}], lane i -> row {}", col, pitch, row_of_lane(first_row, row_step));
  p.name_zh = fmt::format("__half tile[64][{}] 的第 {} 列，第 i 个 lane -> 第 {} 行", pitch, col,
                          row_of_lane(first_row, row_step));
  for (int lane = 0; lane < kWarpSize; ++lane) p.half_index[lane] = (first_row + row_step * lane) * pitch + col;
  return p;
}

HalfPattern strided(int stride) {
  HalfPattern p;
  p.name = stride == 0 ? "every lane reads s[0] (broadcast)" : fmt::format("lane i reads s[{}i]", stride);
  p.name_zh = stride == 0 ? "每个 lane 都读取 s[0]（广播）" : fmt::format("第 i 个 lane 读取 s[{}i]", stride);
  if (stride == 1) {
    p.name = "lane i reads s[i]";
    p.name_zh = "第 i 个 lane 读取 s[i]";
  }
  for (int lane = 0; lane < kWarpSize; ++lane) p.half_index[lane] = stride * lane;
  return p;
}

HalfPattern random_pattern(std::mt19937_64& engine, int span, const std::string& what, const std::string& what_zh) {
  HalfPattern p;
  p.name = fmt::format("random: 32 lanes in s[0..{}] ({})", span - 1, what);
  p.name_zh = fmt::format("随机：32 个 lane 落在 s[0..{}] 中（{}）", span - 1, what_zh);
  std::uniform_int_distribution<int> pick(0, span - 1);
  for (int& index : p.half_index) index = pick(engine);
  return p;
}

}  // namespace

std::vector<HalfPattern> prediction_patterns(std::uint64_t seed) {
  std::vector<HalfPattern> patterns;
  for (int stride : {0, 1, 2, 3, 4, 5, 8, 16, 32, 33, 64, 65, 66, 128}) patterns.push_back(strided(stride));

  HalfPattern swapped;  // neighbours swap: lanes 2k and 2k+1 read the two halves of word k
  swapped.name = "lane i reads s[i ^ 1]";
  swapped.name_zh = "第 i 个 lane 读取 s[i ^ 1]";
  for (int lane = 0; lane < kWarpSize; ++lane) swapped.half_index[lane] = lane ^ 1;
  patterns.push_back(swapped);

  // The transpose's column read at the pitches a student might try, and the mappings that
  // change the answer: rows i + 32 (the second half of the tile) and rows 2i (half2 writes).
  for (int pitch : {64, 65, 66, 67, 68, 72, 96})
    for (int col : {0, 1, 63}) patterns.push_back(column_read(pitch, col, 0, 1));
  for (int pitch : {65, 66}) {
    patterns.push_back(column_read(pitch, 5, 32, 1));
    patterns.push_back(column_read(pitch, 0, 0, 2));
    patterns.push_back(column_read(pitch, 0, 1, 2));
  }
  HalfPattern narrow = column_read(33, 0, 0, 1);  // a 32-wide tile padded by one half
  narrow.name = "column 0 of __half tile[32][33], lane i -> row i";
  narrow.name_zh = "__half tile[32][33] 的第 0 列，第 i 个 lane -> 第 i 行";
  patterns.push_back(narrow);

  HalfPattern row;  // the tile's row write, read back as a load
  row.name = "row 1 of __half tile[64][65], lane i -> column i";
  row.name_zh = "__half tile[64][65] 的第 1 行，第 i 个 lane -> 第 i 列";
  for (int lane = 0; lane < kWarpSize; ++lane) row.half_index[lane] = 65 + lane;
  patterns.push_back(row);

  std::mt19937_64 engine(seed);
  // Half of lab.json's random warps scattered over the tile, half crowded into a few words.
  static_assert(lab::param::random_warps % 2 == 0, "lab.json: random_warps splits into two halves");
  for (int i = 0; i < lab::param::random_warps / 2; ++i)
    patterns.push_back(random_pattern(engine, 4096, "scattered", "分散"));
  for (int i = 0; i < lab::param::random_warps / 2; ++i)
    patterns.push_back(random_pattern(engine, 128, "crowded: many lanes share words", "拥挤：许多 lane 共用同一个字"));
  return patterns;
}

int model_wavefronts(const HalfPattern& pattern) {
  memlab::bank::WarpAccess access;
  access.width_bytes = 2;
  for (int lane = 0; lane < kWarpSize; ++lane)
    access.byte_address[lane] = static_cast<std::uint32_t>(pattern.half_index[lane]) * 2u;
  return memlab::bank::count_wavefronts(access);
}

}  // namespace lab07
