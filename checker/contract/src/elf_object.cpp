#include "elf_object.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "memlab/bilingual.h"

namespace contract {

using memlab::bilingual;

bool ElfSymbol::is_undefined() const { return section == SHN_UNDEF; }

bool ElfSymbol::is_external() const { return bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE; }

namespace {

// Every read is bounds-checked: a truncated or hostile file is an error, never a crash.
class Bytes {
 public:
  explicit Bytes(std::vector<char> data) : data_(std::move(data)) {}
  template <class T>
  T at(std::uint64_t offset) const {
    if (offset > data_.size() || sizeof(T) > data_.size() - offset)
      throw std::runtime_error(bilingual("truncated ELF file", "ELF 文件被截断了"));
    T value;
    std::memcpy(&value, data_.data() + offset, sizeof(T));
    return value;
  }
  std::string string_at(std::uint64_t table_offset, std::uint64_t table_size, std::uint64_t index) const {
    if (index >= table_size || table_offset > data_.size() || table_size > data_.size() - table_offset)
      throw std::runtime_error(bilingual("bad ELF string table index", "ELF 字符串表的下标有误"));
    const char* begin = data_.data() + table_offset + index;
    const char* end = static_cast<const char*>(std::memchr(begin, '\0', table_size - index));
    if (end == nullptr) throw std::runtime_error(bilingual("unterminated ELF string", "ELF 字符串没有结尾"));
    return std::string(begin, end);
  }

 private:
  std::vector<char> data_;
};

std::vector<char> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(bilingual("cannot read " + path, "无法读取 " + path));
  return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

ElfObject ElfObject::read(const std::string& path) {
  const Bytes bytes(read_file(path));
  const auto header = bytes.at<Elf64_Ehdr>(0);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_ident[EI_DATA] != ELFDATA2LSB)
    throw std::runtime_error(
        bilingual(path + " is not a 64-bit little-endian ELF file", path + " 不是 64 位小端序的 ELF 文件"));
  if (header.e_type != ET_REL || header.e_machine != EM_X86_64)
    throw std::runtime_error(
        bilingual(path + " is not an x86-64 relocatable object (.o)", path + " 不是 x86-64 的可重定位目标文件（.o）"));
  if (header.e_shentsize != sizeof(Elf64_Shdr))
    throw std::runtime_error(bilingual(path + ": unexpected section header size", path + "：节头的大小不对"));

  ElfObject object;
  // Objects with many sections (template-heavy code, one section per function) keep the real
  // section count and name-table index in section header 0 (extended numbering).
  const auto first = bytes.at<Elf64_Shdr>(header.e_shoff);
  const std::uint64_t count = header.e_shnum == 0 ? first.sh_size : header.e_shnum;
  const std::uint64_t name_index = header.e_shstrndx == SHN_XINDEX ? first.sh_link : header.e_shstrndx;
  if (count > (std::uint64_t{1} << 24))
    throw std::runtime_error(bilingual(path + ": implausible section count", path + "：节的数目不合理"));
  std::vector<Elf64_Shdr> headers;
  for (std::uint64_t i = 0; i < count; ++i)
    headers.push_back(bytes.at<Elf64_Shdr>(header.e_shoff + i * sizeof(Elf64_Shdr)));
  if (name_index >= headers.size())
    throw std::runtime_error(bilingual(path + ": no section name table", path + "：没有节名表"));
  const Elf64_Shdr& names = headers[name_index];
  for (const Elf64_Shdr& h : headers) {
    ElfSection s;
    s.name = bytes.string_at(names.sh_offset, names.sh_size, h.sh_name);
    s.type = h.sh_type;
    s.flags = h.sh_flags;
    s.offset = h.sh_offset;
    s.size = h.sh_size;
    s.link = h.sh_link;
    s.info = h.sh_info;
    object.sections.push_back(s);
  }

