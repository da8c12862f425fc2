// Known wrong: defines the CUDA runtime's cudaEventElapsedTime itself, forwards to the real
// one, and halves every interval measured after this file's transpose ran, so the starter's
// kernel looks twice as fast. Defining a runtime symbol (and dlsym) breaks the contract: 0 points.
#include <dlfcn.h>

#include "lab.h"

namespace {

constexpr int kTile = 32;
constexpr int kBlockRows = 8;
constexpr int kTilePitch = kTile;  // unpadded: the kernel is as slow as the starter's

bool g_my_kernel_ran = false;

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

}  // namespace

// The checker's timer calls this; the program links this definition before libcudart's.
extern "C" cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  using Real = cudaError_t (*)(float*, cudaEvent_t, cudaEvent_t);
  static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "cudaEventElapsedTime"));
  const cudaError_t e = real(ms, start, end);
  if (e == cudaSuccess && g_my_kernel_ran) *ms *= 0.5f;
  g_my_kernel_ran = false;
  return e;
}

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
  g_my_kernel_ran = true;
}
