#pragma once
// What a lab's build test found (results/labNN.build.json): whether the student's files compiled,
// respected the submission contract and linked into a check program, and if not, why. The suite
// tests and the report read it; a run that did not build grades nothing.
#include <string>
#include <vector>

namespace memlab {

struct BuildStatus {
  std::string run_id;  // this ctest run of the lab; report parts must carry it
  bool ok = false;
  bool contract_checked = false;
  std::vector<std::string> violations;  // the submission contract's, one sentence each
  std::vector<std::string> errors;      // the compiler's or linker's first errors
  std::string student_hash;             // of the files that were built
  std::string log;                      // the build log's path
  // Why there was nothing to build: a class submission without a file of the lab, or with two
  // of the same name. Every check fails with it.
  std::string unbuildable;

  // "does not compile: transpose.cu(12): error: ..." or "violates the submission contract: ...".
  std::string reason() const;
};

std::string to_json(const BuildStatus& s);
BuildStatus build_status_from_json(const std::string& text);  // throws std::runtime_error

// The first lines of a build log that report errors (compiler, linker, contract), at most `max`.
std::vector<std::string> first_errors(const std::string& log_text, std::size_t max = 6);

}  // namespace memlab
