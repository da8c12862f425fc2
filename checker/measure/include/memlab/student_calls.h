#pragma once
// How a check program calls the student's functions without running any of the student's host
// code: it asks the recorder (checker/record/), a contained process of its own, and keeps every
// answer in the grading's answer file, so that each question is asked once per grading and every
// suite gets the same answer.
//   - A pure function (a prediction, a declared pitch or swizzle): ask<T>(name, args).
//   - A host launcher: replay(name, stream, pointers, scalars) asks for the launcher's plan once
//     per distinct call (sizes, scalars, each pointer's address modulo 256), then launches that
//     plan itself: the student's kernels, loaded from the device code of the student's own
//     compiled object, on this process's buffers and stream.
// Each lab's student_proxy.cpp defines the functions of its lab.h this way, in namespace student.
#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memlab/bilingual.h"
#include "memlab/recorder_lifetime.h"

namespace memlab {

// Where this check program finds the grading's parts (from its command line, set by the judge).
struct StudentCallsSetup {
  std::string answers;                   // the grading's answer file (created when missing)
  std::string recorder;                  // the lab's recorder program for these student files
  std::vector<std::string> device_code;  // the student's fatbinaries (.nv_fatbin of each .cu object)
  std::string scratch;                   // where the recorder may write (a folder of its own below it)
};
void set_student_calls(const StudentCallsSetup& setup);
bool student_calls_ready();

// Thrown when a question has no answer: the recorder failed, refused, or answered nonsense. The
// text says why, in words for the student; the check that needed the answer fails with it.
struct NoAnswer : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The arguments of a question, as a JSON array: args(rows, cols, s).
template <class... T>
nlohmann::json args(const T&... v) {
  return nlohmann::json::array({nlohmann::json(v)...});
}

nlohmann::json ask_student(const std::string& function, const nlohmann::json& args);

template <class T>
T ask(const std::string& function, const nlohmann::json& args) {
  const nlohmann::json a = ask_student(function, args);
  try {
    return a.get<T>();
  } catch (const std::exception&) {
    const std::string answered = a.dump().substr(0, 200);
    throw NoAnswer(bilingual(function + "() answered " + answered + ", which is not of its return type",
                             function + "() 的回答是 " + answered + "，不是它的返回类型"));
  }
}

// A host pointer argument of a pure function, as the question carries it: its address modulo 256.
inline std::uint64_t alignment_of(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 256; }

void replay(const std::string& function, cudaStream_t stream, std::initializer_list<const void*> pointers,
            const nlohmann::json& scalars);

// Calls that a lab asks for together: when the plan of one call is missing, the plans of all the
// calls `family` lists for it are recorded by the same recorder run (fewer CUDA starts).
using PlanFamily = std::function<std::vector<nlohmann::json>(const nlohmann::json& question)>;
void plan_family(const std::string& function, PlanFamily family);

// A value drawn once per grading and shared by all its suites (a lab's random scale factor): a
// launcher's plan depends on its scalar arguments, so a value drawn anew for every call would
// need a plan, and a CUDA start, for every call. `draw` runs once, in the first program that asks;
// without the grading's answer file (a check program run by hand) it runs every time.
double grading_constant(const std::string& name, const std::function<double()>& draw);

// What the kernels of a launcher's last replayed plan are, read from the loaded kernels: the
// values a student used to report about its own kernel.
struct LaunchedKernel {
  std::string name;
  int registers = 0, static_shared_bytes = 0, dynamic_shared_bytes = 0, max_dynamic_shared_bytes = 0;
  int threads_per_block = 0;
};
std::vector<LaunchedKernel> launched_kernels(const std::string& function);

// What the student's code printed in the recorder during this grading (cut to a few KB).
std::string recorder_output();

// Ends the recorder this program keeps paused, if any: before the program ends itself without
// running destructors (std::_Exit), so that no process of its own is left for the judge to find.
void end_recorder();

}  // namespace memlab
