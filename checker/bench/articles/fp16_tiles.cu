// memlab-bench-fp16-tiles: a 4096 x 4096 __half transpose through a 64 x 64 tile of halves,
// with six tile layouts and column reads, against a plain coalesced copy of the same bytes.
//
// The shared-memory article (section 7.1 "Bank 宽度的"4B vs 8B"——FP16 时代的新问题")
// warns that FP16 changes the bank rules without saying how; lab 07 (labs/07-fp16-banks) states
// the rule (count distinct 32-bit words per bank) and this program measures the cases of its
// README table. Every kernel has the structure of lab 07's starter and solution: 32 x 8 threads
// per 64 x 64 tile, a warp reads 64 consecutive halves of a row of `in` into a row of the tile,
// then writes 64 consecutive halves of a row of `out` from a COLUMN of the tile. What differs is
// the tile's pitch and which rows a lane reads for the column:
//   rows x, x+32        lane x reads tile[x][c] and tile[x + 32][c] and writes two halves of
//                       out 32 apart (the lab's kernels: [64][65] is the starter, [64][66] the
//                       solution)
//   rows 2x, 2x+1       lane x reads tile[2x][c] and tile[2x + 1][c] and writes them as one
//                       __half2 (two neighbouring halves of out)
//   __half2 [32][65]    tile2[p][c] holds tile[2p][c] and tile[2p + 1][c] (lab 07 README, "The
//                       other way out: half2 packing"); the column read is one 4-byte load of
//                       tile2[x][c], written as one __half2. The packing is done on the way in:
//                       each thread first loads its 16 halves (two rows of `in` per pair)
//                       into registers, then stores its 8 half2s.
//
// CSV (stdout): layout,column_read,model_ways,wavefronts_per_load,ms,gbps,
// fraction_of_copy_roofline,correct,gpu,note. model_ways: the course's bank model
// (memlab::bank::analyze, checker/bank) for the warp's column-read instruction, the worst over
// the tile's 64 columns and the kernel's column-read instructions. wavefronts_per_load: shared-
// load wavefronts over shared-load instructions over one launch (the counters lab 07 reads; the
// column reads are the kernels' only shared loads). gbps = 2 * N * N * 2 bytes / median time;
// fraction_of_copy_roofline = the copy's time / the kernel's (the copy: uint4 loads and stores,
// one per thread, over the same 32 MiB, timed in this program). correct: bit for bit equal to
// the host's transpose of random 16-bit patterns (NaN payloads included); the copy: to its input.
// The row course_copy_roofline is memlab::copy_roofline() (float4 grid-stride, 512 MiB buffers,
// far beyond the L2), for comparison: 32 MiB in and 32 MiB out may partly stay in a large L2.
#include <cuda_fp16.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "article_common.h"
#include "memlab/bank_model.h"
#include "memlab/buffers.h"
#include "memlab/rng.h"
#include "memlab/roofline.h"
#include "memlab/verify.h"

namespace {

constexpr int kN = 4096;
constexpr int kTile = 64;      // 64 halves = 128 bytes: one tile row is one cache line
constexpr int kBlockRows = 8;  // 32 x 8 threads: each thread moves 16 halves
static_assert(kN % kTile == 0, "the half2 kernels write pairs of halves: N must be a multiple of 64");

// Lab 07's kernel (starter: Pitch 65, solution: Pitch 66): lane x reads rows x and x + 32.
template <int Pitch>
__global__ void rows_x(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half tile[kTile][Pitch];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x + k] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;  // out is cols x rows
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[threadIdx.x + k][threadIdx.y + j];
    }
}

// The same tile written the other way: lane x reads rows 2x and 2x + 1 of a column and writes
// them as one __half2, two neighbouring halves of `out`.
template <int Pitch>
__global__ void rows_2x(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half tile[kTile][Pitch];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x + k] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  for (int j = 0; j < kTile; j += kBlockRows) {
    const int r = col0 + threadIdx.y + j, c = row0 + 2 * threadIdx.x;  // out is cols x rows
    if (r < cols && c + 1 < rows) {
      const __half2 v =
          __halves2half2(tile[2 * threadIdx.x][threadIdx.y + j], tile[2 * threadIdx.x + 1][threadIdx.y + j]);
      *reinterpret_cast<__half2*>(out + (size_t)r * rows + c) = v;
    }
  }
}

