#pragma once
// The warp access patterns each step of the lab is checked on: crafted ones (strides,
// broadcasts, tiles, masks; the cases a model gets wrong first) followed by seeded random
// ones of the same kind. The course's bank model (memlab::bank) says what each costs.
#include <memlab/bank_model.h>

#include <cstdint>
#include <string>
#include <vector>

namespace lab02 {

struct Pattern {
  std::string name;  // what the warp does, e.g. "lane i -> 4-byte element 2i (stride 2)"
  memlab::bank::WarpAccess access;
  bool random = false;  // drawn from the seed (crafted otherwise)
  std::string name_zh;  // the same in Chinese, as the Chinese report names it ("第 i 个 lane -> ...")
};

enum class Step {
  four_byte_broadcast,  // 4 bytes: distinct words, or one word for all active lanes
  multicast,            // 4 bytes: groups of lanes share words
  narrow,               // 1 and 2 bytes
  wide,                 // 8 and 16 bytes
};

// Whether measurement settles what this access costs on the hardware: always for 1, 2 and 4
// bytes; for 8 and 16 bytes only some kinds (check_patterns.cpp says which, and why). Step 4
// and the GPU check use only such patterns.
bool cost_is_settled(const memlab::bank::WarpAccess& access);

// The crafted patterns of `step`, then `random_count` random ones drawn from `seed`.
std::vector<Pattern> step_patterns(Step step, std::uint64_t seed, int random_count);

// The patterns the GPU check launches: a few of each width, all of settled cost (strides,
// broadcasts, multicast, inactive lanes).
std::vector<Pattern> hardware_patterns();

}  // namespace lab02
