#include "memlab/device_samples.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "memlab/sample_inputs.h"

namespace memlab {
namespace {

constexpr int kThreads = 256;  // every kernel here: 1-D blocks of whole warps (the reductions rely on it)
constexpr unsigned kFullWarp = 0xFFFFFFFFu;

// Blocks for a grid-stride loop over `items`: enough to fill the GPU, never more than needed.
unsigned grid_for(std::size_t items) {
  static const int sms = [] {
    int device = 0, count = 0;
    MEMLAB_CUDA(cudaGetDevice(&device));
    MEMLAB_CUDA(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
    return std::max(count, 1);
  }();
  const std::size_t needed = (items + kThreads - 1) / kThreads;
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(needed, std::size_t(sms) * 32)));
}

__device__ std::size_t first_index() { return blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; }
__device__ std::size_t grid_stride() { return static_cast<std::size_t>(gridDim.x) * blockDim.x; }

// Adds a thread's mismatches into slots (count, first): one atomic pair per warp that has any,
// none for a right output. Every thread of the block must call it.
__device__ void report_mismatches(unsigned long long count, unsigned long long first, unsigned long long* slots) {
  for (int offset = 16; offset > 0; offset /= 2) {
    count += __shfl_down_sync(kFullWarp, count, offset);
    const unsigned long long other = __shfl_down_sync(kFullWarp, first, offset);
    first = other < first ? other : first;
  }
  if ((threadIdx.x & 31u) == 0 && count > 0) {
    atomicAdd(&slots[0], count);
    atomicMin(&slots[1], first);
  }
}

// Four values per thread and step, one 16-byte store (data 16-byte aligned); the last n % 4
// values by the first threads.
__global__ void fill_floats_kernel(float* data, std::size_t n, std::uint64_t salt) {
  const std::size_t chunks = n / 4;
  for (std::size_t k = first_index(); k < chunks; k += grid_stride()) {
    const std::size_t i = 4 * k;
    reinterpret_cast<float4*>(data)[k] = make_float4(sample_float(salt, i), sample_float(salt, i + 1),
                                                     sample_float(salt, i + 2), sample_float(salt, i + 3));
  }
  const std::size_t tail = first_index();
  if (tail < n % 4) data[4 * chunks + tail] = sample_float(salt, 4 * chunks + tail);
}

// Four halves per thread and step from two words, one 8-byte store (data 8-byte aligned).
__global__ void fill_bits16_kernel(std::uint16_t* data, std::size_t n, std::uint64_t salt) {
  const std::size_t chunks = n / 4;
  for (std::size_t k = first_index(); k < chunks; k += grid_stride()) {
    const std::size_t i = 4 * k;
    const std::uint32_t w0 = sample_word(salt, i >> 1), w1 = sample_word(salt, (i >> 1) + 1);
    const std::uint32_t lo = sample_bits16_of(w0, i) | (std::uint32_t(sample_bits16_of(w0, i + 1)) << 16);
    const std::uint32_t hi = sample_bits16_of(w1, i + 2) | (std::uint32_t(sample_bits16_of(w1, i + 3)) << 16);
    reinterpret_cast<uint2*>(data)[k] = make_uint2(lo, hi);  // little-endian: element i in the low half
  }
  const std::size_t tail = first_index();
  if (tail < n % 4) data[4 * chunks + tail] = sample_bits16(salt, 4 * chunks + tail);
}

void require_alignment(const void* data, std::size_t bytes, const char* what) {
  if (reinterpret_cast<std::uintptr_t>(data) % bytes != 0)
    throw std::invalid_argument(fmt::format("{}: the data must be {}-byte aligned", what, bytes));
}

__device__ std::uint32_t bits_of(float v) { return __float_as_uint(v); }
__device__ std::uint32_t bits_of(std::uint16_t v) { return v; }

// Rows of `out` (c) over blockIdx.y, positions in a row (r) over x, both grid-stride.
template <class T>
__global__ void transpose_mismatch_kernel(const T* out, int rows, int cols, std::uint64_t salt,
                                          unsigned long long* slots) {
  unsigned long long count = 0, first = ~0ull;
  for (int c = blockIdx.y; c < cols; c += gridDim.y)
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
      const std::size_t o = static_cast<std::size_t>(c) * rows + r;
      const T want = sample_value<T>(salt, static_cast<std::size_t>(r) * cols + c);
      if (bits_of(out[o]) != bits_of(want)) {
        ++count;
        first = o < first ? o : first;
      }
    }
  report_mismatches(count, first, slots);
}