// half2 packing: tile2[p][c] = (tile[2p][c], tile[2p + 1][c]); the column read is a 4-byte load.
__global__ void half2_tile(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half2 tile2[kTile / 2][kTile + 1];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  // Thread (x, y) packs row pairs y + 8j (j = 0..3) at columns x and x + 32: all 16 global loads
  // (each a warp reading 32 consecutive halves of one row) are issued before the first store.
  constexpr int kPairsPerThread = kTile / 2 / kBlockRows;  // 4
  __half lo[kPairsPerThread][2], hi[kPairsPerThread][2];
#pragma unroll
  for (int j = 0; j < kPairsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      const int r = row0 + 2 * (threadIdx.y + kBlockRows * j), c = col0 + threadIdx.x + 32 * k;
      lo[j][k] = r < rows && c < cols ? in[(size_t)r * cols + c] : __ushort_as_half(0);
      hi[j][k] = r + 1 < rows && c < cols ? in[(size_t)(r + 1) * cols + c] : __ushort_as_half(0);
    }
#pragma unroll
  for (int j = 0; j < kPairsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k)
      tile2[threadIdx.y + kBlockRows * j][threadIdx.x + 32 * k] = __halves2half2(lo[j][k], hi[j][k]);
  __syncthreads();
  // Lane x reads tile2[x][c] (word 65x + c: bank (x + c) % 32) and writes out[c][2x .. 2x+1].
  for (int j = 0; j < kTile; j += kBlockRows) {
    const int cc = threadIdx.y + j;
    const int r = col0 + cc, c = row0 + 2 * threadIdx.x;  // out is cols x rows
    if (r < cols && c + 1 < rows) *reinterpret_cast<__half2*>(out + (size_t)r * rows + c) = tile2[threadIdx.x][cc];
  }
}

// The copy roofline of the same bytes: one 16-byte load and store per thread.
__global__ void copy16(const uint4* __restrict__ in, uint4* __restrict__ out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}

// ---- The bank model's ways for a column read ----------------------------------------------------

enum class Read { rows_x, rows_2x, half2 };

// The worst ways over the tile's 64 columns and the kernel's column-read instructions.
int model_ways(Read read, int pitch) {
  int worst = 0;
  for (int col = 0; col < kTile; ++col)
    for (int instruction = 0; instruction < 2; ++instruction) {
      if (read == Read::half2 && instruction == 1) continue;  // one 4-byte load per column
      memlab::bank::WarpAccess access;
      access.op = memlab::bank::MemoryOp::load;
      for (int x = 0; x < memlab::bank::kWarpSize; ++x) {
        std::uint32_t byte = 0;
        if (read == Read::rows_x) byte = 2u * static_cast<std::uint32_t>((x + 32 * instruction) * pitch + col);
        if (read == Read::rows_2x) byte = 2u * static_cast<std::uint32_t>((2 * x + instruction) * pitch + col);
        if (read == Read::half2) byte = 4u * static_cast<std::uint32_t>(x * pitch + col);
        access.byte_address[x] = byte;
      }
      access.width_bytes = read == Read::half2 ? 4 : 2;
      worst = std::max(worst, memlab::bank::analyze(access).ways);
    }
  return worst;
}

struct Layout {
  std::string layout, column_read;
  Read read;
  int pitch;  // halves per tile row (rows_x, rows_2x), half2s per tile2 row (half2)
  void (*kernel)(const __half*, __half*, int, int);
};

struct Row {
  std::optional<double> ways, wavefronts, ms;
  std::optional<bool> correct;
  std::string note;
};

}  // namespace

