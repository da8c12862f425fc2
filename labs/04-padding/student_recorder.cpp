// How the recorder calls this lab's student functions (checker/record/recorder.h).
#include <recorder.h>

#include "lab.h"

void memlab_register_student_calls() {
  using namespace memlab::record;
  pure("predicted_column_read_wavefronts",
       [](const nlohmann::json& a) { return nlohmann::json(predicted_column_read_wavefronts(a.at(0).get<int>())); });
  pure("transpose_tile_pitch", [](const nlohmann::json&) { return nlohmann::json(transpose_tile_pitch()); });
  launcher("transpose", [](const Pointers& p, const nlohmann::json& a, cudaStream_t s) {
    transpose(p.get<const float>(0), p.get<float>(1), a.at(0).get<int>(), a.at(1).get<int>(), s);
  });
}
