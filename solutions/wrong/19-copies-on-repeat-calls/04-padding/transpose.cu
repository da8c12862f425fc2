// Known wrong: transposes on the first call with a set of buffers and sizes, and on every
// repeat of the same call only copies in to out at copy speed, so timed repeats look fast.
// Timed samples get fresh inputs and their outputs are checked: a copy is not a transpose.
#include "lab.h"

namespace {

constexpr int kTile = 32;
constexpr int kBlockRows = 8;
constexpr int kTilePitch = kTile;  // the starter's unpadded tile: honestly, this kernel is slow

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTilePitch];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;
  row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

// The same bytes as a transpose, moved at copy speed: one float4 per thread, then the tail.
__global__ void copy_kernel(const float* __restrict__ in, float* __restrict__ out, size_t n) {
  const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n / 4) reinterpret_cast<float4*>(out)[i] = reinterpret_cast<const float4*>(in)[i];
  if (i < n % 4) out[n / 4 * 4 + i] = in[n / 4 * 4 + i];
}

struct Call {
  const float* in = nullptr;
  float* out = nullptr;
  int rows = 0, cols = 0;
};
Call g_last;  // the previous call: "its output is already right, just keep the timer busy"

}  // namespace

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const bool repeat = in == g_last.in && out == g_last.out && rows == g_last.rows && cols == g_last.cols;
  g_last = {in, out, rows, cols};
  if (repeat) {
    const size_t n = (size_t)rows * cols;
    const size_t threads = n / 4 > 3 ? n / 4 : 3;
    copy_kernel<<<(unsigned)((threads + 255) / 256), 256, 0, stream>>>(in, out, n);
    return;
  }
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