__global__ void scaled_mismatch_kernel(const float* out, std::size_t total, std::size_t first_in, std::size_t count_in,
                                       std::size_t in_first, float s, std::uint64_t salt, unsigned long long* slots) {
  unsigned long long count = 0, first = ~0ull;
  for (std::size_t j = first_index(); j < total; j += grid_stride()) {
    std::uint32_t want = 0xFFFFFFFFu;  // the poison: nothing may be written outside the range
    if (j >= first_in && j - first_in < count_in)
      want = __float_as_uint(__fmul_rn(s, sample_float(salt, j - first_in + in_first)));
    if (__float_as_uint(out[j]) != want) {
      ++count;
      first = j < first ? j : first;
    }
  }
  report_mismatches(count, first, slots);
}

__global__ void word_mismatch_kernel(const std::uint32_t* got, const std::uint32_t* want, std::size_t n,
                                     unsigned long long* slots) {
  unsigned long long count = 0, first = ~0ull;
  for (std::size_t i = first_index(); i < n; i += grid_stride())
    if (got[i] != want[i]) {
      ++count;
      first = i < first ? i : first;
    }
  report_mismatches(count, first, slots);
}

// Adds (a, b) over the block into totals[0], totals[1]: one atomic pair per block.
__device__ void block_add(long long a, long long b, long long* totals) {
  __shared__ long long part[2][kThreads / 32];
  for (int offset = 16; offset > 0; offset /= 2) {
    a += __shfl_down_sync(kFullWarp, a, offset);
    b += __shfl_down_sync(kFullWarp, b, offset);
  }
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x / 32;
  if (lane == 0) {
    part[0][warp] = a;
    part[1][warp] = b;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    long long ta = 0, tb = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w) {
      ta += part[0][w];
      tb += part[1][w];
    }
    // Two's complement: an unsigned add of a negative sum subtracts.
    atomicAdd(reinterpret_cast<unsigned long long*>(&totals[0]), static_cast<unsigned long long>(ta));
    atomicAdd(reinterpret_cast<unsigned long long*>(&totals[1]), static_cast<unsigned long long>(tb));
  }
}

// Four summands per thread and step (all in one group of 32: one hash), one float4 store.
__global__ void exact_summands_kernel(float* data, std::size_t n, std::uint64_t salt, long long* totals) {
  const int exponent = exact_summand_exponent(salt);
  long long sum = 0, abs_sum = 0;
  const std::size_t chunks = (n + 3) / 4;
  for (std::size_t k = first_index(); k < chunks; k += grid_stride()) {
    const std::size_t i0 = 4 * k;
    const std::uint32_t word = sample_word(salt, i0 / kExactSumGroup);
    float v[4];
    for (int j = 0; j < 4; ++j) {
      const int numerator = i0 + j < n ? exact_summand_numerator(word, i0 + j, n) : 0;
      sum += numerator;
      abs_sum += numerator < 0 ? -numerator : numerator;
      v[j] = exact_summand_value(numerator, exponent);
    }
    if (i0 + 4 <= n) {
      reinterpret_cast<float4*>(data)[k] = make_float4(v[0], v[1], v[2], v[3]);
    } else {
      for (int j = 0; i0 + j < n; ++j) data[i0 + j] = v[j];
    }
  }
  block_add(sum, abs_sum, totals);
}

}  // namespace

void fill_sample_floats(float* data, std::size_t n, std::uint64_t salt, cudaStream_t stream) {
  if (n == 0) return;
  require_alignment(data, 16, "fill_sample_floats");
  fill_floats_kernel<<<grid_for(n / 4 + 4), kThreads, 0, stream>>>(data, n, salt);
  MEMLAB_CUDA(cudaGetLastError());
}

void fill_sample_bits16(std::uint16_t* data, std::size_t n, std::uint64_t salt, cudaStream_t stream) {
  if (n == 0) return;
  require_alignment(data, 8, "fill_sample_bits16");
  fill_bits16_kernel<<<grid_for(n / 4 + 4), kThreads, 0, stream>>>(data, n, salt);
  MEMLAB_CUDA(cudaGetLastError());
}

void poison_async(void* data, std::size_t bytes, cudaStream_t stream) {
  if (bytes > 0) MEMLAB_CUDA(cudaMemsetAsync(data, 0xFF, bytes, stream));
}

MismatchCounter::MismatchCounter() { MEMLAB_CUDA(cudaMalloc(&slots_, 2 * sizeof(unsigned long long))); }
MismatchCounter::~MismatchCounter() { cudaFree(slots_); }

