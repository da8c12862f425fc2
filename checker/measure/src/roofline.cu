#include "memlab/roofline.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "memlab/bilingual.h"
#include "memlab/cuda_check.h"
#include "memlab/timer.h"

namespace memlab {
namespace {

__global__ void copy_float4(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

__global__ void read_float4(const float4* __restrict__ in, std::size_t n, float* sink) {
  float acc = 0;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    float4 v = in[i];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  // One store per thread that is almost never taken keeps the loads alive without
  // adding traffic (the data are finite, so acc is never exactly this value).
  if (acc == 1234567.0f) *sink = acc;
}

// Each lane reads word (lane + r) % 32 of its warp's 32-word slice: one wavefront per load,
// and the volatile pointer makes every load happen. Unrolled so loads are independent.
constexpr int kSharedLoadsPerThread = 4096;
__global__ void shared_loads(float* sink) {
  __shared__ float words[1024];
  words[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  const volatile float* slice = words + (threadIdx.x & ~31u);
  const unsigned lane = threadIdx.x & 31u;
  float acc = 0;
#pragma unroll 32
  for (int r = 0; r < kSharedLoadsPerThread; ++r) acc += slice[(lane + r) & 31u];
  if (acc == -1.0f) *sink = acc;  // never true: keeps the loads without adding traffic
}

struct Buffers {
  float4* a = nullptr;
  float4* b = nullptr;
  float* sink = nullptr;
  std::size_t n = 0;  // float4 elements per buffer
  Buffers() {
    std::size_t free_bytes = 0, total = 0;
    MEMLAB_CUDA(cudaMemGetInfo(&free_bytes, &total));
    int device = 0, l2 = 0;
    MEMLAB_CUDA(cudaGetDevice(&device));
    MEMLAB_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    // 512 MiB per buffer, or less on small GPUs, but always many times the L2.
    std::size_t bytes = std::min<std::size_t>(512ull << 20, free_bytes / 8);
    bytes = std::max<std::size_t>(bytes, 8ull * static_cast<std::size_t>(l2));
    n = bytes / sizeof(float4);
    MEMLAB_CUDA(cudaMalloc(&a, n * sizeof(float4)));
    MEMLAB_CUDA(cudaMalloc(&b, n * sizeof(float4)));
    MEMLAB_CUDA(cudaMalloc(&sink, sizeof(float)));
    MEMLAB_CUDA(cudaMemset(a, 0x3c, n * sizeof(float4)));  // finite floats (about 0.0115)
  }
  ~Buffers() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(sink);
  }
};

Buffers& buffers() {
  static Buffers b;
  return b;
}

template <class Kernel>
int grid_for(Kernel kernel, int block) {
  int device = 0, sms = 0, per_sm = 0;
  MEMLAB_CUDA(cudaGetDevice(&device));
  MEMLAB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  MEMLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  return sms * std::max(per_sm, 1);
}

Roofline measure_rate(const Launch& launch, std::size_t bytes) {
  KernelTimer timer;
  Roofline r;
  r.bytes_per_launch = bytes;
  r.measurement = timer.measure(launch, criteria_from_environment());
  const auto& s = r.measurement.stats;
  r.bytes_per_second = bytes / (s.median * 1e-3);
  // The rate is the median's, so its interval is the median's too (a slower time is a lower rate).
  r.low = bytes / (s.median_high * 1e-3);
  r.high = bytes / (s.median_low * 1e-3);
  return r;
}

}  // namespace

const Roofline& copy_roofline() {
  static const Roofline r = [] {
    Buffers& b = buffers();
    const int block = 256;
    const int grid = grid_for(copy_float4, block);
    return measure_rate([&](cudaStream_t s) { copy_float4<<<grid, block, 0, s>>>(b.a, b.b, b.n); },
                        2 * b.n * sizeof(float4));
  }();
  return r;
}

const Roofline& read_roofline() {
  static const Roofline r = [] {
    Buffers& b = buffers();
    const int block = 256;
    const int grid = grid_for(read_float4, block);
    return measure_rate([&](cudaStream_t s) { read_float4<<<grid, block, 0, s>>>(b.a, b.n, b.sink); },
                        b.n * sizeof(float4));
  }();
  return r;
}

double theoretical_shared_bytes_per_second() {
  int device = 0, sms = 0, khz = 0;
  MEMLAB_CUDA(cudaGetDevice(&device));
  MEMLAB_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  MEMLAB_CUDA(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device));
  return static_cast<double>(sms) * 32 * 4 * khz * 1e3;
}

const Roofline& shared_roofline() {
  static const Roofline r = [] {
    Buffers& b = buffers();
    const int block = 1024;
    const int grid = grid_for(shared_loads, block);
    return measure_rate([&](cudaStream_t s) { shared_loads<<<grid, block, 0, s>>>(b.sink); },
                        static_cast<std::size_t>(grid) * block * kSharedLoadsPerThread * sizeof(float));
  }();
  return r;
}

std::string impossible_time_reason(double ms, double bytes, const Roofline& roofline, double tolerance) {
  const double floor_ms = bytes / roofline.bytes_per_second * 1e3;
  if (ms >= floor_ms * (1 - tolerance)) return "";
  std::ostringstream out, zh;
  out << "impossible time: " << ms << " ms is faster than moving " << bytes / 1e6 << " MB at this GPU's measured "
      << roofline.bytes_per_second / 1e9 << " GB/s (" << floor_ms
      << " ms); the kernel cannot have done all its work, so it is not graded";
  zh << "不可能的时间：" << ms << " ms 比以这块 GPU 实测的 " << roofline.bytes_per_second / 1e9 << " GB/s 搬运 "
     << bytes / 1e6 << " MB 还快（" << floor_ms << " ms）；核函数不可能完成了全部工作，所以不予评分";
  return bilingual(out.str(), zh.str());
}

}  // namespace memlab
