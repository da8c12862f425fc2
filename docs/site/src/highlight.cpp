#include "highlight.hpp"

#include "markdown.hpp"
#include "text.hpp"

#include <cmark-gfm.h>

#include <cctype>
#include <set>
#include <sstream>

namespace memlab::site {

namespace {

const std::set<std::string_view>& keywords() {
  static const std::set<std::string_view> words = {"alignas",
                                                   "alignof",
                                                   "auto",
                                                   "break",
                                                   "case",
                                                   "catch",
                                                   "class",
                                                   "const",
                                                   "consteval",
                                                   "constexpr",
                                                   "const_cast",
                                                   "continue",
                                                   "decltype",
                                                   "default",
                                                   "delete",
                                                   "do",
                                                   "dynamic_cast",
                                                   "else",
                                                   "enum",
                                                   "explicit",
                                                   "extern",
                                                   "false",
                                                   "for",
                                                   "friend",
                                                   "goto",
                                                   "if",
                                                   "inline",
                                                   "mutable",
                                                   "namespace",
                                                   "new",
                                                   "noexcept",
                                                   "nullptr",
                                                   "operator",
                                                   "private",
                                                   "protected",
                                                   "public",
                                                   "register",
                                                   "reinterpret_cast",
                                                   "return",
                                                   "sizeof",
                                                   "static",
                                                   "static_assert",
                                                   "static_cast",
                                                   "struct",
                                                   "switch",
                                                   "template",
                                                   "this",
                                                   "throw",
                                                   "true",
                                                   "try",
                                                   "typedef",
                                                   "typename",
                                                   "union",
                                                   "using",
                                                   "virtual",
                                                   "volatile",
                                                   "while",
                                                   "__global__",
                                                   "__device__",
                                                   "__host__",
                                                   "__shared__",
                                                   "__constant__",
                                                   "__restrict__",
                                                   "__forceinline__",
                                                   "__launch_bounds__",
                                                   "__managed__"};
  return words;
}

const std::set<std::string_view>& types() {
  static const std::set<std::string_view> words = {
      "void",          "bool",        "char",         "short",      "int",    "long",    "float",   "double",
      "signed",        "unsigned",    "size_t",       "ptrdiff_t",  "int8_t", "int16_t", "int32_t", "int64_t",
      "uint8_t",       "uint16_t",    "uint32_t",     "uint64_t",   "half",   "half2",   "__half",  "__half2",
      "__nv_bfloat16", "float2",      "float4",       "int2",       "int4",   "uint2",   "uint4",   "double2",
      "dim3",          "cudaError_t", "cudaStream_t", "cudaEvent_t"};
  return words;
}

const std::set<std::string_view>& builtins() {
  static const std::set<std::string_view> words = {
      "threadIdx",   "blockIdx",         "blockDim",       "gridDim",         "warpSize", "__syncthreads", "__syncwarp",
      "__shfl_sync", "__shfl_down_sync", "__shfl_up_sync", "__shfl_xor_sync", "__ldg",    "atomicAdd",     "std"};
  return words;
}

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Highlighter {
 public:
  explicit Highlighter(std::string_view code) : code_(code) {}

  std::string run() {
    while (at_ < code_.size()) step();
    return out_.str();
  }

 private:
  void emit(const char* cls, size_t end) {
    const std::string text = html_escape(code_.substr(at_, end - at_));
    if (cls)
      out_ << "<span class=\"hl-" << cls << "\">" << text << "</span>";
    else
      out_ << text;
    at_ = end;
  }

  size_t end_of_line() const {
    const size_t eol = code_.find('\n', at_);
    return eol == std::string_view::npos ? code_.size() : eol;
  }

  size_t end_of_quoted(char quote) const {
    size_t i = at_ + 1;
    while (i < code_.size() && code_[i] != quote && code_[i] != '\n') i += code_[i] == '\\' ? 2 : 1;
    return std::min(code_.size(), i + 1);
  }

  bool at_line_start() const {
    size_t i = at_;
    while (i > 0 && (code_[i - 1] == ' ' || code_[i - 1] == '\t')) --i;
    return i == 0 || code_[i - 1] == '\n';
  }

  void step() {
    const char c = code_[at_];
    const char next = at_ + 1 < code_.size() ? code_[at_ + 1] : '\0';
    if (c == '/' && next == '/') return emit("comment", end_of_line());
    if (c == '/' && next == '*') {
      const size_t close = code_.find("*/", at_ + 2);
      return emit("comment", close == std::string_view::npos ? code_.size() : close + 2);
    }
    if (c == '"' || c == '\'') return emit("string", end_of_quoted(c));
    if (c == '#' && at_line_start()) return emit("preprocessor", end_of_line());
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && std::isdigit(static_cast<unsigned char>(next)))) {
      size_t i = at_ + 1;
      while (i < code_.size() && (is_identifier_char(code_[i]) || code_[i] == '.' || code_[i] == '\'' ||
                                  ((code_[i] == '+' || code_[i] == '-') &&
                                   std::string_view("eEpP").find(code_[i - 1]) != std::string_view::npos))) {
        ++i;
      }
      return emit("number", i);
    }
    if (is_identifier_start(c)) {
      size_t i = at_ + 1;
      while (i < code_.size() && is_identifier_char(code_[i])) ++i;
      const std::string_view word = code_.substr(at_, i - at_);
      const char* cls = keywords().count(word)   ? "keyword"
                        : types().count(word)    ? "type"
                        : builtins().count(word) ? "builtin"
                                                 : nullptr;
      return emit(cls, i);
    }
    emit(nullptr, at_ + 1);
  }

  std::string_view code_;
  size_t at_ = 0;
  std::ostringstream out_;
};

}  // namespace

bool is_highlighted_language(std::string_view language) {
  static const std::set<std::string_view> names = {"c", "cpp", "c++", "cc", "cu", "cuda", "h", "hpp", "cuh"};
  return names.count(to_lower_ascii(language)) != 0;
}

std::string highlight_code(std::string_view code, std::string_view language) {
  return is_highlighted_language(language) ? Highlighter(code).run() : html_escape(code);
}

std::string info_language(std::string_view info) {
  const std::string trimmed = trim(info);
  const size_t space = trimmed.find_first_of(" \t");
  return trimmed.substr(0, space);
}

bool is_compile_block(std::string_view info) {
  std::istringstream words{std::string(info)};
  std::string language;
  std::string word;
  words >> language;
  if (language != "cpp" && language != "cuda") return false;
  while (words >> word) {
    if (word == "compile") return true;
  }
  return false;
}

void highlight_code_blocks(cmark_node* root) {
  for (cmark_node* block : nodes_of_type(root, CMARK_NODE_CODE_BLOCK)) {
    const std::string info = cmark_node_get_fence_info(block);
    const std::string language = info_language(info);
    std::string html = is_compile_block(info)
                           ? "<pre class=\"compiled\" title=\"This snippet is compiled by the course's tests\">"
                           : "<pre>";
    html += language.empty() ? "<code>" : "<code class=\"language-" + html_escape(language) + "\">";
    html += highlight_code(cmark_node_get_literal(block), language);
    html += "</code></pre>\n";
    cmark_node* raw = cmark_node_new(CMARK_NODE_HTML_BLOCK);
    cmark_node_set_literal(raw, html.c_str());
    cmark_node_replace(block, raw);
    cmark_node_free(block);
  }
}

}  // namespace memlab::site
