#include "bank_probe_kernel.h"

#include <algorithm>

namespace memlab::counters::tools {
namespace {

// One shared-memory load or store of W bytes at a shared-window address.
// volatile asm + ld/st.volatile: each repetition stays a separate LDS/STS.
template <int W>
__device__ __forceinline__ void load_shared(unsigned address, unsigned& sink) {
  if constexpr (W == 1) {
    unsigned v;
    asm volatile("ld.volatile.shared.u8 %0, [%1];" : "=r"(v) : "r"(address) : "memory");
    sink ^= v;
  } else if constexpr (W == 2) {
    unsigned v;
    asm volatile("ld.volatile.shared.u16 %0, [%1];" : "=r"(v) : "r"(address) : "memory");
    sink ^= v;
  } else if constexpr (W == 4) {
    unsigned v;
    asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"(address) : "memory");
    sink ^= v;
  } else if constexpr (W == 8) {
    unsigned x, y;
    asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(address) : "memory");
    sink ^= x ^ y;
  } else {
    static_assert(W == 16, "width must be 1, 2, 4, 8 or 16 bytes");
    unsigned x, y, z, w;
    asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                 : "r"(address)
                 : "memory");
    sink ^= x ^ y ^ z ^ w;
  }
}

template <int W>
__device__ __forceinline__ void store_shared(unsigned address, unsigned value) {
  if constexpr (W == 1) {
    asm volatile("st.volatile.shared.u8 [%0], %1;" ::"r"(address), "r"(value) : "memory");
  } else if constexpr (W == 2) {
    asm volatile("st.volatile.shared.u16 [%0], %1;" ::"r"(address), "r"(value) : "memory");
  } else if constexpr (W == 4) {
    asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"(address), "r"(value) : "memory");
  } else if constexpr (W == 8) {
    asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %1};" ::"r"(address), "r"(value) : "memory");
  } else {
    static_assert(W == 16, "width must be 1, 2, 4, 8 or 16 bytes");
    asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %1, %1, %1};" ::"r"(address), "r"(value) : "memory");
  }
}

template <int W, bool kStore>
__global__ void bank_probe_kernel(ProbeLanes lanes, unsigned* sink) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  const int lane = static_cast<int>(threadIdx.x);
  const int offset = lanes.offset[lane];
  unsigned loaded = 0;
  if (offset >= 0) {
    const unsigned address =
        static_cast<unsigned>(__cvta_generic_to_shared(shared_bytes)) + static_cast<unsigned>(offset);
#pragma unroll
    for (int r = 0; r < kProbeRepeats; ++r) {
      if constexpr (kStore) {
        store_shared<W>(address, static_cast<unsigned>(lane + r));
      } else {
        load_shared<W>(address, loaded);
      }
    }
  }
  sink[lane] = loaded;
}

template <int W, bool kStore>
cudaError_t launch_width(const ProbeLanes& lanes, unsigned* sink, int shared_bytes) {
  constexpr int kDefaultDynamicLimit = 48 * 1024;  // more needs an explicit opt-in per kernel
  if (shared_bytes > kDefaultDynamicLimit) {
    const cudaError_t rc =
        cudaFuncSetAttribute(bank_probe_kernel<W, kStore>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes);
    if (rc != cudaSuccess) return rc;
  }
  bank_probe_kernel<W, kStore><<<1, 32, shared_bytes>>>(lanes, sink);
  return cudaGetLastError();
}

template <bool kStore>
cudaError_t launch_op(int width, const ProbeLanes& lanes, unsigned* sink, int shared_bytes) {
  switch (width) {
    case 1: return launch_width<1, kStore>(lanes, sink, shared_bytes);
    case 2: return launch_width<2, kStore>(lanes, sink, shared_bytes);
    case 4: return launch_width<4, kStore>(lanes, sink, shared_bytes);
    case 8: return launch_width<8, kStore>(lanes, sink, shared_bytes);
    case 16: return launch_width<16, kStore>(lanes, sink, shared_bytes);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

cudaError_t launch_bank_probe(int width, bool store, const ProbeLanes& lanes, unsigned* sink) {
  // Enough shared memory for the highest access, in whole 16-byte units.
  int shared_bytes = 16;
  for (std::int32_t offset : lanes.offset) {
    if (offset >= 0) shared_bytes = std::max(shared_bytes, (offset + width + 15) / 16 * 16);
  }
  return store ? launch_op<true>(width, lanes, sink, shared_bytes) : launch_op<false>(width, lanes, sink, shared_bytes);
}

}  // namespace memlab::counters::tools
