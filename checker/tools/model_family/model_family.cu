// memlab-model-family: the course's bottleneck model (memlab/bottleneck_model.h) against two
// families of kernels on this GPU, with the model's rates measured in the same run.
//   Family A: a tiled 8192 x 8192 transpose whose tile pitch sets the bank conflicts of its
//             column reads: DRAM-bound with few conflicts, shared-memory-bound with many. It
//             tests where the model puts the crossover, so its speedups are what is judged.
//   Family B: strided shared-memory loads and nothing else: shared-memory-bound at every stride.
//             It tests the shared rate itself, scaled by the ways of a conflict.
// Markdown on stdout. Exit 77 without a GPU, 1 when a kernel's output is wrong.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "memlab/bottleneck_model.h"
#include "memlab/cuda_check.h"
#include "memlab/environment.h"
#include "memlab/gpu.h"
#include "memlab/roofline.h"
#include "memlab/stats.h"

namespace {

// Lanes `stride` words apart meet in a bank every 32 / gcd(stride, 32) lanes: gcd(stride, 32) ways.
__host__ __device__ constexpr int ways_of(int stride_words) {
  int a = stride_words, b = 32;
  while (b != 0) {
    const int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// ---- Timing ------------------------------------------------------------------------------------

constexpr int kWarmUps = 3;
constexpr int kTimed = 21;

struct Timing {
  double median = 0, min = 0, max = 0;  // ms
};

// The warm-ups and the timed launches are queued back to back, each timed launch between its own
// pair of events, and the host waits once at the end: it runs ahead of the GPU, so no launch
// waits for the host and each pair of events times its kernel alone.
template <class Launch>
Timing time_kernel(Launch launch) {
  std::vector<cudaEvent_t> start(kTimed), stop(kTimed);
  for (int i = 0; i < kTimed; ++i) {
    MEMLAB_CUDA(cudaEventCreate(&start[i]));
    MEMLAB_CUDA(cudaEventCreate(&stop[i]));
  }
  for (int i = 0; i < kWarmUps; ++i) launch();
  for (int i = 0; i < kTimed; ++i) {
    MEMLAB_CUDA(cudaEventRecord(start[i]));
    launch();
    MEMLAB_CUDA(cudaEventRecord(stop[i]));
  }
  MEMLAB_CUDA(cudaGetLastError());
  MEMLAB_CUDA(cudaDeviceSynchronize());
  std::vector<double> ms(kTimed);
  for (int i = 0; i < kTimed; ++i) {
    float elapsed = 0;
    MEMLAB_CUDA(cudaEventElapsedTime(&elapsed, start[i], stop[i]));
    ms[i] = elapsed;
    MEMLAB_CUDA(cudaEventDestroy(start[i]));
    MEMLAB_CUDA(cudaEventDestroy(stop[i]));
  }
  const memlab::SampleStats s = memlab::summarize(ms);
  return {s.median, s.min, s.max};
}

// ---- Family A: tiled transposes, one per tile pitch ----------------------------------------------

constexpr int kN = 8192;       // 256 MiB per matrix, far larger than any L2
constexpr int kTile = 32;      // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;  // with 32 x 8 threads: each thread moves kTile / kBlockRows = 4 elements
constexpr std::size_t kElements = static_cast<std::size_t>(kN) * kN;
static_assert(kN % kTile == 0, "no partial tiles: the kernel has no bounds checks");

template <int PITCH>
__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out) {
  // tile[i][c] is word PITCH * i + c. A row (fixed i) is 32 consecutive words: 1 wavefront. A
  // column (fixed c) puts the lanes PITCH words apart: gcd(PITCH, 32) ways.
  __shared__ float tile[kTile][PITCH];
  const int x = threadIdx.x, y = threadIdx.y;

  // Rows of the input tile (a warp reads 32 consecutive floats) into rows of `tile`.
  const std::size_t in_row = blockIdx.y * kTile + y, in_col = blockIdx.x * kTile + x;
#pragma unroll
  for (int j = 0; j < kTile; j += kBlockRows) tile[y + j][x] = in[(in_row + j) * kN + in_col];
  __syncthreads();

  // Rows of the output tile (coalesced again) from columns of `tile`: the conflicted loads.
  const std::size_t out_row = blockIdx.x * kTile + y, out_col = blockIdx.y * kTile + x;
#pragma unroll
  for (int j = 0; j < kTile; j += kBlockRows) out[(out_row + j) * kN + out_col] = tile[x][y + j];
}

// Every element a distinct finite float (1.0 up to 256.0, one ulp apart), so that any element
// in the wrong place, or not written, is seen.
__global__ void fill_distinct(float* m) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < kElements) m[i] = __uint_as_float(0x3F800000u + static_cast<unsigned>(i));
}

