// How the recorder calls this lab's student functions (checker/record/recorder.h).
#include <recorder.h>

#include <deque>

#include "lab.h"

void memlab_register_student_calls() {
  using namespace memlab::record;
  // The GPU the question is about; its name lives as long as the recorder.
  static std::deque<std::string> names;  // a deque: earlier names stay where they are
  auto limits = [](const nlohmann::json& j) {
    names.push_back(j.at(0).get<std::string>());
    DeviceLimits g{};
    g.name = names.back().c_str();
    int* fields[] = {&g.cc_major,
                     &g.cc_minor,
                     &g.warp_size,
                     &g.max_threads_per_block,
                     &g.max_threads_per_sm,
                     &g.max_blocks_per_sm,
                     &g.registers_per_sm,
                     &g.register_alloc_unit,
                     &g.warp_schedulers,
                     &g.shared_per_sm,
                     &g.shared_per_block_optin,
                     &g.reserved_shared_per_block,
                     &g.shared_alloc_unit};
    for (int i = 0; i < 13; ++i) *fields[i] = j.at(i + 1).get<int>();
    return g;
  };
  pure("predicted_blocks_per_sm", [limits](const nlohmann::json& a) {
    const auto r = a.at(0);
    const KernelResources k{r.at(0).get<int>(), r.at(1).get<int>(), r.at(2).get<int>(), r.at(3).get<int>()};
    return nlohmann::json(predicted_blocks_per_sm(k, limits(a.at(1))));
  });
  pure("choose_candidate", [limits](const nlohmann::json& a) {
    const Candidate c = choose_candidate(limits(a.at(0)));
    return nlohmann::json::array({static_cast<int>(c.layout), c.threads});
  });
}
