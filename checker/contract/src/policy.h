#pragma once
// The common policy every lab shares: which external names a student's object may reference,
// the class each forbidden name belongs to (for the message), which scopes are reserved, and
// which system headers are refused. Lab-specific additions come from contract.json.
#include <string>
#include <vector>

#include "contract_file.h"

namespace contract {

// nvcc's launch and registration calls, the C++ runtime (exceptions, guards, operator new),
// memory/string functions, libm, console output to stdout/stderr, crash reporting (abort,
// __assert_fail: a crash is reported, never rewarded), the C++ standard library (apart from
// its files, threads, clocks and process-wide handlers), and the CUDA runtime's error and
// device queries. `name` is the raw (mangled) symbol name.
bool common_reference_allowed(const std::string& name);

// The common CUDA runtime functions: errors, device and kernel attributes, occupancy queries.
bool common_cuda_api(const std::string& name);

// Why a reference that is not allowed is refused: "ends the process", "files", "CUDA events:
// the checker does the timing", ... (never empty), in English and Chinese (memlab/bilingual.h).
std::string reference_class(const std::string& name, bool library_kernels);

// "" for a scope anyone may use, else the class (in English and Chinese): the checker's own
// namespaces, and CUB/Thrust when the lab refuses library kernels.
std::string reserved_scope(const std::string& scope, bool library_kernels);

// System headers that are refused even though they are system headers (each with its class, in
// English and Chinese).
std::vector<HeaderRule> forbidden_headers(const LabContract& lab);

// Every class a violation of references or includes can end with, each in English and Chinese
// (memlab/bilingual.h): the common ones and the lab's own (contract.json's forbidden_headers).
// The tests hold each to both languages.
std::vector<std::string> every_class_text(const LabContract& lab);

// Does the header `relative` (its path below a system include folder) match `pattern`?
// "cub/" matches a folder, "cupti*" a prefix, anything else the exact name.
bool header_matches(const std::string& relative, const std::string& pattern);

}  // namespace contract
