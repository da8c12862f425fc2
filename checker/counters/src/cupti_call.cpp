#include "cupti_call.h"

#include <cupti.h>
#include <memlab/bilingual.h>

namespace memlab::counters::detail {

const char* const permission_fix =
    "the NVIDIA driver lets only administrators read GPU performance counters. "
    "Fix: run as root, or allow all users by adding the line "
    "'options nvidia NVreg_RestrictProfilingToAdminUsers=0' to a file in /etc/modprobe.d/ "
    "(e.g. nvidia-profiling.conf), rebuilding the initramfs if it loads the nvidia module "
    "(Debian/Ubuntu: update-initramfs -u), and rebooting; "
    "see https://developer.nvidia.com/ERR_NVGPUCTRPERM";

const char* const permission_fix_zh =
    "NVIDIA 驱动只允许管理员读取 GPU 的性能计数器。解决办法：以 root 身份运行；或者允许所有用户读取："
    "在 /etc/modprobe.d/ 下的一个文件（例如 nvidia-profiling.conf）中加入一行 "
    "`options nvidia NVreg_RestrictProfilingToAdminUsers=0`，如果 initramfs 会加载 nvidia 模块，就重新生成它"
    "（Debian/Ubuntu：update-initramfs -u），然后重启；"
    "见 https://developer.nvidia.com/ERR_NVGPUCTRPERM";

std::string describe(CUptiResult code) {
  const char* name = nullptr;
  if (cuptiGetResultString(code, &name) != CUPTI_SUCCESS || name == nullptr) {
    return bilingual("CUPTI error " + std::to_string(static_cast<int>(code)),
                     "CUPTI 错误 " + std::to_string(static_cast<int>(code)));
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

Result failed_cupti_call(const std::string& call, CUptiResult code) {
  Result r;
  r.status = status_of(code);
  const std::string error = describe(code);
  std::string en = std::string(english_part(call)) + " failed: " + std::string(english_part(error));
  std::string zh = std::string(chinese_part(call)) + " 调用失败：" + std::string(chinese_part(error));
  if (r.status == Status::not_permitted) {
    en += "; " + std::string(permission_fix);
    zh += "；" + std::string(permission_fix_zh);
  } else if (code == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED ||
             code == CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED) {
    en +=
        "; another profiler (Nsight Compute or Systems, or the old CUPTI profiler API) "
        "is attached to this process";
    zh += "；另一个性能分析器（Nsight Compute 或 Nsight Systems，或者旧的 CUPTI 性能分析 API）已经附加在这个进程上";
  }
  r.message = bilingual(en, zh);
  return r;
}

Result failed_cuda_call(const std::string& call, cudaError_t code) {
  Result r;
  switch (code) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorCallRequiresNewerDriver: r.status = Status::unsupported; break;
    default: r.status = Status::error;
  }
  const bool unusable = r.status == Status::unsupported;
  r.message = bilingual(std::string(unusable ? "no usable CUDA GPU: " : "") + std::string(english_part(call)) +
                            " failed: " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")",
                        std::string(unusable ? "没有可用的 CUDA GPU：" : "") + std::string(chinese_part(call)) +
                            " 调用失败：" + cudaGetErrorName(code) + "（" + cudaGetErrorString(code) + "）");
  return r;
}

void check(const std::string& call, CUptiResult code) {
  if (code != CUPTI_SUCCESS) throw CallFailed(failed_cupti_call(call, code));
}

void check(const std::string& call, cudaError_t code) {
  if (code != cudaSuccess) throw CallFailed(failed_cuda_call(call, code));
}

void fail(Status status, std::string message) {
  Result r;
  r.status = status;
  r.message = std::move(message);
  throw CallFailed(std::move(r));
}

}  // namespace memlab::counters::detail
