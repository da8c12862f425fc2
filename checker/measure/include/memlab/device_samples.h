#pragma once
// The checker's GPU side of a timed sample (memlab/sample_inputs.h defines the values): drawing
// a sample's inputs, poisoning its outputs, and comparing an output with what those inputs must
// give, all on the device and on the stream given, so that preparing or verifying a sample costs
// one pass over a buffer at memory speed instead of an upload or a download.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "memlab/cuda_check.h"
#include "memlab/verify.h"

namespace memlab {

// data[i] = sample_value(salt, i) for i < n.
void fill_sample_floats(float* data, std::size_t n, std::uint64_t salt, cudaStream_t stream);
void fill_sample_bits16(std::uint16_t* data, std::size_t n, std::uint64_t salt, cudaStream_t stream);
inline void fill_sample(float* data, std::size_t n, std::uint64_t salt, cudaStream_t stream) {
  fill_sample_floats(data, n, salt, stream);
}
inline void fill_sample(std::uint16_t* data, std::size_t n, std::uint64_t salt, cudaStream_t stream) {
  fill_sample_bits16(data, n, salt, stream);
}

// Every byte 0xFF (NaN as float and half), like DeviceArray::poison, but enqueued on `stream`.
void poison_async(void* data, std::size_t bytes, cudaStream_t stream);

// How many values of an output differ from what they must be, and the index of the first.
struct DeviceMismatches {
  unsigned long long count = 0;
  unsigned long long first = 0;  // meaningful when count > 0
};

// The two counters a comparison kernel adds into, on the device, reused call after call.
class MismatchCounter {
 public:
  MismatchCounter();
  ~MismatchCounter();
  MismatchCounter(const MismatchCounter&) = delete;
  MismatchCounter& operator=(const MismatchCounter&) = delete;
  unsigned long long* device() const { return slots_; }
  void reset(cudaStream_t stream);             // count 0, first ~0
  DeviceMismatches read(cudaStream_t stream);  // waits for `stream`

 private:
  unsigned long long* slots_ = nullptr;
};

// out is cols x rows: out[c * rows + r] must be sample_value<T>(salt, r * cols + c), bit for bit.
template <class T>
DeviceMismatches count_transpose_mismatches(const T* out, int rows, int cols, std::uint64_t salt,
                                            MismatchCounter& counter, cudaStream_t stream);

// out[j], j < total: inside [first, first + count) it must be the rounded product
// s * sample_float(salt, j - first + in_first), bit for bit; outside, still all-ones poison.
DeviceMismatches count_scaled_mismatches(const float* out, std::size_t total, std::size_t first, std::size_t count,
                                         std::size_t in_first, float s, std::uint64_t salt, MismatchCounter& counter,
                                         cudaStream_t stream);

// got[i] == want[i] for i < n.
DeviceMismatches count_word_mismatches(const std::uint32_t* got, const std::uint32_t* want, std::size_t n,
                                       MismatchCounter& counter, cudaStream_t stream);

// Mismatches as Comparison::summary prints them ("3 of 67108864 elements differ; first: out[5][7]
// = nan (want 0.25)"), the first value read back from `data` on the device, `want` its value.
template <class T>
std::string describe_mismatches(const DeviceMismatches& m, std::size_t checked, const T* data, T want,
                                const std::function<std::string(std::size_t)>& name_index) {
  T got{};
  MEMLAB_CUDA(cudaMemcpy(&got, data + m.first, sizeof(T), cudaMemcpyDeviceToHost));
  Comparison c;
  c.checked = checked;
  c.mismatches = static_cast<std::size_t>(m.count);
  c.first.push_back({static_cast<std::size_t>(m.first), format_value(got), format_value(want)});
  return c.summary(name_index);
}

// ---- Sums that are exact in any order (sample_inputs.h) -------------------------------------
struct ExactSumTotal {
  long long numerator_sum = 0, numerator_abs_sum = 0;  // sum of k and of |k| over the elements
  int exponent = 0;                                    // every value is k * 2^-exponent
  double sum() const;                                  // exact, and exactly a float
  double sum_abs() const;
};

// Draws the summands of a sample on the GPU and adds up their exact total there, in the same
// pass (integers, so in any order exactly).
class ExactSumSamples {
 public:
  ExactSumSamples();
  ~ExactSumSamples();
  ExactSumSamples(const ExactSumSamples&) = delete;
  ExactSumSamples& operator=(const ExactSumSamples&) = delete;
  // data[0..n) = the summands of `salt`; n <= kExactSumMaxN, data 16-byte aligned.
  void fill(float* data, std::size_t n, std::uint64_t salt, cudaStream_t stream);
  // The total of the last fill (waits for `stream`).
  ExactSumTotal total(cudaStream_t stream) const;

 private:
  long long* totals_ = nullptr;  // numerator_sum, numerator_abs_sum
  int exponent_ = 0;
};

}  // namespace memlab
