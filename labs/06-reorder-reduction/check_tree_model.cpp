#include "check_tree_model.h"

#include <memlab/bank_model.h>
#include <memlab/bilingual.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace lab06 {

namespace bank = memlab::bank;

namespace {

std::string pair_text(int step, int tid, Pair p) {
  return fmt::format("tree_pair({}, {}) = {{dst {}, src {}}}", step, tid, p.dst, p.src);
}

bool in_block(int word) { return word >= 0 && word < kBlock; }

// "load s[dst]" and the like, in Chinese.
std::string access_zh(const std::string& access) {
  if (access.rfind("load ", 0) == 0) return "加载 " + access.substr(5);
  if (access.rfind("store ", 0) == 0) return "写入 " + access.substr(6);
  return access;
}

}  // namespace

std::string tree_problem(const Pairing& pairing) {
  // count[w][v]: how many times input value v is inside word w's partial sum.
  std::vector<std::vector<int>> count(kBlock, std::vector<int>(kBlock, 0));
  for (int w = 0; w < kBlock; ++w) count[w][w] = 1;

  for (int step = 0; step < kSteps; ++step) {
    std::vector<int> writer(kBlock, -1);  // the thread that writes each word in this step
    std::vector<Pair> pairs(active_threads(step));
    for (int tid = 0; tid < active_threads(step); ++tid) {
      const Pair p = pairs[tid] = pairing(step, tid);
      if (!in_block(p.dst) || !in_block(p.src))
        return memlab::bilingual(pair_text(step, tid, p) + " is outside the block's words 0..255",
                                 pair_text(step, tid, p) + " 超出了线程块的字 0..255");
      if (p.dst == p.src)
        return memlab::bilingual(pair_text(step, tid, p) + " adds a word to itself",
                                 pair_text(step, tid, p) + " 把一个字加到它自己上");
      if (writer[p.dst] >= 0)
        return memlab::bilingual(
            fmt::format("{}: thread {} writes word {} in the same step", pair_text(step, tid, p), writer[p.dst], p.dst),
            fmt::format("{}：线程 {} 在同一步中也写字 {}", pair_text(step, tid, p), writer[p.dst], p.dst));
      writer[p.dst] = tid;
    }
    for (int tid = 0; tid < active_threads(step); ++tid) {
      const int w = writer[pairs[tid].src];
      if (w >= 0)
        return memlab::bilingual(fmt::format("{} reads word {}, which thread {} writes in the same step: a race",
                                             pair_text(step, tid, pairs[tid]), pairs[tid].src, w),
                                 fmt::format("{} 读取字 {}，而线程 {} 在同一步中写这个字：这是数据竞争",
                                             pair_text(step, tid, pairs[tid]), pairs[tid].src, w));
    }
    for (const Pair& p : pairs)
      for (int v = 0; v < kBlock; ++v) count[p.dst][v] += count[p.src][v];
  }

  for (int v = 0; v < kBlock; ++v)
    if (count[0][v] != 1)
      return memlab::bilingual(
          fmt::format("after the last step word 0 holds value {} {} times (it must hold each of the 256 values once)",
                      v, count[0][v]),
          fmt::format("最后一步之后，字 0 包含值 {} 共 {} 次（256 个值中的每一个都必须恰好包含一次）", v, count[0][v]));
  return "";
}

std::string TreeCost::describe() const {
  return memlab::bilingual(
      fmt::format(
          "bank model: {:.2f} wavefronts per shared load over the tree ({} / {}); worst warp: step {}, warp {}, "
          "{}, {} wavefronts",
          wavefronts_per_load(), load_wavefronts, load_instructions, worst_step, worst_warp, worst_access,
          worst_wavefronts),
      fmt::format("bank 模型：整棵树平均每次共享内存加载 {:.2f} 个 wavefront（{} / {}）；最差的 warp：第 {} 步，warp "
                  "{}，{}，{} 个 wavefront",
                  wavefronts_per_load(), load_wavefronts, load_instructions, worst_step, worst_warp,
                  access_zh(worst_access), worst_wavefronts));
}

