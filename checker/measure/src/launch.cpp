#include "memlab/launch.h"
#include "memlab/student_calls.h"

#include "memlab/checker.h"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <thread>

#include <fmt/format.h>

#include "memlab/bilingual.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"

namespace memlab {
namespace {

// What the error means for the student's kernel, in English and Chinese (memlab/bilingual.h); other
// errors as CUDA words them.
std::string explain(cudaError_t e) {
  switch (e) {
    case cudaErrorInvalidConfiguration:
      return bilingual(
          "the launch configuration is invalid (more than 1024 threads per block, a zero-sized grid, or "
          "more shared memory than a block may have)",
          "启动配置无效（每个线程块多于 1024 个线程、网格大小为零，或者共享内存超过了一个线程块能用的大小）");
    case cudaErrorLaunchOutOfResources:
      return bilingual(
          "the block needs more registers than the SM has for it: use fewer threads per block or "
          "__launch_bounds__",
          "线程块需要的寄存器多于 SM 能分给它的：减少每个线程块的线程数，或者用 __launch_bounds__");
    case cudaErrorIllegalAddress:
      return bilingual(
          "the kernel read or wrote an address outside every allocation: an index went out of bounds "
          "(the last, partial tile?)",
          "核函数读写了所有已分配内存之外的地址：有下标越界了（是最后那个不完整的 tile 吗？）");
    case cudaErrorMisalignedAddress:
      return bilingual(
          "a load or store used an address not aligned to its size (a float4 access needs 16-byte "
          "alignment)",
          "有一次加载或写入所用的地址没有按它的大小对齐（float4 访问需要 16 字节对齐）");
    case cudaErrorInvalidDeviceFunction:
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion: return missing_code_explanation(e);
    default: return cudaGetErrorString(e);
  }
}

CudaError kernel_failed(const std::string& what, cudaError_t e) {
  const std::string why = explain(e);
  return CudaError(
      e, bilingual(
             fmt::format("{}: the kernel failed: {}: {}", english_part(what), cudaGetErrorName(e), english_part(why)),
             fmt::format("{}：核函数执行失败：{}：{}", chinese_part(what), cudaGetErrorName(e), chinese_part(why))));
}

// The launch's stream (the process's one work stream) and its own events, released however
// run_checked leaves.
struct LaunchStream {
  cudaStream_t stream = nullptr;
  cudaEvent_t done = nullptr, idle_probe = nullptr, legacy_caught_up = nullptr;
  LaunchStream() {
    stream = work_stream();
    MEMLAB_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    MEMLAB_CUDA(cudaEventCreate(&idle_probe));
    MEMLAB_CUDA(cudaEventCreate(&legacy_caught_up));
  }
  ~LaunchStream() {
    cudaEventDestroy(legacy_caught_up);
    cudaEventDestroy(idle_probe);
    cudaEventDestroy(done);
  }
  LaunchStream(const LaunchStream&) = delete;
  LaunchStream& operator=(const LaunchStream&) = delete;
};

[[noreturn]] void report_hang(const std::string& what) {
  std::fprintf(stderr,
               "\nFATAL: %s did not finish within %lld s: the kernel probably hangs (a __syncthreads() that "
               "not every thread reaches, or a loop that never ends). Exiting; the GPU is released when "
               "this process ends.\n",
               std::string(english_part(what)).c_str(), static_cast<long long>(launch_timeout().count()));
  std::fflush(stderr);
  // The judge fails every check that got no measurement with this reason.
  report_fatal(bilingual(
      fmt::format("{} did not finish within {} s: the kernel probably hangs (a __syncthreads() that not every "
                  "thread reaches, or a loop that never ends); the check program ended itself",
                  english_part(what), launch_timeout().count()),
      fmt::format("{} 没有在 {} s 内完成：核函数很可能卡住了（有的线程到不了某个 __syncthreads()，"
                  "或者有一个永不结束的循环）；检查程序自己结束了",
                  chinese_part(what), launch_timeout().count())));
  end_recorder();
  std::_Exit(3);
}

// Polls `query` (an event or stream query) until it is not cudaErrorNotReady, so that a kernel
// that never finishes is reported, not waited on forever. Returns the final status.
template <class Query>
cudaError_t wait_polling(Query query, std::chrono::steady_clock::time_point deadline, const std::string& what) {
  cudaError_t e;
  while ((e = query()) == cudaErrorNotReady) {
    if (std::chrono::steady_clock::now() > deadline) report_hang(what);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return e;
}

}  // namespace

cudaStream_t work_stream() {
  static cudaStream_t stream = [] {
    cudaStream_t s = nullptr;
    MEMLAB_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    return s;
  }();
  return stream;
}

namespace {
bool stream_timing_layers = true;
}  // namespace

void set_stream_timing_layers(bool on) { stream_timing_layers = on; }

std::chrono::seconds launch_timeout() {
  if (const char* v = std::getenv("MEMLAB_LAUNCH_TIMEOUT")) {
    long s = std::strtol(v, nullptr, 10);
    if (s > 0) return std::chrono::seconds(s);
  }
  return std::chrono::seconds(30);
}

void run_checked(const std::string& what, const Launch& launch) {
  MEMLAB_CUDA(cudaDeviceSynchronize());  // nothing of the checker's own is left on any stream
  cudaGetLastError();                    // start from a clean slate
  LaunchStream own;
  launch(own.stream);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    const std::string why = explain(e);
    throw LaunchFailure(bilingual(
        fmt::format("{}: the launch failed: {}: {}", english_part(what), cudaGetErrorName(e), english_part(why)),
        fmt::format("{}：启动失败：{}：{}", chinese_part(what), cudaGetErrorName(e), chinese_part(why))));
  }
  MEMLAB_CUDA(cudaEventRecord(own.done, own.stream));
  const auto deadline = std::chrono::steady_clock::now() + launch_timeout();
  e = wait_polling([&] { return cudaEventQuery(own.done); }, deadline, what);
  if (e != cudaSuccess) throw kernel_failed(what, e);

