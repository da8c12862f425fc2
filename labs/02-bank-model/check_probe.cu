#include "check_probe.h"

#include <algorithm>

namespace {

// One shared load of W bytes at a shared-window address. asm volatile with ld.volatile:
// every repetition stays its own LDS of exactly this width (nothing merged, hoisted or dropped).
template <int W>
__device__ __forceinline__ unsigned load_shared(unsigned address) {
  unsigned x, y, z, w;
  if constexpr (W == 1) {
    asm volatile("ld.volatile.shared.u8 %0, [%1];" : "=r"(x) : "r"(address) : "memory");
    return x;
  } else if constexpr (W == 2) {
    asm volatile("ld.volatile.shared.u16 %0, [%1];" : "=r"(x) : "r"(address) : "memory");
    return x;
  } else if constexpr (W == 4) {
    asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(x) : "r"(address) : "memory");
    return x;
  } else if constexpr (W == 8) {
    asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(address) : "memory");
    return x ^ y;
  } else {
    static_assert(W == 16, "a shared load is 1, 2, 4, 8 or 16 bytes");
    asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                 : "r"(address)
                 : "memory");
    return x ^ y ^ z ^ w;
  }
}

// Lane i loads W bytes at lanes.offset[i], kProbeLoads times; inactive lanes skip the loop,
// so the load instructions run with exactly the pattern's active mask.
template <int W>
__global__ void shared_probe(ProbeLanes lanes, unsigned* sink) {
  extern __shared__ __align__(16) unsigned char shared[];
  const int offset = lanes.offset[threadIdx.x];
  unsigned seen = 0;
  if (offset >= 0) {
    const unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(shared)) + static_cast<unsigned>(offset);
#pragma unroll
    for (int r = 0; r < kProbeLoads; ++r) seen ^= load_shared<W>(address);
  }
  sink[threadIdx.x] = seen;
}

template <int W>
cudaError_t launch_width(const ProbeLanes& lanes, unsigned* sink, cudaStream_t stream) {
  int bytes = 16;  // enough dynamic shared memory for the highest lane
  for (int offset : lanes.offset) bytes = std::max(bytes, (offset + W + 15) / 16 * 16);
  shared_probe<W><<<1, 32, bytes, stream>>>(lanes, sink);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launch_shared_probe(int width, const ProbeLanes& lanes, unsigned* sink, cudaStream_t stream) {
  switch (width) {
    case 1: return launch_width<1>(lanes, sink, stream);
    case 2: return launch_width<2>(lanes, sink, stream);
    case 4: return launch_width<4>(lanes, sink, stream);
    case 8: return launch_width<8>(lanes, sink, stream);
    case 16: return launch_width<16>(lanes, sink, stream);
    default: return cudaErrorInvalidValue;
  }
}
