#pragma once
// What a symbol's name says: its demangled form, the outermost namespace or class it lives in
// (read from the Itanium mangling, not from demangled text, so that return types and template
// arguments cannot confuse it), and the kernel an nvcc launch stub belongs to.
#include <string>

namespace contract {

// The demangled name, or the name itself when it is not a mangled C++ name.
std::string demangle(const std::string& name);

// True for a C++ (Itanium-mangled) name; C-linkage names are plain identifiers.
bool is_cpp_name(const std::string& name);

// The outermost scope of a mangled C++ entity: "std", "memlab", "dim3", "(anonymous namespace)",
// or "" for the global namespace. Special names (vtables, typeinfo, guard variables, thunks,
// local statics) report the scope of the entity they belong to. "?" when it cannot tell.
std::string outer_scope(const std::string& mangled);

// nvcc gives each __global__ function X a host stub named "__device_stub_" + mangled(X):
// "_Z21__device_stub__Z2gkPiPi" is the stub of "_Z2gkPi". Sets `kernel` and returns true for a
// stub's name.
bool kernel_of_stub(const std::string& mangled, std::string& kernel);

// The identifier a global-namespace mangled name starts with ("_Z2ckPi" -> "ck"), or "".
std::string global_identifier(const std::string& mangled);

// `text` cut to at most `limit` characters (CUB's names run to thousands), with "..." if cut.
std::string shortened(const std::string& text, std::size_t limit = 240);

}  // namespace contract
