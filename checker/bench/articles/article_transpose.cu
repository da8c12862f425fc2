// memlab-bench-article-transpose: the shared-memory article's two transposes, as the article
// writes them, against the course's tiled transpose (lab 04's), 8192 x 8192 floats.
//
// The shared-memory article (section 5.1 "Padding：空间换时间", the same kernel sketched in 3.3
// "场景二：列优先访问矩阵") launches one 32 x 32 thread block per 32 x 32 tile. Thread (tx, ty)
// reads in[y][x] (x = bx*32 + tx, y = by*32 + ty), stores it at tile[tx][ty], reads tile[ty][tx]
// and writes it to odata[x*N + y]. Two consequences, which this program measures:
//   * The tile is stored and read with the same swap of tx and ty, and the global write swaps
//     again, so inside each tile the element moves back to where it was: out[bx*32+tx][by*32+ty]
//     = in[by*32+tx][bx*32+ty]. Only the tiles move; only the elements with tx == ty (1 in 32) are
//     those of the true transpose.
//   * odata[x*N + y]: the 32 lanes of a warp (tx = 0..31) write 32 floats N floats apart, an
//     uncoalesced write; the shared store tile[tx][ty] is the 32-way conflict the article speaks
//     of (its shared LOAD tile[ty][tx] is a row, conflict-free).
// The course's transpose (solutions/04-padding) reads a row of the tile, writes rows of the
// output and reads the tile's columns: coalesced on both sides, and its bank conflict is on the
// shared load, which padding removes. The tiled copy has the same tiles and block shape and no
// transpose: the reference bandwidth.
//
// CSV (stdout): kernel,tile,block,correct,wrong_elements,ms,gbps,shared_wavefronts_per_load,
// shared_wavefronts_per_store,gpu,note. correct: the output equals, bit for bit, the true
// transpose computed on the host (the tiled copy: equals its input); wrong_elements counts the
// elements that differ. gbps = 2 * N * N * 4 bytes / median time.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "article_common.h"
#include "memlab/buffers.h"
#include "memlab/rng.h"
#include "memlab/verify.h"

namespace {

constexpr int kN = 8192;
constexpr int TILE = 32;

// ---- The article's kernels (section 5.1), index expressions as the article writes them ----------

__global__ void transpose_naive(float* odata, float* idata, int N) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;

  tile[threadIdx.x][threadIdx.y] = idata[y * N + x];  // 32-way conflicting shared store
  __syncthreads();
  odata[x * N + y] = tile[threadIdx.y][threadIdx.x];  // uncoalesced global store
}

__global__ void transpose_padded(float* odata, float* idata, int N) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;

  tile[threadIdx.x][threadIdx.y] = idata[y * N + x];  // pitch 33: conflict-free
  __syncthreads();
  odata[x * N + y] = tile[threadIdx.y][threadIdx.x];
}

// ---- The course's tiled transpose (the structure of solutions/04-padding/transpose.cu) ---------

constexpr int kBlockRows = 8;  // 32 x 8 threads: each thread moves 4 elements

template <int Pitch>
__global__ void course_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[TILE][Pitch];
  // A warp reads 32 consecutive floats of a row of `in` and writes a ROW of the tile.
  int col = blockIdx.x * TILE + threadIdx.x;
  int row = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  // A warp reads a COLUMN of the tile and writes 32 consecutive floats of a row of `out`.
  col = blockIdx.y * TILE + threadIdx.x;
  row = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

// The same tiles and threads, no transpose: rows in, rows out.
__global__ void tiled_copy(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[TILE][TILE];
  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  for (int j = 0; j < TILE; j += kBlockRows)
    if (col < cols && row + j < rows) out[(size_t)(row + j) * cols + col] = tile[threadIdx.y + j][threadIdx.x];
}

struct Kernel {
  std::string name, tile, block;
  bool transposes;  // false: the output must equal the input
  std::function<void(const float*, float*, cudaStream_t)> launch;
};

struct Row {
  std::optional<bool> correct;
  std::optional<double> wrong, ms, load_wf, store_wf;
  std::string note;
};

}  // namespace

