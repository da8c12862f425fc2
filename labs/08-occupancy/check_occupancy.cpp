#include "check_occupancy.h"

#include <cuda_occupancy.h>
#include <fmt/format.h>
#include <memlab/bilingual.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

int OccupancyLimits::blocks() const { return std::min({by_warps, by_registers, by_shared, by_blocks}); }

bool OccupancyLimits::operator==(const OccupancyLimits& o) const {
  return by_warps == o.by_warps && by_registers == o.by_registers && by_shared == o.by_shared &&
         by_blocks == o.by_blocks;
}

namespace {

int ceil_div(int x, int y) { return (x + y - 1) / y; }

}  // namespace

OccupancyLimits reference_occupancy(const KernelResources& k, const DeviceLimits& gpu) {
  OccupancyLimits l;
  l.by_blocks = gpu.max_blocks_per_sm;

  // A block occupies whole warps; the SM holds max_threads_per_sm / 32 of them.
  const int warps = ceil_div(k.threads_per_block, gpu.warp_size);
  l.by_warps = k.threads_per_block > gpu.max_threads_per_block ? 0 : gpu.max_threads_per_sm / gpu.warp_size / warps;

  // Each scheduler owns a quarter of the register file and gives every warp a whole number of
  // 256-register units: warps fit per scheduler, not per SM.
  if (k.registers_per_thread == 0) {
    l.by_registers = INT_MAX;
  } else {
    const int units_per_warp = ceil_div(k.registers_per_thread * gpu.warp_size, gpu.register_alloc_unit);
    const int warps_per_scheduler =
        gpu.registers_per_sm / gpu.warp_schedulers / (units_per_warp * gpu.register_alloc_unit);
    l.by_registers = warps_per_scheduler * gpu.warp_schedulers / warps;
  }

  // Shared memory: the block's arrays plus the driver's per-block reservation, in whole units.
  const int wanted = k.static_shared_bytes + k.dynamic_shared_bytes;
  const int allocated = ceil_div(wanted + gpu.reserved_shared_per_block, gpu.shared_alloc_unit) * gpu.shared_alloc_unit;
  l.by_shared = wanted > gpu.shared_per_block_optin ? 0 : gpu.shared_per_sm / allocated;
  return l;
}

namespace {

cudaOccDeviceProp header_properties(const DeviceLimits& gpu) {
  cudaOccDeviceProp p;
  p.computeMajor = gpu.cc_major;
  p.computeMinor = gpu.cc_minor;
  p.maxThreadsPerBlock = gpu.max_threads_per_block;
  p.maxThreadsPerMultiprocessor = gpu.max_threads_per_sm;
  p.regsPerBlock = gpu.registers_per_sm;  // 64 K on every part the course knows
  p.regsPerMultiprocessor = gpu.registers_per_sm;
  p.warpSize = gpu.warp_size;
  p.sharedMemPerBlock = 48 * 1024;  // without opting in
  p.sharedMemPerMultiprocessor = gpu.shared_per_sm;
  p.numSms = 1;  // occupancy is per SM
  p.sharedMemPerBlockOptin = gpu.shared_per_block_optin;
  p.reservedSharedMemPerBlock = gpu.reserved_shared_per_block;
  return p;
}

std::string cc_text(const DeviceLimits& gpu) { return fmt::format("sm_{}", gpu.cc_major * 10 + gpu.cc_minor); }

// `what` the rule gives, in English and Chinese (memlab/bilingual.h), as the error names it.
int header_rule(cudaOccError (*rule)(int*, const cudaOccDeviceProp*), const DeviceLimits& gpu,
                const std::string& what) {
  const cudaOccDeviceProp p = header_properties(gpu);
  int value = 0;
  if (rule(&value, &p) != CUDA_OCC_SUCCESS)
    throw std::runtime_error(memlab::bilingual(
        "cuda_occupancy.h does not know " + std::string(memlab::english_part(what)) + " for " + cc_text(gpu),
        "cuda_occupancy.h 不知道 " + cc_text(gpu) + " 的" + std::string(memlab::chinese_part(what))));
  return value;
}

const std::string kBlockLimit = memlab::bilingual("the block limit", "线程块上限");
const std::string kRegisterUnit = memlab::bilingual("the register allocation unit", "寄存器分配单位");
const std::string kSchedulers = memlab::bilingual("the number of schedulers", "调度器的个数");
const std::string kSharedUnit = memlab::bilingual("the shared-memory allocation unit", "共享内存分配单位");

}  // namespace

