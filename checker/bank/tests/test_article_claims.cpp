// The source articles' shared-memory kernels and index formulas, checked against the course's
// bank model and against plain index arithmetic. Each case states what the articles claim and
// what is true; docs/source-articles.md and docs/common-errors.md link here. The index math is
// the articles' own (rewritten, not copied); only the checks are the course's.
#include <doctest/doctest.h>

#include <cstdint>
#include <set>

#include "memlab/bank_model.h"
#include "test_patterns_util.h"

namespace memlab::bank {
namespace {

using test::lanes_at;

constexpr std::uint32_t kFloat = 4;

// Wavefronts of one warp's 4-byte access to the word `word_of_lane(lane)` of each active lane.
int wavefronts_of_words(const std::function<std::uint32_t(int)>& word_of_lane, std::uint32_t mask = kAllLanes) {
  return count_wavefronts(lanes_at(
      4, [&](int lane) { return word_of_lane(lane) * kFloat; }, mask));
}

// Lanes of warp `warp` (of a block of `block` threads) for which `active(tid)` is true.
std::uint32_t mask_of(int warp, const std::function<bool(int)>& active) {
  std::uint32_t mask = 0;
  for (int lane = 0; lane < kWarpSize; ++lane)
    if (active(warp * kWarpSize + lane)) mask |= 1u << lane;
  return mask;
}

TEST_SUITE("articles") {
  // The shared-memory article's transpose_naive and transpose_padded: thread (tx, ty) of tile
  // (bx, by) stores in[(by*32 + ty)*N + bx*32 + tx] to tile[tx][ty], then writes tile[ty][tx]
  // to out[(bx*32 + tx)*N + by*32 + ty]. The swap in shared memory and the swap of the global
  // indices cancel: each tile lands in the right place, but untransposed.
  TEST_CASE("the articles' transpose kernels do not transpose inside a tile") {
    constexpr int N = 64;  // two tiles a side are enough to see it; padding changes nothing
    int wrong = 0;
    for (int by = 0; by < N / 32; ++by)
      for (int bx = 0; bx < N / 32; ++bx)
        for (int ty = 0; ty < 32; ++ty)
          for (int tx = 0; tx < 32; ++tx) {
            // What thread (tx, ty) writes: the tile element [ty][tx], stored by thread
            // (tx' = ty, ty' = tx), which read in[(by*32 + tx)*N + bx*32 + ty].
            const int out_row = bx * 32 + tx, out_col = by * 32 + ty;
            const int read_row = by * 32 + tx, read_col = bx * 32 + ty;
            // A transpose needs out[r][c] == in[c][r].
            if (!(read_row == out_col && read_col == out_row)) ++wrong;
          }
    // Only the diagonal of each tile (tx == ty) is right: 32 of 1024 elements per tile.
    CHECK(wrong == N * N - (N / 32) * (N / 32) * 32);
  }

  // The shared-memory article's own interleaved tree: `if (tid % (2*s) == 0)
  // sdata[tid] += sdata[tid + s]`. It says the stride s makes this conflict; but the active
  // lanes of a warp are tid = 0, 2s, 4s, ... below 32, whose words 2s*k stay below 32 (and
  // tid + s below 32 + s): every active lane is in its own bank.
  TEST_CASE("the articles' tid % (2*s) tree has no bank conflicts") {
    constexpr int block = 256;
    for (int s = 1; s < block; s *= 2)
      for (int warp = 0; warp < block / kWarpSize; ++warp) {
        const std::uint32_t mask = mask_of(warp, [&](int tid) { return tid % (2 * s) == 0; });
        if (mask == 0) continue;
        CAPTURE(s);
        CAPTURE(warp);
        const auto tid = [&](int lane) { return static_cast<std::uint32_t>(warp * kWarpSize + lane); };
        CHECK(wavefronts_of_words([&](int lane) { return tid(lane); }, mask) == 1);
        CHECK(wavefronts_of_words([&](int lane) { return tid(lane) + s; }, mask) == 1);
      }
  }

  // The tree the articles' bank argument describes is a different kernel: the strided index
  // `idx = 2*s*tid; if (idx < blockDim.x) sdata[idx] += sdata[idx + s]`, in which all lanes of
  // a warp are active and their words are 2s apart.
  TEST_CASE("the strided-index tree conflicts; sequential addressing does not") {
    constexpr int block = 256;
    // Warp 0's ways for s = 1, 2, ..., 128: the active lanes shrink as the stride grows.
    const int expected[] = {2, 4, 8, 8, 8, 4, 2, 1};
    int step = 0;
    for (int s = 1; s < block; s *= 2, ++step) {
      CAPTURE(s);
      const std::uint32_t mask = mask_of(0, [&](int tid) { return 2 * s * tid < block; });
      CHECK(wavefronts_of_words([&](int lane) { return 2u * s * lane; }, mask) == expected[step]);
    }
    for (int s = block / 2; s > 0; s /= 2)
      for (int warp = 0; warp < block / kWarpSize; ++warp) {
        const std::uint32_t mask = mask_of(warp, [&](int tid) { return tid < s; });
        if (mask == 0) continue;
        CHECK(wavefronts_of_words([&](int lane) { return warp * 32u + lane + s; }, mask) == 1);
      }
  }

  // SWIZZLE(addr) = addr ^ ((addr & 0x7C0) >> 1) moves bits 6-10 onto bits 5-9: it XORs row
  // bits into row bits and never touches bits 0-4, the bank of a 4-byte word. A column of a
  // 32-float tile stays in one bank.
  TEST_CASE("the articles' SWIZZLE macro leaves a column in one bank") {
    const auto swizzle_macro = [](std::uint32_t addr) { return addr ^ ((addr & 0x7C0u) >> 1); };
    for (std::uint32_t col = 0; col < 32; ++col) {
      CAPTURE(col);
      std::set<std::uint32_t> words;
      for (int row = 0; row < 32; ++row) words.insert(swizzle_macro(row * 32u + col));
      CHECK(words.size() == 32);  // still a permutation of the column ...
      CHECK(wavefronts_of_words([&](int lane) { return swizzle_macro(lane * 32u + col); }) == 32);
    }
  }

  // gemm_swizzle(row, col, ld): even rows at (row/2)*ld + col, odd rows 16 words further.
  // A column read meets two banks, so it is 16-way; with ld = 32 it is not even a layout,
  // since row 1 column 0 and row 0 column 16 share a word.
  TEST_CASE("the articles' gemm_swizzle leaves a column 16-way") {
    const auto gemm_swizzle = [](int row, int col, int ld) {
      return static_cast<std::uint32_t>((row / 2) * ld + col + (row % 2 == 0 ? 0 : 16));
    };
    for (int ld : {32, 64, 128}) {
      CAPTURE(ld);
      CHECK(wavefronts_of_words([&](int lane) { return gemm_swizzle(lane, 3, ld); }) == 16);
    }
    CHECK(gemm_swizzle(1, 0, 32) == gemm_swizzle(0, 16, 32));
  }

  // fa_swizzle<HEAD_DIM>(row, col) = row*HEAD_DIM + (col ^ (col/16)*2): the XOR depends on
  // the column only, so all rows of one column stay in one bank.
  TEST_CASE("the articles' fa_swizzle leaves a column in one bank") {
    const auto fa_swizzle = [](int head_dim, int row, int col) {
      return static_cast<std::uint32_t>(row * head_dim + (col ^ ((col / 16) * 2)));
    };
    for (int head_dim : {64, 128})
      for (int col : {0, 5, 17, 40}) {
        CAPTURE(head_dim);
        CAPTURE(col);
        CHECK(wavefronts_of_words([&](int lane) { return fa_swizzle(head_dim, lane, col); }) == 32);
      }
  }

  // The articles' GEMM section: "a 128-wide float tile is conflict-free, a 127-wide one
  // conflicts". The access it works through has lanes along a row, which no width conflicts;
  // for lanes down a column it is the other way round.
  TEST_CASE("pitch 128 conflicts down a column and pitch 127 does not") {
    for (std::uint32_t pitch : {128u, 127u}) {
      CAPTURE(pitch);
      // Lanes along a row (the articles' As[y][k*32 + x] and Bs[k*32 + y][x]): any pitch.
      CHECK(wavefronts_of_words([&](int lane) { return 5 * pitch + 32 + lane; }) == 1);
    }
    // Lanes down a column: rows 0..31 of one column.
    CHECK(wavefronts_of_words([&](int lane) { return lane * 128u + 7; }) == 32);
    CHECK(wavefronts_of_words([&](int lane) { return lane * 127u + 7; }) == 1);
  }
}

}  // namespace
}  // namespace memlab::bank