  std::size_t symtab = 0, extended_indices = 0;
  for (std::size_t i = 0; i < headers.size(); ++i) {
    if (headers[i].sh_type == SHT_SYMTAB) symtab = i;
    if (headers[i].sh_type == SHT_SYMTAB_SHNDX) extended_indices = i;
  }
  if (symtab != 0) {
    const Elf64_Shdr& h = headers[symtab];
    if (h.sh_link >= headers.size())
      throw std::runtime_error(bilingual(path + ": bad symbol string table", path + "：符号字符串表有误"));
    const Elf64_Shdr& strings = headers[h.sh_link];
    for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= h.sh_size; at += sizeof(Elf64_Sym)) {
      const auto raw = bytes.at<Elf64_Sym>(h.sh_offset + at);
      ElfSymbol sym;
      sym.name = bytes.string_at(strings.sh_offset, strings.sh_size, raw.st_name);
      sym.value = raw.st_value;
      sym.size = raw.st_size;
      sym.type = ELF64_ST_TYPE(raw.st_info);
      sym.bind = ELF64_ST_BIND(raw.st_info);
      sym.visibility = ELF64_ST_VISIBILITY(raw.st_other);
      sym.section = raw.st_shndx;
      if (raw.st_shndx == SHN_XINDEX && extended_indices != 0)
        sym.section = bytes.at<std::uint32_t>(headers[extended_indices].sh_offset + at / sizeof(Elf64_Sym) * 4);
      // Section symbols have no name of their own: give them their section's, as readelf does.
      if (sym.type == STT_SECTION && sym.section < object.sections.size()) sym.name = object.sections[sym.section].name;
      object.symbols.push_back(sym);
    }
  }

  object.functions_in_section_.resize(object.sections.size());
  object.objects_in_section_.resize(object.sections.size());
  for (std::size_t i = 0; i < object.symbols.size(); ++i) {
    const ElfSymbol& s = object.symbols[i];
    if (s.section >= object.sections.size()) continue;
    if (s.type == STT_FUNC || s.type == STT_GNU_IFUNC) object.functions_in_section_[s.section].push_back(i);
    if (s.type == STT_OBJECT) object.objects_in_section_[s.section].push_back(i);
  }

  for (std::size_t i = 0; i < headers.size(); ++i) {
    const Elf64_Shdr& h = headers[i];
    if (h.sh_type == SHT_GROUP) {
      // Word 0 holds the flags, then one section index per member.
      if (h.sh_size < 4 || (bytes.at<std::uint32_t>(h.sh_offset) & GRP_COMDAT) == 0) continue;
      for (std::uint64_t at = 4; at + 4 <= h.sh_size; at += 4) {
        const std::uint32_t member = bytes.at<std::uint32_t>(h.sh_offset + at);
        if (member < object.sections.size()) object.sections[member].in_comdat_group = true;
      }
    } else if (h.sh_type == SHT_RELA || h.sh_type == SHT_REL) {
      const bool rela = h.sh_type == SHT_RELA;
      const std::uint64_t entry = rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
      for (std::uint64_t at = 0; at + entry <= h.sh_size; at += entry) {
        ElfRelocation r;
        r.target_section = h.sh_info;
        if (rela) {
          const auto raw = bytes.at<Elf64_Rela>(h.sh_offset + at);
          r.offset = raw.r_offset, r.addend = raw.r_addend;
          r.symbol = ELF64_R_SYM(raw.r_info), r.type = ELF64_R_TYPE(raw.r_info);
        } else {
          const auto raw = bytes.at<Elf64_Rel>(h.sh_offset + at);
          r.offset = raw.r_offset;
          r.symbol = ELF64_R_SYM(raw.r_info), r.type = ELF64_R_TYPE(raw.r_info);
        }
        if (r.symbol >= object.symbols.size())
          throw std::runtime_error(
              bilingual(path + ": relocation with a bad symbol", path + "：有一个重定位指向无效的符号"));
        object.relocations.push_back(r);
      }
    }
  }
  return object;
}

namespace {

long symbol_in(const std::vector<ElfSymbol>& symbols, const std::vector<std::size_t>& candidates,
               std::uint64_t offset) {
  for (std::size_t i : candidates) {
    const ElfSymbol& s = symbols[i];
    if (offset >= s.value && offset < s.value + (s.size == 0 ? 1 : s.size)) return static_cast<long>(i);
  }
  return -1;
}

}  // namespace

long ElfObject::function_at(std::size_t section, std::uint64_t offset) const {
  return section < functions_in_section_.size() ? symbol_in(symbols, functions_in_section_[section], offset) : -1;
}

long ElfObject::object_at(std::size_t section, std::uint64_t offset) const {
  return section < objects_in_section_.size() ? symbol_in(symbols, objects_in_section_[section], offset) : -1;
}

bool ElfObject::resolve(const ElfRelocation& r, std::size_t& section, std::uint64_t& offset) const {
  const ElfSymbol& s = symbols[r.symbol];
  if (s.section == SHN_UNDEF || s.section >= sections.size()) return false;
  section = s.section;
  offset = s.value + static_cast<std::uint64_t>(r.addend);
  return true;
}

}  // namespace contract
