#include "memlab/buffers.h"

#include <cuda_runtime.h>

#include <utility>
#include <vector>

#include "memlab/cuda_check.h"

namespace memlab {

GuardedAllocation::GuardedAllocation(std::size_t payload_bytes, std::string name)
    : bytes_(payload_bytes), name_(std::move(name)) {
  void* p = nullptr;
  MEMLAB_CUDA(cudaMalloc(&p, payload_bytes + 2 * kGuardBytes));
  base_ = static_cast<unsigned char*>(p);
  MEMLAB_CUDA(cudaMemset(base_, kCanary, kGuardBytes));
  MEMLAB_CUDA(cudaMemset(base_ + kGuardBytes + bytes_, kCanary, kGuardBytes));
  poison();
}

GuardedAllocation::~GuardedAllocation() {
  if (base_) cudaFree(base_);
}

GuardedAllocation::GuardedAllocation(GuardedAllocation&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)), bytes_(other.bytes_), name_(std::move(other.name_)) {}

void GuardedAllocation::poison() { MEMLAB_CUDA(cudaMemset(payload(), kPoison, bytes_)); }

void GuardedAllocation::upload(const void* host, std::size_t bytes) {
  MEMLAB_CUDA(cudaMemcpy(payload(), host, bytes, cudaMemcpyHostToDevice));
}

void GuardedAllocation::download(void* host, std::size_t bytes) const {
  MEMLAB_CUDA(cudaMemcpy(host, payload(), bytes, cudaMemcpyDeviceToHost));
}

void GuardedAllocation::check_guards(std::size_t element_bytes) const {
  std::vector<unsigned char> guard(kGuardBytes);
  MEMLAB_CUDA(cudaMemcpy(guard.data(), base_, kGuardBytes, cudaMemcpyDeviceToHost));
  for (std::size_t i = kGuardBytes; i-- > 0;) {  // nearest to the payload first
    if (guard[i] != kCanary) throw OutOfBoundsWrite(describe_guard_hit(name_, element_bytes, true, kGuardBytes - i));
  }
  MEMLAB_CUDA(cudaMemcpy(guard.data(), base_ + kGuardBytes + bytes_, kGuardBytes, cudaMemcpyDeviceToHost));
  for (std::size_t i = 0; i < kGuardBytes; ++i) {
    if (guard[i] != kCanary) throw OutOfBoundsWrite(describe_guard_hit(name_, element_bytes, false, i));
  }
}

}  // namespace memlab
