#include "memlab/cuda_check.h"

#include <sstream>

#include "memlab/bilingual.h"
#include "memlab/gpu.h"

namespace memlab {

bool CudaError::sticky() const {
  switch (code) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchTimeout: return true;
    default: return false;
  }
}

void throw_cuda_error(cudaError_t code, const char* call, const char* file, int line) {
  std::ostringstream out;
  out << call << " failed: " << cudaGetErrorName(code) << " (" << cudaGetErrorString(code) << ") at " << file << ":"
      << line;
  const std::string missing_code = missing_code_explanation(code);  // in English and Chinese
  if (!missing_code.empty()) throw CudaError(code, join_bilingual({out.str(), ": ", missing_code}));
  throw CudaError(code, out.str());
}

}  // namespace memlab
