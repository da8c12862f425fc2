// The three block trees of a sum, like for like: the shared-memory article's own tree
// (`tid % (2*s) == 0`), the interleaved tree with a strided index (lab 06's starter), and
// sequential addressing (lab 06's Part A). Same loading (one float per thread), same 256-thread
// blocks, same output (one partial sum per block); only the tree differs. 2^28 floats.
// Prints one CSV: per tree its time, bandwidth and shared-load wavefronts; then the paired
// ratios with their 95 % CI. `--once` launches each tree once and exits: for a profiler such as
// Nsight Compute, which then sees exactly three launches (docs/nsight-compute.md).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "memlab/bilingual.h"
#include "memlab/buffers.h"
#include "memlab/counters.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"
#include "memlab/rng.h"
#include "memlab/timer.h"

namespace {

constexpr int kBlock = 256;

enum class Tree { modulo, strided, sequential };

template <Tree tree>
__global__ void block_sums(const float* in, float* out) {
  __shared__ float s[kBlock];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * kBlock + tid];
  __syncthreads();
  if constexpr (tree == Tree::modulo) {
    // The article's tree (its sections 5.3 and 6.3).
    for (unsigned step = 1; step < kBlock; step *= 2) {
      if (tid % (2 * step) == 0) s[tid] += s[tid + step];
      __syncthreads();
    }
  } else if constexpr (tree == Tree::strided) {
    for (unsigned step = 1; step < kBlock; step *= 2) {
      const unsigned index = 2 * step * tid;
      if (index < kBlock) s[index] += s[index + step];
      __syncthreads();
    }
  } else {
    for (unsigned step = kBlock / 2; step > 0; step /= 2) {
      if (tid < step) s[tid] += s[tid + step];
      __syncthreads();
    }
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

struct TreeRun {
  const char* name;
  memlab::Launch launch;
};

}  // namespace

int main(int argc, char** argv) {
  const bool once = argc > 1 && std::string(argv[1]) == "--once";
  try {
    if (!memlab::find_gpu().device) {
      std::printf("SKIPPED: no GPU\n");
      return 77;
    }
    const std::size_t n = std::size_t(1) << 28;
    const unsigned blocks = static_cast<unsigned>(n / kBlock);
    memlab::DeviceArray<float> in(n, "in"), out(blocks, "out");
    memlab::InputGenerator inputs(1);
    const std::vector<float> host = inputs.floats(n, 0.0f, 1.0f);
    in.upload(host);
    // The block sums every tree must give, in double precision on the host.
    std::vector<double> want(blocks, 0.0);
    for (std::size_t i = 0; i < n; ++i) want[i / kBlock] += host[i];

    const TreeRun trees[] = {
        {"modulo", [&](cudaStream_t s) { block_sums<Tree::modulo><<<blocks, kBlock, 0, s>>>(in.data(), out.data()); }},
        {"strided",
         [&](cudaStream_t s) { block_sums<Tree::strided><<<blocks, kBlock, 0, s>>>(in.data(), out.data()); }},
        {"sequential",
         [&](cudaStream_t s) { block_sums<Tree::sequential><<<blocks, kBlock, 0, s>>>(in.data(), out.data()); }},
    };
    if (once) {
      for (const TreeRun& t : trees) t.launch(0);
      MEMLAB_CUDA(cudaGetLastError());
      MEMLAB_CUDA(cudaDeviceSynchronize());
      std::printf("launched each tree once\n");
      return 0;
    }
    const std::string gpu = memlab::find_gpu().device->name;
    std::printf("row,gpu,tree,elements,ms,gbps,shared_wavefronts_per_load,shared_ld_bank_conflicts,correct,note\n");
    memlab::KernelTimer timer;
    for (const TreeRun& t : trees) {
      t.launch(0);
      MEMLAB_CUDA(cudaGetLastError());
      MEMLAB_CUDA(cudaDeviceSynchronize());
      const std::vector<float> got = out.download();
      std::size_t wrong = 0;
      for (unsigned b = 0; b < blocks; ++b)
        if (std::fabs(got[b] - want[b]) > 1e-3 * std::fabs(want[b]) + 1e-3) ++wrong;
      const memlab::Measurement m = timer.measure(t.launch, memlab::criteria_from_environment());
      const double ms = m.stats.median;
      namespace mc = memlab::counters;
      const mc::Result c = mc::measure(
          {mc::metric::shared_ld_wavefronts, mc::metric::shared_ld_instructions, mc::metric::shared_ld_bank_conflicts},
          [&] { t.launch(0); });
      std::string per_load, conflicts, note = m.doubt();
      if (c.ok()) {
        per_load =
            std::to_string(*c.value(mc::metric::shared_ld_wavefronts) / *c.value(mc::metric::shared_ld_instructions));
        conflicts = std::to_string(*c.value(mc::metric::shared_ld_bank_conflicts));
      } else {
        note += (note.empty() ? "" : "; ") + std::string("counters: ") + std::string(memlab::english_part(c.message));
      }
      std::printf("tree,%s,%s,%zu,%.4f,%.1f,%s,%s,%s,\"%s\"\n", gpu.c_str(), t.name, n, ms,
                  double(n) * sizeof(float) / ms / 1e6, per_load.c_str(), conflicts.c_str(),
                  wrong == 0 ? "yes" : ("no: " + std::to_string(wrong) + " block sums wrong").c_str(), note.c_str());
    }
    // Paired ratios: the base's time over the candidate's, so > 1 means the candidate is faster.
    std::printf("row,gpu,base,candidate,ratio,ci_low,ci_high,pairs,note\n");
    const int pairs[][2] = {{0, 2}, {1, 2}, {1, 0}};
    for (const auto& p : pairs) {
      const memlab::PairMeasurement m =
          timer.measure_pair(trees[p[0]].launch, trees[p[1]].launch, memlab::criteria_from_environment());
      std::printf("pair,%s,%s,%s,%.3f,%.3f,%.3f,%zu,\"%s\"\n", gpu.c_str(), trees[p[0]].name, trees[p[1]].name,
                  m.ratio.ratio, m.ratio.low, m.ratio.high, m.ratio.pairs, m.doubt().c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: %s\n", e.what());
    return 1;
  }
}
