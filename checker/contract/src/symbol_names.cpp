#include "symbol_names.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <memory>

namespace contract {

std::string demangle(const std::string& name) {
  // g++ names a file's dynamic initializer after the file's first function: keep the prefix,
  // demangle the rest ("_GLOBAL__sub_I__Z3fooi" -> "_GLOBAL__sub_I_foo(int)").
  for (const char* prefix : {"_GLOBAL__sub_I_", "_GLOBAL__sub_D_"})
    if (name.rfind(prefix, 0) == 0 && name.size() > 15) return prefix + demangle(name.substr(15));
  if (!is_cpp_name(name)) return name;
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && text ? std::string(text.get()) : name;
}

bool is_cpp_name(const std::string& name) { return name.size() > 2 && name.compare(0, 2, "_Z") == 0; }

namespace {

bool starts(const std::string& s, std::size_t at, const char* prefix) {
  return s.compare(at, std::string(prefix).size(), prefix) == 0;
}

// <source-name> ::= <length> <identifier>; advances `at` past it.
bool source_name(const std::string& m, std::size_t& at, std::string& id) {
  std::size_t length = 0, p = at;
  while (p < m.size() && std::isdigit(static_cast<unsigned char>(m[p]))) length = length * 10 + (m[p++] - '0');
  if (p == at || length == 0 || p + length > m.size()) return false;
  id = m.substr(p, length);
  at = p + length;
  return true;
}

// The outermost qualifier of the <name> (or class <type>) starting at `at`: "" when the entity
// itself sits at global scope (a plain <source-name> right after the prefix).
std::string first_component(const std::string& m, std::size_t at) {
  bool nested = false;
  if (starts(m, at, "N")) {
    nested = true;
    ++at;
    while (at < m.size() && (m[at] == 'r' || m[at] == 'V' || m[at] == 'K')) ++at;  // cv-qualifiers
    if (at < m.size() && (m[at] == 'R' || m[at] == 'O')) ++at;                     // ref-qualifier
  }
  if (starts(m, at, "L")) ++at;  // internal linkage marker
  if (starts(m, at, "St")) return "std";
  if (at + 1 < m.size() && m[at] == 'S' && std::string("absiod").find(m[at + 1]) != std::string::npos) return "std";
  std::string id;
  if (source_name(m, at, id)) {
    if (id.compare(0, 10, "_GLOBAL__N") == 0) return "(anonymous namespace)";
    return nested ? id : "";
  }
  if (!nested && at < m.size() && std::islower(static_cast<unsigned char>(m[at]))) return "";  // operator new, ...
  if (!nested && (starts(m, at, "Ut") || starts(m, at, "Ul"))) return "";  // unnamed types at global scope
  return "?";
}

// Skips a thunk's <call-offset>: h <number> _ | v <number> _ <number> _.
bool skip_call_offset(const std::string& m, std::size_t& at) {
  if (at >= m.size()) return false;
  const int parts = m[at] == 'h' ? 1 : m[at] == 'v' ? 2 : 0;
  if (parts == 0) return false;
  ++at;
  for (int i = 0; i < parts; ++i) {
    if (starts(m, at, "n")) ++at;
    while (at < m.size() && std::isdigit(static_cast<unsigned char>(m[at]))) ++at;
    if (!starts(m, at, "_")) return false;
    ++at;
  }
  return true;
}

}  // namespace

std::string outer_scope(const std::string& mangled) {
  if (!is_cpp_name(mangled)) return "";
  const std::string& m = mangled;
  std::size_t at = 2;
  for (int guard = 0; guard < 8; ++guard) {
    if (starts(m, at, "TV") || starts(m, at, "TI") || starts(m, at, "TS") || starts(m, at, "TT") ||
        starts(m, at, "TH") || starts(m, at, "TW")) {
      at += 2;  // vtable, typeinfo, VTT, TLS init/wrapper: the type or variable follows
      continue;
    }
    if (starts(m, at, "GV") || starts(m, at, "GR")) {  // guard variable, reference temporary
      at += 2;
      continue;
    }
    if (starts(m, at, "Tc")) {  // covariant thunk: two call offsets
      at += 2;
      if (!skip_call_offset(m, at) || !skip_call_offset(m, at)) return "?";
      continue;
    }
    if (starts(m, at, "T") && at + 1 < m.size() && (m[at + 1] == 'h' || m[at + 1] == 'v')) {
      ++at;
      if (!skip_call_offset(m, at)) return "?";
      continue;
    }
    if (starts(m, at, "Z")) {  // a local entity: the scope is its enclosing function's
      ++at;
      continue;
    }
    break;
  }
  return first_component(m, at);
}

bool kernel_of_stub(const std::string& mangled, std::string& kernel) {
  if (!is_cpp_name(mangled)) return false;
  std::size_t at = 2;
  if (starts(mangled, at, "L")) ++at;
  std::string id;
  static const std::string prefix = "__device_stub_";
  if (!source_name(mangled, at, id) || id.compare(0, prefix.size(), prefix) != 0 || id.size() == prefix.size())
    return false;
  kernel = id.substr(prefix.size());
  return true;
}

std::string global_identifier(const std::string& mangled) {
  if (!is_cpp_name(mangled)) return "";
  std::size_t at = 2;
  std::string id;
  return source_name(mangled, at, id) ? id : "";
}

std::string shortened(const std::string& text, std::size_t limit) {
  return text.size() <= limit ? text : text.substr(0, limit) + "...";
}

}  // namespace contract