  // The device was idle before the launch, so anything on the default streams now is the
  // launch's, running on after its own stream finished. Waited for, so the next launch starts
  // clean, and with the deadline, so a hang there is reported too.
  bool left_stream = false;
  for (cudaStream_t other : {cudaStreamLegacy, cudaStreamPerThread}) {
    e = cudaStreamQuery(other);
    if (e == cudaErrorNotReady) {
      left_stream = true;
      e = wait_polling([&] { return cudaStreamQuery(other); }, deadline, what);
    }
    if (e != cudaSuccess) throw kernel_failed(what, e);
  }
  // Blocking streams of the launch's own creation: an event on the legacy stream waits for them;
  // against one recorded just after it on the launch's (idle) stream, its delay on the GPU's clock
  // is the work still pending there (as in KernelTimer::time_once).
  MEMLAB_CUDA(cudaEventRecord(own.legacy_caught_up, cudaStreamLegacy));
  MEMLAB_CUDA(cudaEventRecord(own.idle_probe, own.stream));
  e = wait_polling([&] { return cudaEventQuery(own.legacy_caught_up); }, deadline, what);
  if (e != cudaSuccess) throw kernel_failed(what, e);
  // The last layer: non-blocking streams of its own show only as a device slow to go idle.
  const auto idle_from = std::chrono::steady_clock::now();
  e = cudaDeviceSynchronize();
  const double idle_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - idle_from).count();
  if (e != cudaSuccess) throw kernel_failed(what, e);
  cudaGetLastError();  // the queries' "not ready" answers
  float legacy_gap_ms = 0;
  MEMLAB_CUDA(cudaEventElapsedTime(&legacy_gap_ms, own.idle_probe, own.legacy_caught_up));
  const bool slow_to_idle = stream_timing_layers && idle_ms > kRunCheckedIdleMs;
  if (stream_timing_layers && legacy_gap_ms > kLegacyGapMs) left_stream = true;
  if (left_stream || slow_to_idle)
    throw LaunchFailure(join_bilingual(
        {what, bilingual(": the work left the stream it was given (it was still running on another stream after "
                         "its own stream had finished): enqueue every kernel and copy on the stream argument "
                         "(kernel<<<grid, block, shared_bytes, stream>>>), not on the default stream or a stream "
                         "of your own",
                         "：这项工作离开了交给它的流（它自己的流结束之后，它仍在另一个流上运行）："
                         "把每个核函数和每次复制都放进参数给出的流（kernel<<<grid, block, shared_bytes, stream>>>），"
                         "不要放进默认流或你自己创建的流")}));
}

}  // namespace memlab
