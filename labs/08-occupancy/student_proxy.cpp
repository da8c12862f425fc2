#include "student_proxy.h"

#include <memlab/bilingual.h>
#include <memlab/student_calls.h>

namespace student {

namespace {

nlohmann::json limits(const DeviceLimits& g) {
  return memlab::args(std::string(g.name ? g.name : ""), g.cc_major, g.cc_minor, g.warp_size, g.max_threads_per_block,
                      g.max_threads_per_sm, g.max_blocks_per_sm, g.registers_per_sm, g.register_alloc_unit,
                      g.warp_schedulers, g.shared_per_sm, g.shared_per_block_optin, g.reserved_shared_per_block,
                      g.shared_alloc_unit);
}

}  // namespace

int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu) {
  return memlab::ask<int>("predicted_blocks_per_sm",
                          memlab::args(memlab::args(k.threads_per_block, k.registers_per_thread, k.static_shared_bytes,
                                                    k.dynamic_shared_bytes),
                                       limits(gpu)));
}

Candidate choose_candidate(const DeviceLimits& gpu) {
  const auto a = memlab::ask<std::vector<int>>("choose_candidate", memlab::args(limits(gpu)));
  if (a.size() != 2 || a[0] < 0 || a[0] > 2)
    throw memlab::NoAnswer(memlab::bilingual("choose_candidate() answered something that is not a candidate",
                                             "choose_candidate() 的回答不是一个候选"));
  return {static_cast<Layout>(a[0]), a[1]};
}

}  // namespace student
