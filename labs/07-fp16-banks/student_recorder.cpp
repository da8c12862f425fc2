// How the recorder calls this lab's student functions (checker/record/recorder.h).
#include <recorder.h>

#include "lab.h"

void memlab_register_student_calls() {
  using namespace memlab::record;
  pure("predicted_wavefronts", [](const nlohmann::json& a) {
    const auto v = a.at(0).get<std::vector<int>>();
    int half_index[32] = {};
    for (int i = 0; i < 32 && i < static_cast<int>(v.size()); ++i) half_index[i] = v[i];
    return nlohmann::json(predicted_wavefronts(half_index));
  });
  launcher("transpose", [](const Pointers& p, const nlohmann::json& a, cudaStream_t s) {
    transpose(p.get<const __half>(0), p.get<__half>(1), a.at(0).get<int>(), a.at(1).get<int>(), s);
  });
}