OccupancyLimits header_occupancy(const KernelResources& k, const DeviceLimits& gpu) {
  const cudaOccDeviceProp props = header_properties(gpu);
  cudaOccFuncAttributes attributes;
  attributes.maxThreadsPerBlock = gpu.max_threads_per_block;
  attributes.numRegs = k.registers_per_thread;
  attributes.sharedSizeBytes = static_cast<size_t>(k.static_shared_bytes);
  attributes.partitionedGCConfig = PARTITIONED_GC_OFF;
  attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  // As after cudaFuncSetAttribute(MaxDynamicSharedMemorySize) with everything a block may have.
  attributes.maxDynamicSharedSizeBytes =
      static_cast<size_t>(std::max(0, gpu.shared_per_block_optin - k.static_shared_bytes));
  attributes.numBlockBarriers = 1;  // __syncthreads
  const cudaOccDeviceState state;   // default carveout: the most shared memory the SM has
  cudaOccResult result;
  const cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(&result, &props, &attributes, &state,
                                                                      k.threads_per_block, k.dynamic_shared_bytes);
  if (status != CUDA_OCC_SUCCESS)
    throw std::runtime_error(memlab::bilingual(
        fmt::format("cudaOccMaxActiveBlocksPerMultiprocessor failed (error {}) for {} on {}", static_cast<int>(status),
                    describe(k), gpu.name),
        fmt::format("cudaOccMaxActiveBlocksPerMultiprocessor 调用失败（错误 {}），对象是 {}，在 {} 上",
                    static_cast<int>(status), describe_zh(k), gpu.name)));
  OccupancyLimits l;
  l.by_warps = result.blockLimitWarps;
  l.by_registers = result.blockLimitRegs;
  l.by_shared = result.blockLimitSharedMem;
  l.by_blocks = result.blockLimitBlocks;
  // Barriers (two per block slot on sm_80 and sm_90, one on sm_89) never bind one-barrier kernels.
  if (result.activeBlocksPerMultiprocessor != l.blocks())
    throw std::runtime_error(memlab::bilingual(
        "cuda_occupancy.h limits a kernel by something the course does not model (" + describe(k) + " on " + gpu.name +
            ")",
        "cuda_occupancy.h 用课程没有建模的某个因素限制了核函数（" + describe_zh(k) + "，在 " + gpu.name + " 上）"));
  return l;
}

std::string header_disagreement(const DeviceLimits& gpu) {
  std::string out, out_zh;
  const auto compare = [&](const char* field, int mine, int header) {
    if (mine != header) {
      out_zh += fmt::format("{}{} 是 {}，而 cuda_occupancy.h 对 {} 给出 {}", out.empty() ? "" : "；", field, mine,
                            cc_text(gpu), header);
      out += fmt::format("{}{} is {}, cuda_occupancy.h says {} for {}", out.empty() ? "" : "; ", field, mine, header,
                         cc_text(gpu));
    }
  };
  compare("max_blocks_per_sm", gpu.max_blocks_per_sm, header_rule(cudaOccMaxBlocksPerMultiprocessor, gpu, kBlockLimit));
  compare("register_alloc_unit", gpu.register_alloc_unit,
          header_rule(cudaOccRegAllocationGranularity, gpu, kRegisterUnit));
  compare("warp_schedulers", gpu.warp_schedulers, header_rule(cudaOccSubPartitionsPerMultiprocessor, gpu, kSchedulers));
  compare("shared_alloc_unit", gpu.shared_alloc_unit, header_rule(cudaOccSMemAllocationGranularity, gpu, kSharedUnit));
  return out.empty() ? "" : memlab::bilingual(out, out_zh);
}

DeviceLimits limits_of_device(const cudaDeviceProp& prop) {
  DeviceLimits gpu{};
  gpu.name = prop.name;
  gpu.cc_major = prop.major;
  gpu.cc_minor = prop.minor;
  gpu.warp_size = prop.warpSize;
  gpu.max_threads_per_block = prop.maxThreadsPerBlock;
  gpu.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  gpu.max_blocks_per_sm = prop.maxBlocksPerMultiProcessor;
  gpu.registers_per_sm = prop.regsPerMultiprocessor;
  gpu.shared_per_sm = static_cast<int>(prop.sharedMemPerMultiprocessor);
  gpu.shared_per_block_optin = static_cast<int>(prop.sharedMemPerBlockOptin);
  gpu.reserved_shared_per_block = static_cast<int>(prop.reservedSharedMemPerBlock);
  // Not in cudaDeviceProp: the allocation rules of this compute capability.
  gpu.register_alloc_unit = header_rule(cudaOccRegAllocationGranularity, gpu, kRegisterUnit);
  gpu.warp_schedulers = header_rule(cudaOccSubPartitionsPerMultiprocessor, gpu, kSchedulers);
  gpu.shared_alloc_unit = header_rule(cudaOccSMemAllocationGranularity, gpu, kSharedUnit);
  return gpu;
}