int main() {
  return article::run_program("memlab-bench-fp16-tiles", [](const memlab::DeviceInfo& device) {
    using article::add_note;
    article::print_csv_row({"layout", "column_read", "model_ways", "wavefronts_per_load", "ms", "gbps",
                            "fraction_of_copy_roofline", "correct", "gpu", "note"});
    const std::string gpu = article::gpu_text(device);
    const std::size_t count = (std::size_t)kN * kN;
    const double bytes = 2.0 * count * sizeof(std::uint16_t);
    const std::vector<Layout> layouts = {
        {"__half tile[64][64]", "lane x: rows x, x+32", Read::rows_x, 64, rows_x<64>},
        {"__half tile[64][65]", "lane x: rows x, x+32 (lab 07 starter)", Read::rows_x, 65, rows_x<65>},
        {"__half tile[64][66]", "lane x: rows x, x+32 (lab 07 solution)", Read::rows_x, 66, rows_x<66>},
        {"__half tile[64][65]", "lane x: rows 2x, 2x+1 (half2 out)", Read::rows_2x, 65, rows_2x<65>},
        {"__half tile[64][66]", "lane x: rows 2x, 2x+1 (half2 out)", Read::rows_2x, 66, rows_2x<66>},
        {"__half2 tile2[32][65]", "lane x: tile2[x][c], 4-byte load (half2 out)", Read::half2, 65, half2_tile},
    };
    std::vector<Row> rows(layouts.size());
    Row copy_row;

    for (std::size_t k = 0; k < layouts.size(); ++k)
      add_note(rows[k].note,
               article::attempt("bank model", [&] { rows[k].ways = model_ways(layouts[k].read, layouts[k].pitch); }));

    std::optional<memlab::DeviceArray<std::uint16_t>> in, out;
    std::vector<std::uint16_t> host_in, want;
    const std::string setup = article::attempt("setup", [&] {
      in.emplace(count, "in");
      out.emplace(count, "out");
      memlab::InputGenerator inputs(1);
      host_in = inputs.bits16(count);
      in->upload(host_in);
      want.resize(count);
      for (int r = 0; r < kN; ++r)
        for (int c = 0; c < kN; ++c) want[(std::size_t)c * kN + r] = host_in[(std::size_t)r * kN + c];
    });
    auto half_in = [&] { return reinterpret_cast<const __half*>(in->data()); };
    auto half_out = [&] { return reinterpret_cast<__half*>(out->data()); };
    auto launch_of = [&](const Layout& l) -> memlab::Launch {
      const __half* src = half_in();
      __half* dst = half_out();
      auto kernel = l.kernel;
      return [=](cudaStream_t s) {
        kernel<<<dim3(kN / kTile, kN / kTile), dim3(32, kBlockRows), 0, s>>>(src, dst, kN, kN);
      };
    };
    auto copy_launch = [&]() -> memlab::Launch {
      const uint4* src = reinterpret_cast<const uint4*>(in->data());
      uint4* dst = reinterpret_cast<uint4*>(out->data());
      const std::size_t n16 = count * sizeof(std::uint16_t) / sizeof(uint4);
      const unsigned blocks = static_cast<unsigned>((n16 + 255) / 256);
      return [=](cudaStream_t s) { copy16<<<blocks, 256, 0, s>>>(src, dst, n16); };
    };

    std::optional<double> course_roofline_gbps, course_roofline_ms;
    std::string course_roofline_note;
    if (setup.empty()) {
      auto check = [&](Row& row, const std::string& name, const memlab::Launch& launch,
                       const std::vector<std::uint16_t>& expect) {
        add_note(row.note, article::attempt("correctness", [&] {
                   out->poison();
                   article::run_once(name, launch);
                   out->check_guards();
                   const memlab::Comparison c = memlab::compare_exact(out->download(), expect);
                   row.correct = c.ok();
                   if (!c.ok()) add_note(row.note, std::to_string(c.mismatches) + " elements differ");
                 }));
      };
      for (std::size_t k = 0; k < layouts.size(); ++k) check(rows[k], layouts[k].layout, launch_of(layouts[k]), want);
      check(copy_row, "copy", copy_launch(), host_in);

      std::optional<memlab::KernelTimer> timer;
      const std::string timer_failed = article::attempt("timer", [&] { timer.emplace(); });
      auto time = [&](Row& row, const memlab::Launch& launch) {
        if (!timer) {
          add_note(row.note, timer_failed);
          return;
        }
        add_note(row.note, article::attempt("timing", [&] {
                   const article::Timing t = article::time_launch(*timer, launch, memlab::criteria_from_environment());
                   row.ms = t.ms;
                   add_note(row.note, t.note);
                 }));
      };
      time(copy_row, copy_launch());
      for (std::size_t k = 0; k < layouts.size(); ++k) time(rows[k], launch_of(layouts[k]));

      course_roofline_note = article::attempt("memlab::copy_roofline", [&] {
        const memlab::Roofline& r = memlab::copy_roofline();
        course_roofline_gbps = r.bytes_per_second / 1e9;
        if (r.measurement.stats.n > 0) course_roofline_ms = r.measurement.stats.median;
        add_note(course_roofline_note, r.measurement.doubt());
      });
      add_note(course_roofline_note,
               "memlab::copy_roofline(): float4 grid-stride copy of 512 MiB buffers, read + written bytes; "
               "ms is for its own bytes, not this program's 32 MiB");

      for (std::size_t k = 0; k < layouts.size(); ++k) {
        const article::SharedCounts c = article::shared_counts(layouts[k].layout, launch_of(layouts[k]), false);
        rows[k].wavefronts = c.load_wavefronts_per_instruction;
        add_note(rows[k].note, c.note);
      }
    } else {
      for (Row& r : rows) add_note(r.note, setup);
      add_note(copy_row.note, setup);
      course_roofline_note = setup;
    }

    auto gbps_of = [&](const std::optional<double>& ms) -> std::optional<double> {
      if (ms && *ms > 0) return bytes / *ms / 1e6;
      return std::nullopt;
    };
    auto fraction_of = [&](const std::optional<double>& ms) -> std::optional<double> {
      if (ms && *ms > 0 && copy_row.ms && *copy_row.ms > 0) return *copy_row.ms / *ms;
      return std::nullopt;
    };
    article::print_csv_row({"copy", "none (uint4 copy of the same 32 MiB)", "", "", article::fixed(copy_row.ms, 4),
                            article::fixed(gbps_of(copy_row.ms), 1), article::fixed(fraction_of(copy_row.ms), 3),
                            article::yes_no(copy_row.correct), gpu, copy_row.note});
    for (std::size_t k = 0; k < layouts.size(); ++k) {
      const Row& r = rows[k];
      article::print_csv_row({layouts[k].layout, layouts[k].column_read, article::fixed(r.ways, 0),
                              article::fixed(r.wavefronts, 3), article::fixed(r.ms, 4),
                              article::fixed(gbps_of(r.ms), 1), article::fixed(fraction_of(r.ms), 3),
                              article::yes_no(r.correct), gpu, r.note});
    }
    article::print_csv_row({"course_copy_roofline", "none", "", "", article::fixed(course_roofline_ms, 4),
                            article::fixed(course_roofline_gbps, 1), "", "", gpu, course_roofline_note});
  });
}
