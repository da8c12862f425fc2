// memlab-counters-selftest: checks memlab::counters against access patterns
// whose counts are known, on whatever GPU is present.
//
//   shared loads, stride 1 float   -> 1 wavefront per instruction (conflict-free)
//   shared loads, stride 32 floats -> 32 wavefronts per instruction (all lanes in one bank)
//   global loads, stride 1 float   -> 4 sectors per request (128 contiguous bytes)
//   global loads, stride 32 floats -> 32 sectors per request (one 32-byte sector per lane)
//
// Every case collects all the course's metrics at once, which takes several
// hardware passes, so it also exercises the replay loop; a launch that throws
// must come back as an error and leave the next measurement working.
// Exit status: 0 when every case is within tolerance, 1 otherwise, 77 (skip)
// without a GPU or when counters are refused.
#include "gpu_tool.h"

#include "memlab/counters.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace {

using namespace memlab::counters;
using namespace memlab::counters::tools;

constexpr const char* kProgram = "memlab-counters-selftest";
constexpr int kThreads = 256;
constexpr int kBlocks = 264;
constexpr int kSharedRounds = 64;

// Each lane reads tile[lane * stride + r % 32]: stride 1 spreads a warp over
// 32 banks, stride 32 puts every lane in bank r % 32.
__global__ void shared_stride_read(int stride, float* out) {
  extern __shared__ float tile[];
  const int lane = threadIdx.x % 32;
  const int words = 32 * stride + 32;
  for (int i = threadIdx.x; i < words; i += blockDim.x) tile[i] = static_cast<float>(i);
  __syncthreads();
  const volatile float* shared = tile;
  float sum = 0.0f;
  for (int r = 0; r < kSharedRounds; ++r) sum += shared[lane * stride + r % 32];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void global_stride_read(const float* in, int stride, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[static_cast<long long>(i) * stride];
}

struct DeviceFloats {
  explicit DeviceFloats(std::size_t count) {
    const cudaError_t rc = cudaMalloc(&data, count * sizeof(float));
    if (rc != cudaSuccess) throw std::runtime_error(std::string("cudaMalloc: ") + cudaGetErrorName(rc));
    cudaMemset(data, 0, count * sizeof(float));
  }
  ~DeviceFloats() { cudaFree(data); }
  DeviceFloats(const DeviceFloats&) = delete;
  DeviceFloats& operator=(const DeviceFloats&) = delete;
  float* data = nullptr;
};

struct Case {
  const char* name;
  const char* quantity;
  double expected;
  double tolerance;
  std::function<void()> launch;
  std::function<std::optional<double>(const Result&)> reading;
};

// Prints one line for the case; returns 0 (ok), 1 (off) or the skip/error exit status.
int run_case(const Case& c) {
  const Result result = measure(course_metrics(), c.launch);
  if (!result.ok()) return exit_status_for(result, kProgram);
  const std::optional<double> value = c.reading(result);
  const bool ok = value && std::fabs(*value - c.expected) <= c.tolerance;
  char measured[32] = "missing";
  if (value) std::snprintf(measured, sizeof measured, "%.3f", *value);
  std::printf("%-32s %-26s %10s %9.0f +- %-5.2f %s  (%s)\n", c.name, c.quantity, measured, c.expected, c.tolerance,
              ok ? "ok" : "OFF", std::string(memlab::english_part(result.message)).c_str());
  if (!ok) {
    for (const auto& [metric, v] : result.values) std::printf("    %-60s %.0f\n", metric.c_str(), v);
  }
  return ok ? 0 : 1;
}

int run() {
  constexpr int n = kThreads * kBlocks;
  DeviceFloats out(n);
  DeviceFloats in(static_cast<std::size_t>(n) * 32);

  const auto shared_launch = [&out](int stride) {
    return [&out, stride] {
      const int bytes = (32 * stride + 32) * static_cast<int>(sizeof(float));
      shared_stride_read<<<kBlocks, kThreads, bytes>>>(stride, out.data);
    };
  };
  const auto global_launch = [&in, &out](int stride) {
    return [&in, &out, stride] { global_stride_read<<<kBlocks, kThreads>>>(in.data, stride, out.data, n); };
  };
  const auto shared_wavefronts = [](const Result& r) { return wavefronts_per_instruction(r, Access::load); };
  const auto global_sectors = [](const Result& r) { return sectors_per_request(r, Access::load); };

  const Case cases[] = {
      {"shared ld, stride 1 float", "wavefronts/instruction", 1, 0.1, shared_launch(1), shared_wavefronts},
      {"shared ld, stride 32 floats", "wavefronts/instruction", 32, 0.5, shared_launch(32), shared_wavefronts},
      {"global ld, stride 1 float", "sectors/request", 4, 0.1, global_launch(1), global_sectors},
      {"global ld, stride 32 floats", "sectors/request", 32, 0.5, global_launch(32), global_sectors},
  };
  std::printf("%s on %s\n", kProgram, device_description().c_str());
  std::printf("%-32s %-26s %10s %17s\n", "case", "quantity", "measured", "expected");
  int failures = 0;
  for (const Case& c : cases) {
    const int status = run_case(c);
    if (status == kExitSkip) return kExitSkip;
    failures += status != 0;
  }
  // A launch that fails mid-pass must leave CUPTI torn down cleanly, so that
  // the next measurement works.
  const Result planted = measure(course_metrics(), [] { throw std::runtime_error("planted failure"); });
  const bool reported = planted.status == Status::error && planted.message.find("planted failure") != std::string::npos;
  std::printf("%-32s %s  (%s: %s)\n", "failing launch is reported", reported ? "ok" : "OFF", to_string(planted.status),
              std::string(memlab::english_part(planted.message)).c_str());
  failures += !reported;
  std::printf("after the failing launch:\n");
  failures += run_case(cases[1]) != 0;

  std::printf("%s\n", failures == 0 ? "all cases ok" : "some cases are OFF: see the raw metric values above");
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main() {
  if (const std::string why = why_no_gpu(); !why.empty()) {
    std::fprintf(stderr, "%s: skipped: %s\n", kProgram, why.c_str());
    return kExitSkip;
  }
  try {
    return run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", kProgram, e.what());
    return 1;
  }
}
