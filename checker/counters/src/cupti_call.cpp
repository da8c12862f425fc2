#include "cupti_call.h"

#include <cupti.h>

namespace memlab::counters::detail {

const char* const permission_fix =
    "the NVIDIA driver lets only administrators read GPU performance counters. "
    "Fix: run as root, or allow all users by adding the line "
    "'options nvidia NVreg_RestrictProfilingToAdminUsers=0' to a file in /etc/modprobe.d/ "
    "(e.g. nvidia-profiling.conf), rebuilding the initramfs if it loads the nvidia module "
    "(Debian/Ubuntu: update-initramfs -u), and rebooting; "
    "see https://developer.nvidia.com/ERR_NVGPUCTRPERM";

std::string describe(CUptiResult code) {
  const char* name = nullptr;
  if (cuptiGetResultString(code, &name) != CUPTI_SUCCESS || name == nullptr) {
    return "CUPTI error " + std::to_string(static_cast<int>(code));
  }
  std::string text = name;
  const char* detail = nullptr;
  if (cuptiGetErrorMessage(code, &detail) == CUPTI_SUCCESS && detail != nullptr && *detail != '\0' && text != detail) {
    text += std::string(" (") + detail + ")";
  }
  return text;
}

Status status_of(CUptiResult code) {
  switch (code) {
    case CUPTI_SUCCESS: return Status::ok;
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES: return Status::not_permitted;
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_INVALID_DEVICE:
    case CUPTI_ERROR_INVALID_CHIP_NAME:
    case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED: return Status::unsupported;
    default: return Status::error;
  }
}

Result failed_cupti_call(const char* call, CUptiResult code) {
  Result r;
  r.status = status_of(code);
  r.message = std::string(call) + " failed: " + describe(code);
  if (r.status == Status::not_permitted) {
    r.message += "; " + std::string(permission_fix);
  } else if (code == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED ||
             code == CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED) {
    r.message +=
        "; another profiler (Nsight Compute or Systems, or the old CUPTI profiler API) "
        "is attached to this process";
  }
  return r;
}

Result failed_cuda_call(const char* call, cudaError_t code) {
  Result r;
  switch (code) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorCallRequiresNewerDriver: r.status = Status::unsupported; break;
    default: r.status = Status::error;
  }
  r.message = std::string(r.status == Status::unsupported ? "no usable CUDA GPU: " : "") + call +
              " failed: " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")";
  return r;
}

void check(const char* call, CUptiResult code) {
  if (code != CUPTI_SUCCESS) throw CallFailed(failed_cupti_call(call, code));
}

void check(const char* call, cudaError_t code) {
  if (code != cudaSuccess) throw CallFailed(failed_cuda_call(call, code));
}

void fail(Status status, std::string message) {
  Result r;
  r.status = status;
  r.message = std::move(message);
  throw CallFailed(std::move(r));
}

}  // namespace memlab::counters::detail