// out[c][r] == in[r][c], bit for bit, for every element; one thread per element of `out`.
__global__ void count_transpose_errors(const float* in, const float* out, unsigned long long* errors) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= kElements) return;
  const std::size_t c = i / kN, r = i % kN;
  if (__float_as_uint(out[i]) != __float_as_uint(in[r * kN + c])) atomicAdd(errors, 1ull);
}

struct TransposeRow {
  int pitch = 0, ways = 0;
  memlab::KernelWork work;
  Timing time;
  unsigned long long errors = 0;
};

template <int PITCH>
TransposeRow run_transpose(const float* in, float* out, unsigned long long* errors) {
  TransposeRow row;
  row.pitch = PITCH;
  row.ways = ways_of(PITCH);
  // Each direction is one warp instruction per 32 elements: stores to rows (1 wavefront each),
  // loads from columns (`ways` wavefronts each). DRAM: the input read once, the output written once.
  const double warp_instructions = static_cast<double>(kElements) / 32;
  row.work.dram_bytes = 2.0 * kElements * sizeof(float);
  row.work.shared_wavefronts = warp_instructions * (1 + row.ways);

  MEMLAB_CUDA(cudaMemset(out, 0xff, kElements * sizeof(float)));  // NaNs: an unwritten element fails
  const dim3 grid(kN / kTile, kN / kTile), block(kTile, kBlockRows);
  row.time = time_kernel([&] { transpose_tiled<PITCH><<<grid, block>>>(in, out); });

  // The last timed launch's output, checked once.
  MEMLAB_CUDA(cudaMemset(errors, 0, sizeof *errors));
  count_transpose_errors<<<(kElements + 255) / 256, 256>>>(in, out, errors);
  MEMLAB_CUDA(cudaGetLastError());
  MEMLAB_CUDA(cudaMemcpy(&row.errors, errors, sizeof *errors, cudaMemcpyDeviceToHost));
  return row;
}

// ---- Family B: strided shared-memory loads ------------------------------------------------------

constexpr int kLoadsBlock = 1024;
// Loads per thread at 1 way; a conflict of w ways gets 1/w of them, so that every launch makes
// the same number of wavefronts, enough for a launch of about a millisecond at an H200's shared
// roofline (the times of Family B in docs/results/h200-log.md, "The bottleneck model against the H200").
constexpr int kLoadsConflictFree = 32768;

template <int STRIDE>
constexpr int kLoadsPerThread = kLoadsConflictFree / ways_of(STRIDE);

template <int STRIDE>
__global__ void __launch_bounds__(kLoadsBlock) strided_shared_loads(float* out) {
  static_assert(kLoadsPerThread<STRIDE> % 32 == 0, "whole unrolled rounds");
  constexpr int kWords = 32 * STRIDE + 32;
  __shared__ float words[kWords];
  for (int w = threadIdx.x; w < kWords; w += blockDim.x) words[w] = 1.0f;
  __syncthreads();
  // Lane i reads word i * STRIDE + r % 32: the lanes move together, so at every r they sit in
  // banks (i * STRIDE + r) % 32, gcd(STRIDE, 32) ways. The volatile words make every load happen;
  // the sum stays in a register and is written once, so nothing else touches memory.
  const volatile float* mine = words + (threadIdx.x % 32) * STRIDE;
  float sum = 0;
#pragma unroll 32  // r % 32 becomes each unrolled load's constant offset
  for (int r = 0; r < kLoadsPerThread<STRIDE>; ++r) sum += mine[r % 32];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;  // exactly kLoadsPerThread (sums of 1.0 below 2^24)
}

struct LoadsRow {
  int stride = 0, ways = 0;
  memlab::KernelWork work;
  Timing time;
  bool right = false;
};

