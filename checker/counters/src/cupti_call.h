// Internal: turning a failed CUPTI or CUDA call into a Result.
//
// Inside the library a failed call throws CallFailed, so the profiling
// sequence reads top to bottom and the RAII guards undo whatever was set up;
// the public functions catch it and return its Result. Nothing escapes.
#pragma once

#include "memlab/counters.h"

#include <cupti_result.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace memlab::counters::detail {

struct CallFailed : std::runtime_error {
  explicit CallFailed(Result r) : std::runtime_error(r.message), result(std::move(r)) {}
  Result result;
};

// "CUPTI_ERROR_INVALID_PARAMETER (description from CUPTI)".
std::string describe(CUptiResult code);

// Which Status a CUPTI error means (privileges -> not_permitted, device or
// setup not supported -> unsupported, the rest -> error).
Status status_of(CUptiResult code);

// How to lift the driver's restriction of counters to administrators, in English and Chinese.
extern const char* const permission_fix;
extern const char* const permission_fix_zh;

// The Result for `call` having returned `code`: status_of(code), and a message
// that names the call and the error, plus the fix when it is a privilege error.
// Messages are in English and Chinese (memlab/bilingual.h): the checker's reports
// print them in the reader's language. `call` is a name ("cuptiProfilerInitialize"),
// or a text in both languages.
Result failed_cupti_call(const std::string& call, CUptiResult code);
Result failed_cuda_call(const std::string& call, cudaError_t code);

// Throw CallFailed unless `code` is success.
void check(const std::string& call, CUptiResult code);
void check(const std::string& call, cudaError_t code);

// A zeroed CUPTI parameter struct with structSize set: CUPTI reads structSize
// to learn which fields the caller's header version has.
template <class Params>
Params cupti_params(std::size_t struct_size) {
  Params params{};
  params.structSize = struct_size;
  return params;
}
#define MEMLAB_CUPTI_PARAMS(Type) ::memlab::counters::detail::cupti_params<Type>(Type##_STRUCT_SIZE)

// Throw CallFailed with `status` and `message` (in English and Chinese).
[[noreturn]] void fail(Status status, std::string message);

}  // namespace memlab::counters::detail
