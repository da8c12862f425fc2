// Rule 3, instructions: system calls and clock reads need no symbol, so the host code itself
// is read (objdump's disassembly of every executable section).
#include <cctype>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "checks.h"
#include "memlab/bilingual.h"
#include "subprocess.h"
#include "symbol_names.h"
#include "violation_text.h"

namespace contract {

namespace {

using memlab::bilingual;

struct Branch {
  std::uint64_t from, to;
  std::string function;
};

bool is_hex(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool is_direct_branch(const std::string& mnemonic) {
  return (mnemonic.size() >= 2 && mnemonic[0] == 'j') || mnemonic == "call" || mnemonic.rfind("loop", 0) == 0 ||
         mnemonic == "xbegin";
}

const std::string kHidden = bilingual("code hidden from the disassembly", "反汇编中看不到的代码");

// A refused instruction: what it is (its mnemonic, or what objdump could not read) and its class,
// each in English and Chinese.
struct Refusal {
  std::string instruction, why;
};

// What an instruction is refused for; `why` is empty when it is not (operands matter for int $0x80 only).
Refusal refused(const std::vector<std::string>& words) {
  const std::string system_call = bilingual("raw system call", "原始系统调用");
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "syscall" || w == "sysenter") return {w, system_call};
    if (w == "int" && i + 1 < words.size() && words[i + 1] == "$0x80") return {"int $0x80", system_call};
    if (w == "rdtsc" || w == "rdtscp")
      return {w, bilingual("time: it reads the processor's clock", "时间：它读取处理器的时钟")};
    if (w == "(bad)") return {bilingual("bytes that are no instruction", "不是指令的字节"), kHidden};
  }
  return {};
}

}  // namespace

void check_instructions(const Submission& s, const StudentFile& f, const ElfObject&, Violations& out) {
  const std::string text = run_and_capture({s.tools.objdump, "-d", "-w", f.object});
  std::istringstream lines(text);
  std::string line, section, function;
  std::map<std::uint64_t, std::uint64_t> lengths;  // instruction offset -> length, in the current section
  std::vector<Branch> branches;
  std::set<std::string> reported;

  auto finish_section = [&] {
    // A direct jump must land on an instruction the disassembly shows: jumping into the middle
    // of one runs bytes the listing never shows (e.g. a syscall hidden inside a mov's operand).
    for (const Branch& b : branches) {
      auto after = lengths.upper_bound(b.to);
      if (after == lengths.begin()) continue;
      const auto& [start, length] = *std::prev(after);
      if (start < b.to && b.to < start + length && reported.insert("jump " + b.function).second)
        out.push_back(with_class(f.display + " jumps into the middle of an instruction in " + b.function,
                                 f.display + " 在 " + b.function + " 中跳进了一条指令的中间", kHidden));
    }
    lengths.clear();
    branches.clear();
  };

  while (std::getline(lines, line)) {
    static const std::string kSection = "Disassembly of section ";
    if (line.rfind(kSection, 0) == 0) {
      finish_section();
      section = line.substr(kSection.size());
      if (!section.empty() && section.back() == ':') section.pop_back();
      function = section;
      continue;
    }
    const std::size_t colon = line.find(":\t");
    if (colon == std::string::npos) {
      // "0000000000000000 <name>:" starts a function.
      const std::size_t open = line.find(" <"), close = line.rfind(">:");
      if (open != std::string::npos && close != std::string::npos && close > open && is_hex(line.substr(0, open)))
        function = shortened(demangle(line.substr(open + 2, close - open - 2)));
      continue;
    }
    std::string address = line.substr(0, colon);
    address.erase(0, address.find_first_not_of(' '));
    if (!is_hex(address)) continue;
    const std::uint64_t at = std::stoull(address, nullptr, 16);
    // "  1f:\t48 89 e5             \tmov    %rsp,%rbp": the bytes, then the instruction.
    const std::string rest = line.substr(colon + 2);
    const std::size_t tab = rest.find('\t');
    std::istringstream bytes(rest.substr(0, tab));
    std::uint64_t length = 0;
    for (std::string b; bytes >> b;) length += is_hex(b) ? 1 : 0;
    if (tab == std::string::npos) {  // a continuation line of bytes only
      if (!lengths.empty()) std::prev(lengths.end())->second += length;
      continue;
    }
    lengths[at] = length;

    std::istringstream instruction(rest.substr(tab + 1));
    std::vector<std::string> words;
    for (std::string w; instruction >> w;) {
      if (w == "#") break;  // objdump's comment: a resolved address, not an operand
      words.push_back(w);
    }
    const Refusal r = refused(words);
    if (!r.why.empty() && reported.insert(r.instruction + function).second)
      out.push_back(with_class(
          f.display + " executes " + std::string(memlab::english_part(r.instruction)) + " in " + function,
          f.display + " 在 " + function + " 中执行了 " + std::string(memlab::chinese_part(r.instruction)), r.why));
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
      if (is_direct_branch(words[i]) && is_hex(words[i + 1])) {
        branches.push_back({at, std::stoull(words[i + 1], nullptr, 16), function});
        break;
      }
  }
  finish_section();
}

}  // namespace contract