TreeCost tree_cost(const Pairing& pairing) {
  TreeCost cost;
  for (int step = 0; step < kSteps; ++step) {
    const int active = active_threads(step);
    for (int warp = 0; warp * bank::kWarpSize < active; ++warp) {
      bank::WarpAccess dst, src;
      dst.active_mask = src.active_mask = 0;
      for (int lane = 0; lane < bank::kWarpSize; ++lane) {
        const int tid = warp * bank::kWarpSize + lane;
        if (tid >= active) break;
        const Pair p = pairing(step, tid);
        dst.active_mask |= 1u << lane;
        dst.byte_address[lane] = static_cast<std::uint32_t>(p.dst) * 4;
        src.byte_address[lane] = static_cast<std::uint32_t>(p.src) * 4;
      }
      src.active_mask = dst.active_mask;
      bank::WarpAccess store = dst;
      store.op = bank::MemoryOp::store;
      const struct {
        const bank::WarpAccess& access;
        const char* name;
      } accesses[] = {{dst, "load s[dst]"}, {src, "load s[src]"}, {store, "store s[dst]"}};
      for (const auto& a : accesses) {
        const int wavefronts = bank::count_wavefronts(a.access);
        cost.step_worst_wavefronts[step] = std::max(cost.step_worst_wavefronts[step], wavefronts);
        if (a.access.op == bank::MemoryOp::load) {
          cost.load_instructions += 1;
          cost.load_wavefronts += wavefronts;
        }
        if (wavefronts > cost.worst_wavefronts) {
          cost.worst_wavefronts = wavefronts;
          cost.worst_step = step;
          cost.worst_warp = warp;
          cost.worst_access = a.name;
        }
      }
    }
  }
  return cost;
}

namespace {

// Word w as the first of two neighbouring words read as one 8-byte load, or -1 when the pair
// is not two neighbouring words starting at an even one.
int fused_first_word(Pair p) {
  const int first = std::min(p.dst, p.src);
  return std::max(p.dst, p.src) == first + 1 && first % 2 == 0 ? first : -1;
}

}  // namespace

Pair interleaved_pair(int step, int tid) {
  const int stride = 1 << step;
  return {2 * stride * tid, 2 * stride * tid + stride};
}

Pair sequential_pair(int step, int tid) { return {tid, tid + (kBlock / 2 >> step)}; }

std::size_t tree_blocks(std::size_t n) {
  std::size_t blocks = 0, left = n;
  do {  // reduce_tree launches one block even for n <= 256
    left = (left + kBlock - 1) / kBlock;
    blocks += left;
  } while (left > 1);
  return blocks;
}

TreeTraffic tree_traffic(const Pairing& pairing) {
  TreeTraffic traffic;
  traffic.stores = kBlock / bank::kWarpSize;  // the fill: s[tid], one conflict-free store per warp
  int apart = 1, fused = 1, least = 0;        // thread 0's s[0] after the tree; a register may hold it
  for (int step = 0; step < kSteps; ++step) {
    // Fusable: every pair two neighbouring words from an even one. Register: every thread wrote
    // s[dst] itself in the step before (step 0: in the fill, where thread tid writes s[tid]).
    bool fusable = true, in_register = true;
    for (int tid = 0; tid < active_threads(step); ++tid) {
      const Pair p = pairing(step, tid);
      if (fused_first_word(p) < 0) fusable = false;
      const int written = step == 0 ? tid : pairing(step - 1, tid).dst;
      if (p.dst != written) in_register = false;
    }
    int step_apart = 0, step_fused = 0, step_src = 0;
    for (int warp = 0; warp * bank::kWarpSize < active_threads(step); ++warp) {
      bank::WarpAccess dst, src, pair;
      dst.active_mask = src.active_mask = pair.active_mask = 0;
      pair.width_bytes = 8;
      for (int lane = 0; lane < bank::kWarpSize; ++lane) {
        const int tid = warp * bank::kWarpSize + lane;
        if (tid >= active_threads(step)) break;
        const Pair p = pairing(step, tid);
        dst.active_mask |= 1u << lane;
        dst.byte_address[lane] = static_cast<std::uint32_t>(p.dst) * 4;
        src.byte_address[lane] = static_cast<std::uint32_t>(p.src) * 4;
        if (fusable) pair.byte_address[lane] = static_cast<std::uint32_t>(fused_first_word(p)) * 4;
      }
      src.active_mask = pair.active_mask = dst.active_mask;
      bank::WarpAccess store = dst;
      store.op = bank::MemoryOp::store;
      const int dst_load = bank::count_wavefronts(dst), src_load = bank::count_wavefronts(src);
      step_apart += dst_load + src_load;
      step_fused += fusable ? bank::count_wavefronts(pair) : dst_load + src_load;
      step_src += src_load;
      traffic.stores += bank::count_wavefronts(store);
    }
    traffic.fusable_steps += fusable ? 1 : 0;
    traffic.register_steps += in_register ? 1 : 0;
    apart += std::max(step_apart, step_fused);
    fused += step_fused;
    least += std::min({step_apart, step_fused, in_register ? step_src : step_apart});
  }
  traffic.loads_apart = apart;
  traffic.loads_fused = fused;
  traffic.loads_register = least;
  return traffic;
}

}  // namespace lab06
