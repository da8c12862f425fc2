#pragma once
// A read-only view of one ELF64 x86-64 relocatable object (.o): its sections, symbols,
// relocations and COMDAT groups. Only what the contract rules need; nothing is modified.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace contract {

struct ElfSection {
  std::string name;
  std::uint32_t type = 0;
  std::uint64_t flags = 0;
  std::uint64_t offset = 0, size = 0;
  std::uint32_t link = 0, info = 0;
  bool in_comdat_group = false;  // a member of a GRP_COMDAT group: inline or template code
};

struct ElfSymbol {
  std::string name;
  std::uint64_t value = 0, size = 0;
  std::uint8_t type = 0, bind = 0, visibility = 0;
  std::uint32_t section = 0;  // SHN_UNDEF, SHN_ABS, SHN_COMMON or a section index

  bool is_undefined() const;
  bool is_external() const;  // global, weak or GNU-unique binding
};

struct ElfRelocation {
  std::size_t target_section = 0;  // the section whose bytes the relocation patches
  std::uint64_t offset = 0;
  std::uint32_t symbol = 0;  // index into ElfObject::symbols
  std::uint32_t type = 0;
  std::int64_t addend = 0;
};

class ElfObject {
 public:
  // Throws std::runtime_error when the file is not an ELF64 little-endian x86-64 .o.
  static ElfObject read(const std::string& path);

  std::vector<ElfSection> sections;
  std::vector<ElfSymbol> symbols;  // the symbol table; index 0 is the null symbol
  std::vector<ElfRelocation> relocations;

  // The function symbol whose [value, value + size) holds `offset` in `section`, or -1.
  long function_at(std::size_t section, std::uint64_t offset) const;
  // The same for data objects (variables).
  long object_at(std::size_t section, std::uint64_t offset) const;
  // Where a relocation's symbol points: its section and offset (section symbols add the addend).
  bool resolve(const ElfRelocation& r, std::size_t& section, std::uint64_t& offset) const;

 private:
  std::vector<std::vector<std::size_t>> functions_in_section_;  // symbol indices, for function_at
  std::vector<std::vector<std::size_t>> objects_in_section_;    // symbol indices, for object_at
};

}  // namespace contract
