// The candidates: one tiled transpose whose block stages a 224 x 64 float tile (56 KB) in
// shared memory, for three tile layouts and four block sizes. The tile is sized so that four
// blocks fill an H200 SM's shared memory exactly (shared_per_sm_kib in docs/data/gpu-table.csv), counting the 1 KB the
// driver reserves per block; the padded layout's extra float per row then costs one of the four.
#include <memlab/cuda_check.h>

#include <stdexcept>

#include "check_candidates.h"

namespace {

constexpr int kRowsPerBatch = 7;  // a warp issues 7 rows x 2 loads before it stores any of them

// Where tile element (r, c) lives, in floats from the start of the tile.
template <Layout L>
__device__ __forceinline__ int tile_index(int r, int c) {
  if constexpr (L == Layout::padded) return r * (kTileCols + 1) + c;           // bank (r + c) % 32
  if constexpr (L == Layout::swizzled) return r * kTileCols + (c ^ (r % 32));  // bank (c ^ r) % 32
  return r * kTileCols + c;                                                    // bank c % 32, whatever the row
}

// Launch bounds ask the compiler to leave registers for as many blocks as the SM's thread limit
// allows (32 per thread on sm_80 and sm_90), so registers never hold occupancy below the thread
// limit: shared memory and threads set it. The thread limits are the ones ptxas accepts for each
// architecture (a larger value draws "threads per SM ... out of range"): 1536 on sm_86 to sm_89,
// sm_110 and sm_120 on, 2048 on sm_80, sm_90, sm_100 and sm_103.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
constexpr int kThreadsPerSm = 1024;
#elif defined(__CUDA_ARCH__) && \
    ((__CUDA_ARCH__ >= 860 && __CUDA_ARCH__ <= 890) || __CUDA_ARCH__ == 1100 || __CUDA_ARCH__ >= 1200)
constexpr int kThreadsPerSm = 1536;
#else
constexpr int kThreadsPerSm = 2048;
#endif

template <Layout L, int kThreads>
__global__ void __launch_bounds__(kThreads, kThreadsPerSm / kThreads)
    transpose_tile(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  extern __shared__ float tile[];  // kTileRows x tile_pitch(L) floats
  constexpr int kWarps = kThreads / 32;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int row0 = blockIdx.y * kTileRows, col0 = blockIdx.x * kTileCols;

  // Read: warp w takes tile rows w, w + kWarps, ...; a row is two coalesced 128-byte loads.
  // Indices are clamped into the matrix, so every load is legal and none waits on a branch
  // (clamped elements land in tile cells that are never written out).
  for (int r0 = warp; r0 < kTileRows; r0 += kWarps * kRowsPerBatch) {
    float v[kRowsPerBatch][2];
#pragma unroll
    for (int i = 0; i < kRowsPerBatch; ++i)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = min(row0 + r0 + i * kWarps, rows - 1), c = min(col0 + lane + 32 * h, cols - 1);
        v[i][h] = in[(size_t)r * cols + c];
      }
#pragma unroll
    for (int i = 0; i < kRowsPerBatch; ++i)
#pragma unroll
      for (int h = 0; h < 2; ++h) tile[tile_index<L>(r0 + i * kWarps, lane + 32 * h)] = v[i][h];
  }
  __syncthreads();

  // Write: warp w takes output rows c = w, w + kWarps, ...; each is 224 floats, seven coalesced
  // 128-byte stores, read from one COLUMN of the tile (lane l of step s reads row 32 s + l).
  for (int c = warp; c < kTileCols; c += kWarps) {
    float v[kTileRows / 32];
#pragma unroll
    for (int s = 0; s < kTileRows / 32; ++s) v[s] = tile[tile_index<L>(32 * s + lane, c)];
#pragma unroll
    for (int s = 0; s < kTileRows / 32; ++s) {
      const int r = row0 + 32 * s + lane;
      if (col0 + c < cols && r < rows) out[(size_t)(col0 + c) * rows + r] = v[s];
    }
  }
}

template <Layout L, int kThreads>
void launch_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const dim3 grid((cols + kTileCols - 1) / kTileCols, (rows + kTileRows - 1) / kTileRows);
  transpose_tile<L, kThreads><<<grid, kThreads, tile_bytes(L), stream>>>(in, out, rows, cols);
}

template <Layout L, int kThreads>
CandidateKernel kernel_of() {
  const void* f = reinterpret_cast<const void*>(&transpose_tile<L, kThreads>);
  MEMLAB_CUDA(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, tile_bytes(L)));
  return {{L, kThreads}, f, &launch_transpose<L, kThreads>};
}

template <Layout L>
void add_layout(std::vector<CandidateKernel>& out) {
  out.push_back(kernel_of<L, 128>());
  out.push_back(kernel_of<L, 256>());
  out.push_back(kernel_of<L, 512>());
  out.push_back(kernel_of<L, 1024>());
}

std::vector<CandidateKernel> make_kernels() {
  std::vector<CandidateKernel> all;
  add_layout<Layout::unpadded>(all);
  add_layout<Layout::padded>(all);
  add_layout<Layout::swizzled>(all);
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].candidate != kCandidates[i])
      throw std::logic_error("check_candidates.cu: kernels out of kCandidates order");
  return all;
}

}  // namespace

const std::vector<CandidateKernel>& candidate_kernels() {
  static const std::vector<CandidateKernel> kernels = make_kernels();
  return kernels;
}
