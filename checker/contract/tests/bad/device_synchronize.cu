// lab: 06-reorder-reduction
// as: reduce.cu
// Waits for the GPU inside the launcher: the checker owns synchronization.
// expect: reduce.cu references cudaDeviceSynchronize (CUDA synchronization
#include "lab.h"

void reduce_fast(const float*, float*, float*, std::size_t, cudaStream_t) { cudaDeviceSynchronize(); }
