#pragma once
// One run of a lab's recorder (checker/record/), the contained process that runs the student's
// host code: started here, asked one question at a time, ended here. It gets no descriptor of
// this process but its three pipes, may start no process of its own, writes only beneath its
// scratch folder and, for pure functions, cannot open the GPU. Every way it can fail (no answer
// in time, a crash, an exit, garbage, a flood, too much memory) ends it and becomes a reason.
#include <sys/types.h>

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace memlab {

// The recorder did not answer in time (an endless loop): a reason not to ask it again.
struct RecorderTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RecorderProcess {
 public:
  // `gpu`: whether it may use the GPU (plans need it; pure functions do not).
  RecorderProcess(const std::string& program, const std::string& scratch, bool gpu);
  ~RecorderProcess();
  RecorderProcess(const RecorderProcess&) = delete;
  RecorderProcess& operator=(const RecorderProcess&) = delete;

  // The answer line to `question` (which carries an "id"), within `deadline_s`. Throws
  // std::runtime_error with the reason when the process failed; it is ended then.
  nlohmann::json ask(const nlohmann::json& question, double deadline_s);
  // Stopped between questions, so that nothing of it runs while the check program measures.
  void pause();
  // What the student's code printed since the last call (cut to a bounded length).
  std::string take_output();
  bool alive() const { return pid_ > 0; }

 private:
  [[noreturn]] void fail(const std::string& why);
  void end();
  pid_t pid_ = -1;
  int to_child_ = -1, answers_ = -1, output_ = -1;
  std::string pending_, printed_;
  std::size_t printed_total_ = 0;
};

}  // namespace memlab
