// The GPU table (memlab/gpu_table.h). Figures are the vendors' published ones: SM counts, boost
// clocks and memory bandwidth from each product's datasheet or whitepaper; shared memory,
// registers and thread limits from the CUDA C++ Programming Guide's table of compute
// capabilities (as cudaGetDeviceProperties reports them: 1 KB per block reserved is not
// subtracted).
#include "memlab/gpu_table.h"

#include <stdexcept>

namespace memlab {
namespace {

constexpr int KiB = 1024;

}  // namespace

const std::vector<GpuSpec>& gpu_table() {
  static const std::vector<GpuSpec> table = {
      // name, cc, SMs, boost MHz, DRAM GB/s, shared/SM, shared/block, registers, threads/SM, blocks/SM, L2 MiB
      {"T4", 7, 5, 40, 1590, 320, 64 * KiB, 64 * KiB, 65536, 1024, 16, 4, "NVIDIA T4 datasheet; Turing whitepaper"},
      {"RTX 2080 Ti", 7, 5, 68, 1545, 616, 64 * KiB, 64 * KiB, 65536, 1024, 16, 5.5,
       "Turing whitepaper (reference clocks)"},
      {"RTX 3060 Ti", 8, 6, 38, 1665, 448, 100 * KiB, 99 * KiB, 65536, 1536, 16, 4,
       "GeForce RTX 3060 Ti specifications"},
      {"A100 40 GB SXM", 8, 0, 108, 1410, 1555, 164 * KiB, 163 * KiB, 65536, 2048, 32, 40,
       "NVIDIA A100 datasheet; Ampere whitepaper"},
      {"A100 80 GB SXM", 8, 0, 108, 1410, 2039, 164 * KiB, 163 * KiB, 65536, 2048, 32, 40, "NVIDIA A100 datasheet"},
      {"RTX 4090", 8, 9, 128, 2520, 1008, 100 * KiB, 99 * KiB, 65536, 1536, 24, 72, "Ada Lovelace whitepaper"},
      {"L4", 8, 9, 58, 2040, 300, 100 * KiB, 99 * KiB, 65536, 1536, 24, 48, "NVIDIA L4 datasheet"},
      {"H100 SXM", 9, 0, 132, 1980, 3350, 228 * KiB, 227 * KiB, 65536, 2048, 32, 50,
       "NVIDIA H100 datasheet; Hopper whitepaper"},
      {"H200 SXM", 9, 0, 132, 1980, 4800, 228 * KiB, 227 * KiB, 65536, 2048, 32, 60,
       "NVIDIA H200 datasheet; the course's H200 (docs/results/h200.md)"},
      {"RTX 5090", 12, 0, 170, 2407, 1792, 100 * KiB, 99 * KiB, 65536, 1536, 32, 96,
       "GeForce RTX 5090 specifications; Blackwell whitepaper"},
  };
  return table;
}

const GpuSpec& gpu_spec(const std::string& name) {
  for (const GpuSpec& g : gpu_table())
    if (g.name == name) return g;
  std::string known;
  for (const GpuSpec& g : gpu_table()) known += (known.empty() ? "" : ", ") + g.name;
  throw std::out_of_range("no GPU named \"" + name + "\" in the table (known: " + known + ")");
}

}  // namespace memlab