int main() {
  return article::run_program("memlab-bench-article-transpose", [](const memlab::DeviceInfo& device) {
    using article::add_note;
    article::print_csv_row({"kernel", "tile", "block", "correct", "wrong_elements", "ms", "gbps",
                            "shared_wavefronts_per_load", "shared_wavefronts_per_store", "gpu", "note"});
    const std::string gpu = article::gpu_text(device);
    const std::size_t count = (std::size_t)kN * kN;
    const double bytes = 2.0 * count * sizeof(float);

    const dim3 article_block(TILE, TILE), course_block(TILE, kBlockRows), grid(kN / TILE, kN / TILE);
    static_assert(kN % TILE == 0, "the article's kernels have no bounds checks: N must be a multiple of 32");
    const std::vector<Kernel> kernels = {
        {"article_naive", "float[32][32]", "32x32", true,
         [=](const float* in, float* out, cudaStream_t s) {
           transpose_naive<<<grid, article_block, 0, s>>>(out, const_cast<float*>(in), kN);
         }},
        {"article_padded", "float[32][33]", "32x32", true,
         [=](const float* in, float* out, cudaStream_t s) {
           transpose_padded<<<grid, article_block, 0, s>>>(out, const_cast<float*>(in), kN);
         }},
        {"course_unpadded", "float[32][32]", "32x8", true,
         [=](const float* in, float* out, cudaStream_t s) {
           course_transpose<TILE><<<grid, course_block, 0, s>>>(in, out, kN, kN);
         }},
        {"course_padded", "float[32][33]", "32x8", true,
         [=](const float* in, float* out, cudaStream_t s) {
           course_transpose<TILE + 1><<<grid, course_block, 0, s>>>(in, out, kN, kN);
         }},
        {"tiled_copy", "float[32][32]", "32x8", false,
         [=](const float* in, float* out, cudaStream_t s) {
           tiled_copy<<<grid, course_block, 0, s>>>(in, out, kN, kN);
         }},
    };
    std::vector<Row> rows(kernels.size());

    // Buffers, inputs and the host's transpose; without them no part can run.
    std::optional<memlab::DeviceArray<float>> in, out;
    std::vector<float> host_in, want;
    const std::string setup = article::attempt("setup", [&] {
      in.emplace(count, "in");
      out.emplace(count, "out");
      memlab::InputGenerator inputs(1);
      host_in = inputs.floats(count);  // distinct-looking, never NaN: an exact comparison means something
      in->upload(host_in);
      want.resize(count);
      for (int r0 = 0; r0 < kN; r0 += 64)  // blocked, so the host transpose takes a second, not ten
        for (int c0 = 0; c0 < kN; c0 += 64)
          for (int r = r0; r < r0 + 64; ++r)
            for (int c = c0; c < c0 + 64; ++c) want[(std::size_t)c * kN + r] = host_in[(std::size_t)r * kN + c];
    });

    if (setup.empty()) {
      // Correctness: poisoned output, one checked launch, every element compared on the host.
      for (std::size_t k = 0; k < kernels.size(); ++k) {
        const Kernel& kern = kernels[k];
        add_note(rows[k].note, article::attempt("correctness", [&] {
                   out->poison();
                   article::run_once(kern.name, [&](cudaStream_t s) { kern.launch(in->data(), out->data(), s); });
                   out->check_guards();
                   const memlab::Comparison c =
                       memlab::compare_exact(out->download(), kern.transposes ? want : host_in);
                   rows[k].correct = c.ok();
                   rows[k].wrong = static_cast<double>(c.mismatches);
                 }));
      }
      // Times: memlab's KernelTimer, L2 flushed before each sample, median of the kept samples.
      std::optional<memlab::KernelTimer> timer;
      const std::string timer_failed = article::attempt("timer", [&] { timer.emplace(); });
      for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (!timer) {
          add_note(rows[k].note, timer_failed);
          continue;
        }
        const Kernel& kern = kernels[k];
        add_note(rows[k].note, article::attempt("timing", [&] {
                   const article::Timing t = article::time_launch(
                       *timer, [&](cudaStream_t s) { kern.launch(in->data(), out->data(), s); },
                       memlab::criteria_from_environment());
                   rows[k].ms = t.ms;
                   add_note(rows[k].note, t.note);
                 }));
      }
      // Counters last, after every timing: shared-memory wavefronts per load and per store.
      for (std::size_t k = 0; k < kernels.size(); ++k) {
        const Kernel& kern = kernels[k];
        const article::SharedCounts c = article::shared_counts(
            kern.name, [&](cudaStream_t s) { kern.launch(in->data(), out->data(), s); }, true);
        rows[k].load_wf = c.load_wavefronts_per_instruction;
        rows[k].store_wf = c.store_wavefronts_per_instruction;
        add_note(rows[k].note, c.note);
      }
    } else {
      for (Row& r : rows) r.note = setup;
    }

    for (std::size_t k = 0; k < kernels.size(); ++k) {
      const Row& r = rows[k];
      std::optional<double> gbps;
      if (r.ms && *r.ms > 0) gbps = bytes / *r.ms / 1e6;
      article::print_csv_row({kernels[k].name, kernels[k].tile, kernels[k].block, article::yes_no(r.correct),
                              article::fixed(r.wrong, 0), article::fixed(r.ms, 4), article::fixed(gbps, 1),
                              article::fixed(r.load_wf, 3), article::fixed(r.store_wf, 3), gpu, r.note});
    }
  });
}
