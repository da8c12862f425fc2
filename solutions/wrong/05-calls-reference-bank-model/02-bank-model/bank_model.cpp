// Known wrong: instead of modelling the banks, this declares the course checker's own reference
// model (memlab::bank, copied from checker/bank/include/memlab/bank_model.h) and forwards every
// question to it. It agrees with the checker by being the checker; the contract forbids it: 0 points.
#include <array>
#include <cstdint>

#include "lab.h"

// The checker's declarations, retyped: the check program links the definitions in.
namespace memlab {
namespace bank {
enum class MemoryOp { load, store };
struct WarpAccess {
  int width_bytes = 4;
  MemoryOp op = MemoryOp::load;
  std::uint32_t active_mask = 0xffffffffu;
  std::array<std::uint32_t, 32> byte_address{};
};
int count_wavefronts(const WarpAccess& access);
}  // namespace bank
}  // namespace memlab

int predicted_wavefronts(const WarpAccess& access) {
  memlab::bank::WarpAccess theirs;
  theirs.width_bytes = access.width_bytes;
  theirs.op = access.is_store ? memlab::bank::MemoryOp::store : memlab::bank::MemoryOp::load;
  theirs.active_mask = access.active_mask;
  for (int lane = 0; lane < 32; ++lane)
    theirs.byte_address[lane] = (access.active_mask >> lane) & 1u ? access.byte_address[lane] : 0u;
  return memlab::bank::count_wavefronts(theirs);
}
