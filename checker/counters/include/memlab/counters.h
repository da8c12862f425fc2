// memlab::counters: hardware counters around one piece of GPU work, through
// CUPTI's range profiler (CUDA 12.6+; the older cuptiProfiler* session API is
// deprecated in CUDA 13), plus a CPU-only check of metric names.
//
// How a measurement runs (see measure() below):
//   CUPTI "user range" mode: one range, opened just before `launch` and closed
//   after it, so the counters cover exactly what `launch` does (every kernel
//   in it, nothing else).
//   CUPTI "user replay" mode: the hardware can count only so many things at
//   once, so a set of metrics may need several passes, and in user replay the
//   caller runs the range once per pass. measure() does that for you by
//   calling `launch` again. (The alternative, kernel replay, has CUPTI save
//   and restore device memory and re-run each kernel by itself, with every
//   kernel its own range in "auto range" mode. We want one range around the
//   caller's whole launch and no hidden copies of large buffers, so user
//   range + user replay, as nvbench does.)
//
// CONSEQUENCE FOR CALLERS: `launch` may be called several times (Result::passes
// says how many). It must be idempotent: every call does the same work on the
// same inputs. A kernel that writes out[i] = f(in) is fine; one that
// accumulates into its output (out[i] += ..., atomicAdd into a counter) is not,
// unless the counts you read do not depend on the values. Counters are summed
// over all the work inside one call, not over the passes.
//
// measure() synchronizes the device after `launch` (inside the range), so the
// work is serialized with respect to the host.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlab::counters {

enum class Status {
  ok,             // values are valid
  not_permitted,  // the driver refuses counters to this user (message has the fix)
  unsupported,    // no usable GPU, or this GPU/driver/setup cannot profile (message says why)
  error,          // anything else: bad metric name, CUPTI or CUDA failure (message names the call)
};

const char* to_string(Status status);

struct Result {
  Status status = Status::error;
  std::string message;                   // empty or a one-line note when ok; the reason otherwise
  std::map<std::string, double> values;  // metric name -> value summed over the range
  int passes = 0;                        // hardware passes = calls of `launch` (measure);
                                         // passes the metric set needs (validate_metric_names)

  bool ok() const { return status == Status::ok; }
  // The value of one metric, or nullopt when it was not measured.
  std::optional<double> value(const std::string& metric) const;
};

// Profile the work done inside `launch` as one range on the current CUDA
// device and return the metric values. Never throws and never aborts: a
// failure of CUPTI, of CUDA, or an exception from `launch` comes back as a
// Result with a message that names the failing call. Everything CUPTI was
// asked to set up is torn down again before it returns.
Result measure(const std::vector<std::string>& metrics, const std::function<void()>& launch);

// CPU only (needs no GPU and no driver): are these metric names known and
// collectible on chip `chip` (CUPTI's chip names: "GH100" for H100/H200,
// "GA100" for A100, "GA102", "AD102", "TU102", ...)? A name needs its rollup
// suffix (".sum"). On success, `passes` is the number of hardware passes the
// whole set needs. An unknown name gets a message with the nearest known name.
Result validate_metric_names(const std::string& chip, const std::vector<std::string>& metrics);

// The chip names this CUPTI build knows (for messages and tests).
std::vector<std::string> supported_chips();

// The metrics the course uses.
namespace metric {
// Shared memory: wavefronts are the passes the shared-memory data path needs
// for the warp's requests; one warp instruction with an n-way bank conflict
// takes n of them (for <= 4-byte accesses).
inline constexpr const char* shared_ld_wavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
inline constexpr const char* shared_st_wavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
// Warp-level shared load/store instructions (LDS/STS only; generic LD/ST that
// happen to hit shared memory are not counted here, but their wavefronts are).
inline constexpr const char* shared_ld_instructions = "smsp__inst_executed_op_shared_ld.sum";
inline constexpr const char* shared_st_instructions = "smsp__inst_executed_op_shared_st.sum";
// Bank conflicts: wavefronts beyond the ideal count for the access width.
inline constexpr const char* shared_ld_bank_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
inline constexpr const char* shared_st_bank_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
// Global memory: 32-byte sectors and the requests (one per warp instruction) that asked for them.
inline constexpr const char* global_ld_sectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* global_ld_requests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* global_st_sectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* global_st_requests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
}  // namespace metric

enum class Access { load, store };

// Every metric above, loads before stores.
std::vector<std::string> course_metrics();
// The three shared-memory metrics of one access kind (wavefronts, instructions, conflicts).
std::vector<std::string> shared_metrics(Access access);
// The two global-memory metrics of one access kind (sectors, requests).
std::vector<std::string> global_metrics(Access access);

// Per-instruction ratios from a measured Result; nullopt when a metric is
// missing or the denominator is zero (no such instruction ran).
std::optional<double> wavefronts_per_instruction(const Result& result, Access access);
std::optional<double> conflicts_per_instruction(const Result& result, Access access);
std::optional<double> sectors_per_request(const Result& result, Access access);

}  // namespace memlab::counters

namespace memlab {

// Why a check that reads the counters is skipped when it cannot read them: "hardware counters
// unavailable: " and `reason`, in English and Chinese (memlab/bilingual.h). Every such skip starts
// so, and readers find them by it (the notebook's test, checker/tests/run_notebook.cmake). A reason
// that already starts so (the range profiler's own message) is not said twice.
std::string counters_unavailable(const std::string& reason);

}  // namespace memlab
