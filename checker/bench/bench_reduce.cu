// Lab 06's reference full-speed reduction against cub::DeviceReduce::Sum, 2^28 floats (1 GiB).
#include <cub/cub.cuh>

#include <cmath>
#include <cstdio>
#include <vector>

#include "bench_row.h"
#include "lab.h"
#include "memlab/buffers.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"
#include "memlab/rng.h"

int main() {
  try {
    if (!memlab::find_gpu().device) {
      std::printf("SKIPPED: no GPU\n");
      return 77;
    }
    const std::size_t n = std::size_t(1) << 28;
    memlab::DeviceArray<float> in(n, "in"), scratch(reduce_scratch_floats(n), "scratch"), out(2, "out");
    memlab::InputGenerator inputs(1);
    in.upload(inputs.floats(n, 0.0f, 1.0f));
    std::size_t temp_bytes = 0;
    cub::DeviceReduce::Sum(nullptr, temp_bytes, in.data(), out.data() + 1, static_cast<int>(n));
    void* temp = nullptr;
    MEMLAB_CUDA(cudaMalloc(&temp, temp_bytes));
    auto cub_sum = [&](cudaStream_t s) {
      cub::DeviceReduce::Sum(temp, temp_bytes, in.data(), out.data() + 1, static_cast<int>(n), s);
    };
    auto ours = [&](cudaStream_t s) { reduce_fast(in.data(), scratch.data(), out.data(), n, s); };
    cub_sum(0);
    ours(0);
    MEMLAB_CUDA(cudaDeviceSynchronize());
    std::vector<float> sums = out.download();
    // Two float sums of the same 2^28 values in different orders: they agree to far better
    // than 1e-4 relative (each is within about 1e-5 of the exact sum for data like these).
    if (!(std::fabs(sums[0] - sums[1]) <= 1e-4 * std::fabs(sums[1])))
      throw std::runtime_error("the sums differ: ours " + std::to_string(sums[0]) + ", CUB " + std::to_string(sums[1]));
    print_comparison(MEMLAB_BENCH_KERNEL ", 2^28 floats", "cub::DeviceReduce::Sum", double(n) * sizeof(float), ours,
                     cub_sum);
    cudaFree(temp);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: %s\n", e.what());
    return 1;
  }
}
