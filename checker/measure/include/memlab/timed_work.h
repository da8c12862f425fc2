#pragma once
// Timed work: a launch together with what makes its samples trustworthy. Before every timed
// sample (outside the interval) `prepare` redraws the inputs on the GPU from the sample's secret
// salt and poisons the outputs; after a secret subset of samples (the first and the last always)
// `verify` compares the output with what those inputs must give, on the GPU; and `floor` says
// what one launch must move, so that a time under it is rejected as impossible.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace memlab {

struct Roofline;

using Launch = std::function<void(cudaStream_t)>;

// Which sample is being prepared or verified. `number` counts the samples of a measurement
// (1, 2, ...; 0 for a check outside one) for messages; `salt` is secret and fresh for every
// sample of the process: the seed of that sample's inputs (memlab/sample_inputs.h).
struct SampleTag {
  std::size_t number = 0;
  std::uint64_t salt = 0;
};

// The least time one launch can take: `bytes` moved at `roofline` (measured on this GPU).
struct PhysicalFloor {
  double bytes = 0;
  const Roofline* roofline = nullptr;
  std::string roofline_name;  // "copy", "read", "shared-memory theory"
  bool set() const { return bytes > 0 && roofline != nullptr; }
  double ms() const;         // 0 when not set
  std::string text() const;  // "moving 537 MB at the measured copy roofline (3901 GB/s)"
};

struct TimedWork {
  std::string name;  // for messages: "transpose 8192x8192"
  Launch launch;     // everything on the stream it is given: the timer checks that nothing left it
  // Redraws the inputs and poisons the outputs for sample `tag`, enqueued on `stream`. Empty:
  // the work is timed on whatever its buffers hold (a trusted baseline).
  std::function<void(const SampleTag& tag, cudaStream_t stream)> prepare;
  // Compares the output of sample `tag` with what its inputs must give: empty when right,
  // else the count and the first mismatch. Empty function: the output is not verified.
  std::function<std::string(const SampleTag& tag, cudaStream_t stream)> verify;
  PhysicalFloor floor;  // unset: no floor (a trusted baseline)
};

}  // namespace memlab
