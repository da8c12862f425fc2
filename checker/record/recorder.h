#pragma once
// The recorder: the one process of a grading that runs the student's host code. It links the
// student's objects, this folder and nothing that measures or decides a verdict. The check
// program (the measurer) asks it questions on its stdin, one JSON line each, and reads the
// answers on descriptor 3:
//   a pure function ("what does predicted_ways(5) return?") is answered with its value;
//   a host launcher ("what does transpose(in, out, 4096, 4096, stream) launch?") is called
//   under CUDA stream capture on pointers into reserved, unmapped address space, and answered
//   with its plan (memlab/student_plan.h), which the measurer launches on its own buffers.
// What the student's code prints goes to stdout/stderr, which the measurer keeps apart.
//
// Each lab says how to call its student functions in labs/NN-*/student_recorder.cpp, with
// pure() and launcher() below, inside memlab_register_student_calls().
#include <cuda_runtime.h>

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace memlab::record {

// The pointer arguments of one launcher call, in the order the measurer gave them.
class Pointers {
 public:
  explicit Pointers(std::vector<void*> p) : p_(std::move(p)) {}
  template <class T>
  T* get(int i) const {
    return static_cast<T*>(p_.at(static_cast<std::size_t>(i)));
  }

 private:
  std::vector<void*> p_;
};

using PureCall = std::function<nlohmann::json(const nlohmann::json& args)>;
using LauncherCall = std::function<void(const Pointers& pointers, const nlohmann::json& scalars, cudaStream_t stream)>;

void pure(const std::string& name, PureCall call);
void launcher(const std::string& name, LauncherCall call);

// A host pointer argument of a pure function: a fake address with the alignment the measurer's
// pointer had (for functions such as aligned_split that look at the address, not the data).
const void* host_address(const nlohmann::json& alignment);

}  // namespace memlab::record

// Defined by each lab (student_recorder.cpp).
void memlab_register_student_calls();