const char* layout_name(Layout layout) {
  switch (layout) {
    case Layout::unpadded: return "unpadded";
    case Layout::padded: return "padded";
    case Layout::swizzled: return "swizzled";
  }
  return "?";
}

std::string candidate_name(Candidate c) { return fmt::format("{}/{}", layout_name(c.layout), c.threads); }

std::string describe(const OccupancyLimits& l) {
  const auto limit = [](int v) { return v == INT_MAX ? std::string("none") : std::to_string(v); };
  return fmt::format("{} blocks (warps {}, registers {}, shared memory {}, block limit {})", l.blocks(),
                     limit(l.by_warps), limit(l.by_registers), limit(l.by_shared), limit(l.by_blocks));
}

std::string describe(const KernelResources& k) {
  return fmt::format("{} threads x {} registers, {} B static + {} B dynamic shared", k.threads_per_block,
                     k.registers_per_thread, k.static_shared_bytes, k.dynamic_shared_bytes);
}

std::string describe_zh(const OccupancyLimits& l) {
  const auto limit = [](int v) { return v == INT_MAX ? std::string("无") : std::to_string(v); };
  return fmt::format("{} 个线程块（warp {}，寄存器 {}，共享内存 {}，线程块上限 {}）", l.blocks(), limit(l.by_warps),
                     limit(l.by_registers), limit(l.by_shared), limit(l.by_blocks));
}

std::string describe_zh(const KernelResources& k) {
  return fmt::format("{} 个线程 × {} 个寄存器，{} B 静态 + {} B 动态共享内存", k.threads_per_block,
                     k.registers_per_thread, k.static_shared_bytes, k.dynamic_shared_bytes);
}

std::vector<OccupancyCase> graded_cases() {
  std::vector<OccupancyCase> cases;
  for (Candidate c : kCandidates)
    cases.push_back({"candidate " + candidate_name(c), "候选 " + candidate_name(c), resources_of(c)});
  // What-if kernels: one limit or one rounding rule each.
  const std::vector<OccupancyCase> what_if = {
      {"one-warp blocks: the block limit", "每个线程块只有一个 warp：线程块上限", {32, 32, 0, 0}},
      {"100 threads: a block takes whole warps", "100 个线程：线程块按整个 warp 占用资源", {100, 32, 0, 0}},
      {"160 threads at 40 registers", "160 个线程，每个线程 40 个寄存器", {160, 40, 0, 0}},
      {"33 registers: 256-register units per warp",
       "33 个寄存器：每个 warp 以 256 个寄存器为单位分配",
       {256, 33, 0, 0}},
      {"48 registers: warps fit per scheduler", "48 个寄存器：按每个调度器能放下的 warp 计算", {64, 48, 0, 0}},
      {"64 registers, 1024 threads", "64 个寄存器，1024 个线程", {1024, 64, 0, 0}},
      {"255 registers", "255 个寄存器", {128, 255, 0, 0}},
      {"16 registers, 4 KB static shared memory", "16 个寄存器，4 KB 静态共享内存", {32, 16, 4096, 0}},
      {"48 KB static shared memory", "48 KB 静态共享内存", {256, 32, 48 * 1024, 0}},
      {"32276 B dynamic: 128-byte units", "32276 B 动态共享内存：以 128 字节为单位分配", {256, 32, 0, 32276}},
      {"100 KB dynamic shared memory", "100 KB 动态共享内存", {256, 32, 0, 100 * 1024}},
      {"227 KB dynamic shared memory", "227 KB 动态共享内存", {128, 32, 0, 227 * 1024}},
      {"2048 threads: more than a block may have", "2048 个线程：超过一个线程块允许的线程数", {2048, 32, 0, 0}},
  };
  cases.insert(cases.end(), what_if.begin(), what_if.end());
  return cases;
}

const std::vector<DeviceLimits>& known_parts() {
  static const std::vector<DeviceLimits> parts = {kH200, kA100, kRtx4090};
  return parts;
}