template <class Kernel>
int blocks_per_sm(Kernel kernel) {
  int n = 0;
  MEMLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, kLoadsBlock, 0));
  return std::max(n, 1);
}

// `grid` blocks: one full wave (as many as fit on every SM at once), so no SM idles in a tail.
template <int STRIDE>
LoadsRow run_strided(float* out, int grid) {
  const std::size_t threads = static_cast<std::size_t>(grid) * kLoadsBlock;
  LoadsRow row;
  row.stride = STRIDE;
  row.ways = ways_of(STRIDE);
  // The fill of `words` (about 33 wavefronts per block) is left out: under 1e-4 of the loads.
  row.work.shared_wavefronts = static_cast<double>(threads / 32) * kLoadsPerThread<STRIDE> * row.ways;
  row.work.dram_bytes = static_cast<double>(threads * sizeof(float));
  row.time = time_kernel([&] { strided_shared_loads<STRIDE><<<grid, kLoadsBlock>>>(out); });

  std::vector<float> sums(threads);
  MEMLAB_CUDA(cudaMemcpy(sums.data(), out, threads * sizeof(float), cudaMemcpyDeviceToHost));
  const float expected = static_cast<float>(kLoadsPerThread<STRIDE>);
  row.right = std::all_of(sums.begin(), sums.end(), [&](float s) { return s == expected; });
  return row;
}

double error_percent(double measured, double predicted) { return 100 * (measured - predicted) / predicted; }

}  // namespace

