#pragma once
// What crosses from the recorder (the only process that runs the student's host code) to the
// check program that measures: answers of the student's pure functions, and plans of the
// student's launchers. Both sides read and write it with these functions; the check program
// reads it as untrusted input (plan_from_json throws on anything malformed).
//
// A plan is what one call of a host launcher asked the GPU to do, in order: its kernel launches
// (by device name, with grid, block, dynamic shared memory and parameter bytes), memsets and
// copies. A parameter word that pointed into one of the buffers the launcher was given is kept as
// (argument, offset), so that the check program can launch the same plan on its own buffers.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace memlab {

// A pointer word of a kernel's parameters, or a memset's or copy's address: the launcher's
// pointer argument `arg` plus `offset` bytes (may be negative).
struct PlanAddress {
  int arg = 0;
  std::int64_t offset = 0;
};

struct PlanKernel {
  std::string name;  // the mangled device name (cuFuncGetName)
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  unsigned shared_bytes = 0;                 // dynamic shared memory of the launch
  std::vector<std::uint32_t> param_offsets;  // cuFuncGetParamInfo, one per parameter
  std::vector<std::uint32_t> param_sizes;
  std::vector<std::uint8_t> params;  // the parameter buffer, param_offsets[i] .. + param_sizes[i]
  struct Pointer {
    std::uint32_t at = 0;  // byte offset in `params` of an 8-byte word
    PlanAddress address;
  };
  std::vector<Pointer> pointers;
  int max_dynamic_shared = -1;  // cudaFuncSetAttribute, read after the call; -1: unset
  int carveout = -1;            // the preferred shared-memory carveout; -1: the default
};

struct PlanMemset {
  PlanAddress dst;
  std::uint32_t value = 0;
  unsigned element_size = 1;
  std::uint64_t width = 0, height = 1, pitch = 0;
};

struct PlanCopy {
  PlanAddress dst, src;
  std::uint64_t bytes = 0;
};

struct PlanStep {
  enum class Kind { kernel, memset, copy } kind = Kind::kernel;
  PlanKernel kernel;
  PlanMemset memset;
  PlanCopy copy;
};

struct Plan {
  std::vector<PlanStep> steps;
};

nlohmann::json plan_to_json(const Plan& plan);
// Throws std::runtime_error saying what is wrong: limits on sizes and counts, types, ranges.
Plan plan_from_json(const nlohmann::json& j, int pointer_args);

// The question's key: the function's name and its arguments, as the cache stores them.
std::string question_key(const std::string& function, const nlohmann::json& args);

}  // namespace memlab
