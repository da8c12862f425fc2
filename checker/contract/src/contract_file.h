#pragma once
// A lab's contract.json: what the student's objects may define, which CUDA runtime functions
// they may call beyond the common list, and which system headers the lab treats specially.
#include <string>
#include <vector>

namespace contract {

struct HeaderRule {
  std::string pattern;  // a header name ("nvml.h"), a folder ("cub/") or a prefix ("cupti*")
  std::string reason;   // the class named in the violation, e.g. "library kernels"
};

struct LabContract {
  std::string path;
  std::vector<std::string> defines;           // demangled, as c++filt prints them
  std::vector<std::string> cuda_api;          // allowed on top of the common CUDA runtime list
  std::vector<std::string> cuda_api_removed;  // common CUDA runtime functions this lab refuses
  std::vector<std::string> headers;           // system headers allowed although on the forbidden list
  std::vector<HeaderRule> forbidden_headers;  // system headers this lab refuses on top of the common list
  bool library_kernels = false;               // may the student call CUB / Thrust?
};

// Throws std::runtime_error (with the file and the key) on a malformed or unknown field.
LabContract load_contract(const std::string& path);

// The comparison form of a demangled name: without spaces, so "int const*" == "int const *".
std::string signature_key(const std::string& demangled);

}  // namespace contract
