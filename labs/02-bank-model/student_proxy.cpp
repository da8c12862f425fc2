#include "student_proxy.h"

#include <memlab/student_calls.h>

namespace student {

int predicted_wavefronts(const WarpAccess& access) {
  return memlab::ask<int>("predicted_wavefronts",
                          memlab::args(access.width_bytes, access.is_store, access.active_mask,
                                       std::vector<unsigned>(access.byte_address, access.byte_address + 32)));
}

}  // namespace student
