// A course transpose (named by MEMLAB_BENCH_KERNEL) against cublasSgeam (C = A^T), 8192 x 8192 floats.
#include <cublas_v2.h>

#include <cstdio>

#include "bench_row.h"
#include "memlab/buffers.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"
#include "memlab/rng.h"
#include "memlab/verify.h"

// The transpose under test: the lab 04 or 05 solution's own entry point, or an adapter that
// puts another course kernel behind it (lab08_fastest_candidate.cu).
void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream);

int main() {
  try {
    if (!memlab::find_gpu().device) {
      std::printf("SKIPPED: no GPU\n");
      return 77;
    }
    const int n = 8192;
    const size_t count = (size_t)n * n;
    memlab::DeviceArray<float> in(count, "in"), out(count, "out");
    memlab::InputGenerator inputs(1);
    in.upload(inputs.floats(count));
    cublasHandle_t handle;
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasCreate failed");
    const float one = 1, zero = 0;
    // Row-major n x n in, row-major out = in^T; for square matrices cuBLAS's column-major view
    // is the same transpose.
    auto cublas = [&](cudaStream_t s) {
      cublasSetStream(handle, s);
      cublasSgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, in.data(), n, &zero, out.data(), n, out.data(), n);
    };
    auto ours = [&](cudaStream_t s) { transpose(in.data(), out.data(), n, n, s); };
    // Both must produce the same matrix before their times mean anything.
    cublas(0);
    MEMLAB_CUDA(cudaDeviceSynchronize());
    auto want = out.download();
    ours(0);
    MEMLAB_CUDA(cudaDeviceSynchronize());
    if (!memlab::compare_exact(out.download(), want).ok()) throw std::runtime_error("results differ from cuBLAS");
    print_comparison(MEMLAB_BENCH_KERNEL ", 8192 x 8192 floats", "cublasSgeam", 2.0 * count * sizeof(float), ours,
                     cublas);
    cublasDestroy(handle);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: %s\n", e.what());
    return 1;
  }
}