int main() {
  try {
    const memlab::GpuLookup gpu = memlab::find_gpu();
    if (!gpu.device) {
      std::printf("SKIPPED: no GPU: %s\n", gpu.reason.c_str());
      return 77;
    }
    const memlab::DeviceInfo& device = *gpu.device;

    // The model's rates, measured now as the checks measure them. The shared roofline counts 4 B
    // per lane of a conflict-free load: 128 B per wavefront.
    const memlab::ResourceRates rates{memlab::copy_roofline().bytes_per_second,
                                      memlab::shared_roofline().bytes_per_second / 128};
    const double theoretical_wavefronts = memlab::theoretical_shared_bytes_per_second() / 128;
    std::printf(
        "# Bottleneck model on %s: DRAM %.0f GB/s (copy roofline), shared memory %.4g wavefronts/s "
        "(shared roofline / 128 B; theoretical %.4g = SMs x max SM clock, measured/theoretical %.3f)\n\n",
        device.name.c_str(), rates.dram_bytes_per_s / 1e9, rates.shared_wavefronts_per_s, theoretical_wavefronts,
        rates.shared_wavefronts_per_s / theoretical_wavefronts);
    const std::string doubt = memlab::read_environment(device).doubt();
    if (!doubt.empty()) std::printf("> timings in doubt: %s\n\n", doubt.c_str());

    // Family A.
    float *in = nullptr, *out = nullptr;
    unsigned long long* errors = nullptr;
    MEMLAB_CUDA(cudaMalloc(&in, kElements * sizeof(float)));
    MEMLAB_CUDA(cudaMalloc(&out, kElements * sizeof(float)));
    MEMLAB_CUDA(cudaMalloc(&errors, sizeof *errors));
    fill_distinct<<<(kElements + 255) / 256, 256>>>(in);
    MEMLAB_CUDA(cudaGetLastError());
    // Pitch 33 first: the others' speedups are against it.
    const std::vector<TransposeRow> transposes = {
        run_transpose<33>(in, out, errors), run_transpose<34>(in, out, errors), run_transpose<36>(in, out, errors),
        run_transpose<40>(in, out, errors), run_transpose<48>(in, out, errors), run_transpose<32>(in, out, errors)};
    MEMLAB_CUDA(cudaFree(in));
    MEMLAB_CUDA(cudaFree(out));
    MEMLAB_CUDA(cudaFree(errors));

    bool all_right = true;
    double worst_speedup_error = 0, worst_transpose_time_error = 0;
    int worst_pitch = 33;
    std::printf("## Family A: %d x %d float transpose, 32 x 32 tile `tile[32][PITCH]`, 32 x 8 threads\n\n", kN, kN);
    std::printf(
        "| pitch | ways | DRAM MB | shared wavefronts (M) | bound by | predicted ms | measured ms (median, min-max) "
        "| error %% | predicted speedup vs pitch 33 | measured speedup vs pitch 33 |\n");
    std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    const double predicted_33 = memlab::bottleneck_ms(transposes.front().work, rates);
    const double measured_33 = transposes.front().time.median;
    for (const TransposeRow& r : transposes) {
      const double predicted = memlab::bottleneck_ms(r.work, rates);
      const double predicted_speedup = predicted / predicted_33, measured_speedup = r.time.median / measured_33;
      const double error = error_percent(r.time.median, predicted);
      const double speedup_error = error_percent(measured_speedup, predicted_speedup);
      if (std::fabs(speedup_error) > std::fabs(worst_speedup_error)) {
        worst_speedup_error = speedup_error;
        worst_pitch = r.pitch;
      }
      worst_transpose_time_error = std::max(worst_transpose_time_error, std::fabs(error));
      all_right = all_right && r.errors == 0;
      std::printf("| %d | %d | %.1f | %.2f | %s | %.3f | %.3f (%.3f-%.3f)%s | %+.1f | %.2f | %.2f |\n", r.pitch, r.ways,
                  r.work.dram_bytes / 1e6, r.work.shared_wavefronts / 1e6, memlab::bottleneck_name(r.work, rates),
                  predicted, r.time.median, r.time.min, r.time.max, r.errors == 0 ? "" : " wrong", error,
                  predicted_speedup, measured_speedup);
    }
    std::printf("\nspeedup vs pitch 33: time at this pitch / time at pitch 33 (what the padding to 33 buys). ");
    for (const TransposeRow& r : transposes)
      if (r.errors != 0) std::printf("pitch %d: wrong (%llu of %zu elements). ", r.pitch, r.errors, kElements);
    std::printf("%s\n\n", all_right ? "Every transpose was verified exact." : "");

    // Family B: one grid for every stride, the occupancy of the least resident kernel.
    const int per_sm = std::min({blocks_per_sm(strided_shared_loads<1>), blocks_per_sm(strided_shared_loads<2>),
                                 blocks_per_sm(strided_shared_loads<4>), blocks_per_sm(strided_shared_loads<8>),
                                 blocks_per_sm(strided_shared_loads<16>), blocks_per_sm(strided_shared_loads<32>)});
    const int grid = device.sm_count * per_sm;
    float* sums = nullptr;
    MEMLAB_CUDA(cudaMalloc(&sums, static_cast<std::size_t>(grid) * kLoadsBlock * sizeof(float)));
    const std::vector<LoadsRow> loads = {run_strided<1>(sums, grid),  run_strided<2>(sums, grid),
                                         run_strided<4>(sums, grid),  run_strided<8>(sums, grid),
                                         run_strided<16>(sums, grid), run_strided<32>(sums, grid)};
    MEMLAB_CUDA(cudaFree(sums));

    double worst_time_error = 0;
    int worst_stride = 1;
    std::printf(
        "## Family B: strided shared-memory loads, %d blocks of %d threads (%d per SM), %d / ways loads per "
        "thread\n\n",
        grid, kLoadsBlock, per_sm, kLoadsConflictFree);
    std::printf("| stride | ways | wavefronts (M) | predicted ms | measured ms | error %% |\n");
    std::printf("| --- | --- | --- | --- | --- | --- |\n");
    for (const LoadsRow& r : loads) {
      const double predicted = memlab::bottleneck_ms(r.work, rates);
      const double error = error_percent(r.time.median, predicted);
      if (std::fabs(error) > std::fabs(worst_time_error)) {
        worst_time_error = error;
        worst_stride = r.stride;
      }
      all_right = all_right && r.right;
      std::printf("| %d | %d | %.1f | %.3f | %.3f (%.3f-%.3f)%s | %+.1f |\n", r.stride, r.ways,
                  r.work.shared_wavefronts / 1e6, predicted, r.time.median, r.time.min, r.time.max,
                  r.right ? "" : " wrong", error);
    }

    std::printf(
        "\nlargest |error|: family A predicted speedups %.1f %% (pitch %d; its times: %.1f %%); family B times "
        "%.1f %% (stride %d)\n",
        std::fabs(worst_speedup_error), worst_pitch, worst_transpose_time_error, std::fabs(worst_time_error),
        worst_stride);
    return all_right ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "memlab-model-family: %s\n", e.what());
    return 1;
  }
}