void MismatchCounter::reset(cudaStream_t stream) {
  MEMLAB_CUDA(cudaMemsetAsync(slots_, 0, sizeof(unsigned long long), stream));
  MEMLAB_CUDA(cudaMemsetAsync(slots_ + 1, 0xFF, sizeof(unsigned long long), stream));
}

DeviceMismatches MismatchCounter::read(cudaStream_t stream) {
  unsigned long long host[2] = {0, 0};
  MEMLAB_CUDA(cudaMemcpyAsync(host, slots_, sizeof host, cudaMemcpyDeviceToHost, stream));
  MEMLAB_CUDA(cudaStreamSynchronize(stream));
  return {host[0], host[1]};
}

template <class T>
DeviceMismatches count_transpose_mismatches(const T* out, int rows, int cols, std::uint64_t salt,
                                            MismatchCounter& counter, cudaStream_t stream) {
  if (rows <= 0 || cols <= 0) throw std::invalid_argument("count_transpose_mismatches: empty matrix");
  counter.reset(stream);
  const dim3 grid(static_cast<unsigned>(std::min((rows + kThreads - 1) / kThreads, 1024)),
                  static_cast<unsigned>(std::min(cols, 65535)));
  transpose_mismatch_kernel<T><<<grid, kThreads, 0, stream>>>(out, rows, cols, salt, counter.device());
  MEMLAB_CUDA(cudaGetLastError());
  return counter.read(stream);
}
template DeviceMismatches count_transpose_mismatches<float>(const float*, int, int, std::uint64_t, MismatchCounter&,
                                                            cudaStream_t);
template DeviceMismatches count_transpose_mismatches<std::uint16_t>(const std::uint16_t*, int, int, std::uint64_t,
                                                                    MismatchCounter&, cudaStream_t);

DeviceMismatches count_scaled_mismatches(const float* out, std::size_t total, std::size_t first, std::size_t count,
                                         std::size_t in_first, float s, std::uint64_t salt, MismatchCounter& counter,
                                         cudaStream_t stream) {
  counter.reset(stream);
  if (total > 0) {
    scaled_mismatch_kernel<<<grid_for(total), kThreads, 0, stream>>>(out, total, first, count, in_first, s, salt,
                                                                     counter.device());
    MEMLAB_CUDA(cudaGetLastError());
  }
  return counter.read(stream);
}

DeviceMismatches count_word_mismatches(const std::uint32_t* got, const std::uint32_t* want, std::size_t n,
                                       MismatchCounter& counter, cudaStream_t stream) {
  counter.reset(stream);
  if (n > 0) {
    word_mismatch_kernel<<<grid_for(n), kThreads, 0, stream>>>(got, want, n, counter.device());
    MEMLAB_CUDA(cudaGetLastError());
  }
  return counter.read(stream);
}

double ExactSumTotal::sum() const { return static_cast<double>(numerator_sum) / static_cast<double>(1 << exponent); }
double ExactSumTotal::sum_abs() const {
  return static_cast<double>(numerator_abs_sum) / static_cast<double>(1 << exponent);
}

ExactSumSamples::ExactSumSamples() { MEMLAB_CUDA(cudaMalloc(&totals_, 2 * sizeof(long long))); }
ExactSumSamples::~ExactSumSamples() { cudaFree(totals_); }

void ExactSumSamples::fill(float* data, std::size_t n, std::uint64_t salt, cudaStream_t stream) {
  if (n == 0 || n > kExactSumMaxN)
    throw std::invalid_argument(fmt::format("ExactSumSamples: n must be 1..{}", kExactSumMaxN));
  require_alignment(data, 16, "ExactSumSamples");
  exponent_ = exact_summand_exponent(salt);
  MEMLAB_CUDA(cudaMemsetAsync(totals_, 0, 2 * sizeof(long long), stream));
  exact_summands_kernel<<<grid_for((n + 3) / 4), kThreads, 0, stream>>>(data, n, salt, totals_);
  MEMLAB_CUDA(cudaGetLastError());
}

ExactSumTotal ExactSumSamples::total(cudaStream_t stream) const {
  long long host[2] = {0, 0};
  MEMLAB_CUDA(cudaMemcpyAsync(host, totals_, sizeof host, cudaMemcpyDeviceToHost, stream));
  MEMLAB_CUDA(cudaStreamSynchronize(stream));
  ExactSumTotal t;
  t.numerator_sum = host[0];
  t.numerator_abs_sum = host[1];
  t.exponent = exponent_;
  return t;
}

}  // namespace memlab
