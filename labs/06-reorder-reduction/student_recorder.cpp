// How the recorder calls this lab's student functions (checker/record/recorder.h).
#include <recorder.h>

#include "lab.h"

void memlab_register_student_calls() {
  using namespace memlab::record;
  pure("predicted_tree_step_ways",
       [](const nlohmann::json& a) { return nlohmann::json(predicted_tree_step_ways(a.at(0).get<int>())); });
  pure("tree_pair", [](const nlohmann::json& a) {
    const TreePair p = tree_pair(a.at(0).get<int>(), a.at(1).get<int>());
    return nlohmann::json::array({p.dst, p.src});
  });
  launcher("reduce_tree", [](const Pointers& p, const nlohmann::json& a, cudaStream_t s) {
    reduce_tree(p.get<const float>(0), p.get<float>(1), p.get<float>(2), a.at(0).get<std::size_t>(), s);
  });
  launcher("reduce_fast", [](const Pointers& p, const nlohmann::json& a, cudaStream_t s) {
    reduce_fast(p.get<const float>(0), p.get<float>(1), p.get<float>(2), a.at(0).get<std::size_t>(), s);
  });
}
