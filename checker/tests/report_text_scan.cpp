// The reading of C++ sources that report_text_scan.h describes: tokens, the functions and their
// parameters, the places where a name gets a value, and the walk from the report's entrances.
#include "report_text_scan.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <tuple>

#include "english_sentence.h"

namespace memlab::test {
namespace {

// ---- Tokens ----------------------------------------------------------------------------------

struct Token {
  enum Kind { ident, literal, number, punct, character } kind;
  std::string text;  // a literal's value, escapes read and adjacent literals joined
  int line;
};

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The value of a string literal's body (between the quotes): \n, \t, \", \\, \x1f, octal.
std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    switch (c) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7': {
        int v = 0, n = 0;
        while (n < 3 && i < s.size() && s[i] >= '0' && s[i] <= '7') v = v * 8 + (s[i++] - '0'), ++n;
        --i;
        out += static_cast<char>(v);
        break;
      }
      case 'x': {
        int v = 0;
        while (i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])))
          v = v * 16 + std::stoi(std::string(1, s[++i]), nullptr, 16);
        out += static_cast<char>(v);
        break;
      }
      default: out += c;  // \" \' \\ \? and the rest as themselves
    }
  }
  return out;
}

std::vector<Token> tokenize(const std::string& src) {
  std::vector<Token> out;
  int line = 1;
  const std::size_t n = src.size();
  auto add_literal = [&](std::string value, int at) {
    if (!out.empty() && out.back().kind == Token::literal)
      out.back().text += value;  // "a" "b" is one literal
    else
      out.push_back({Token::literal, std::move(value), at});
  };
  bool line_start = true;  // only blanks so far on this line
  for (std::size_t i = 0; i < n;) {
    const char c = src[i];
    if (c == '\n') {
      ++line, ++i, line_start = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (src.compare(i, 2, "//") == 0) {
      i = src.find('\n', i);
      if (i == std::string::npos) i = n;
      continue;
    }
    if (src.compare(i, 2, "/*") == 0) {
      const std::size_t close = src.find("*/", i + 2);
      const std::size_t end = close == std::string::npos ? n : close + 2;
      line += static_cast<int>(std::count(src.begin() + static_cast<std::ptrdiff_t>(i),
                                          src.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
      i = end;
      continue;
    }
    if (c == '#' && line_start) {  // a preprocessor line, with its continuations
      std::size_t end = i;
      while (true) {
        end = src.find('\n', end);
        if (end == std::string::npos) {
          end = n;
          break;
        }
        if (end > 0 && src[end - 1] == '\\') {
          ++line, ++end;
          continue;
        }
        break;
      }
      i = end;
      continue;
    }
    line_start = false;
    // A string literal, with its prefix (u8, u, U, L) and in raw form.
    std::size_t p = i;
    if (src.compare(i, 2, "u8") == 0)
      p = i + 2;
    else if (c == 'u' || c == 'U' || c == 'L')
      p = i + 1;
    bool raw = p + 1 < n && src[p] == 'R' && src[p + 1] == '"';
    bool plain = p < n && src[p] == '"';
    if (!raw && !plain) {
      p = i;
      raw = p + 1 < n && src[p] == 'R' && src[p + 1] == '"';
      plain = src[p] == '"';
    }
    if (raw) {
      const std::size_t open = src.find('(', p + 2);
      const std::string delimiter = ")" + src.substr(p + 2, open - p - 2) + "\"";
      const std::size_t close = src.find(delimiter, open);
      const std::size_t end = close == std::string::npos ? n : close;
      const int at = line;
      line += static_cast<int>(std::count(src.begin() + static_cast<std::ptrdiff_t>(i),
                                          src.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
      add_literal(src.substr(open + 1, end - open - 1), at);
      i = std::min(n, end + delimiter.size());
      continue;
    }
    if (plain) {
      std::size_t j = p + 1;
      std::string body;
      while (j < n && src[j] != '"' && src[j] != '\n') {
        if (src[j] == '\\' && j + 1 < n) body += src[j++];
        body += src[j++];
      }
      add_literal(unescape(body), line);
      i = j + 1;
      continue;
    }
    if (c == '\'') {  // a character literal
      std::size_t j = i + 1;
      while (j < n && src[j] != '\'' && src[j] != '\n') j += src[j] == '\\' ? 2 : 1;
      out.push_back({Token::character, src.substr(i, j + 1 - i), line});
      i = j + 1;
      continue;
    }
    if (is_ident_start(c)) {
      std::size_t j = i;
      while (j < n && is_ident_char(src[j])) ++j;
      out.push_back({Token::ident, src.substr(i, j - i), line});
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(src[i + 1])))) {
      std::size_t j = i;
      while (j < n && (is_ident_char(src[j]) || src[j] == '.' || src[j] == '\'')) ++j;
      out.push_back({Token::number, src.substr(i, j - i), line});
      i = j;
      continue;
    }
    static const char* const kPunct[] = {
        "::", "->", "<<", ">>", "==", "!=", "<=", ">=", "+=", "-=", "&&", "||", "++", "--"};
    std::string op(1, c);
    for (const char* two : kPunct)
      if (src.compare(i, 2, two) == 0) op = two;
    out.push_back({Token::punct, op, line});
    i += op.size();
  }
  return out;
}

// ---- Structure -------------------------------------------------------------------------------

bool is(const Token& t, const char* text) { return t.text == text && t.kind != Token::literal; }
bool opener(const Token& t) { return t.kind == Token::punct && (t.text == "(" || t.text == "[" || t.text == "{"); }
bool closer(const Token& t) { return t.kind == Token::punct && (t.text == ")" || t.text == "]" || t.text == "}"); }

// The index of the closer of the opener at `k`.
std::size_t match_close(const std::vector<Token>& t, std::size_t k) {
  int depth = 0;
  for (std::size_t j = k; j < t.size(); ++j) {
    if (opener(t[j])) ++depth;
    if (closer(t[j]) && --depth == 0) return j;
  }
  return t.size();
}

// [a, b) split at its top-level commas.
std::vector<std::pair<std::size_t, std::size_t>> split_args(const std::vector<Token>& t, std::size_t a, std::size_t b) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  int depth = 0;
  std::size_t start = a;
  for (std::size_t j = a; j < b && j < t.size(); ++j) {
    if (opener(t[j])) ++depth;
    if (closer(t[j])) --depth;
    if (depth == 0 && is(t[j], ",")) {
      out.emplace_back(start, j);
      start = j + 1;
    }
  }
  if (start < b || !out.empty()) out.emplace_back(start, b);
  return out;
}

// The end of the expression that starts at `k`: the ; or , or closer at its own depth.
std::size_t expression_end(const std::vector<Token>& t, std::size_t k) {
  int depth = 0;
  for (std::size_t j = k; j < t.size(); ++j) {
    if (opener(t[j])) ++depth;
    if (closer(t[j]) && depth-- == 0) return j;
    if (depth == 0 && (is(t[j], ";") || is(t[j], ","))) return j;
  }
  return t.size();
}

// Whether the parentheses [open, close] hold parameter declarations ("const Foo& x, int y"), so
// that `name(...)` there declares or defines a function rather than calling it.
bool declares_parameters(const std::vector<Token>& t, std::size_t open, std::size_t close);

const std::set<std::string>& keywords() {
  static const std::set<std::string> k{
      "if",        "for",      "while",         "switch",    "return",   "catch", "sizeof",    "decltype", "alignof",
      "throw",     "new",      "delete",        "case",      "do",       "else",  "try",       "using",    "namespace",
      "typename",  "template", "operator",      "struct",    "class",    "union", "enum",      "public",   "private",
      "protected", "virtual",  "static_assert", "co_return", "noexcept", "const", "constexpr", "static",   "inline"};
  return k;
}
bool keyword(const std::string& s) { return keywords().count(s) > 0; }

// A declared type that can hold text.
bool stringy(const std::string& s) {
  return s == "string" || s == "string_view" || s == "char" || s == "auto" || s == "initializer_list" ||
         s == "ostringstream" || s == "stringstream";
}

bool declares_parameters(const std::vector<Token>& t, std::size_t open, std::size_t close) {
  for (auto [a, b] : split_args(t, open + 1, close)) {
    // The argument's own tokens (not those in nested brackets) before a default value.
    std::vector<const Token*> own;
    int depth = 0;
    for (std::size_t q = a; q < b; ++q) {
      if (depth == 0 && is(t[q], "=")) break;
      if (opener(t[q])) ++depth;
      if (depth == 0) own.push_back(&t[q]);
      if (closer(t[q])) --depth;
    }
    if (own.size() < 2 || own.front()->kind != Token::ident || own.back()->kind != Token::ident) continue;
    bool only_type = true;
    for (const Token* w : own)
      only_type = only_type && (w->kind == Token::ident || is(*w, "::") || is(*w, "<") || is(*w, ">") || is(*w, "&") ||
                                is(*w, "&&") || is(*w, "*") || is(*w, ",") || is(*w, ".") || w->kind == Token::number);
    const Token& before = *own[own.size() - 2];
    if (only_type && !is(before, ".") && !is(before, "::") &&
        (before.kind == Token::ident || is(before, "&") || is(before, "&&") || is(before, "*") || is(before, ">")))
      return true;
  }
  return false;
}

// The type a declaration gives the name at token `k` ("T name", "const T& name", "T* name = ..."):
// the last word of T, or "" when there is none to read (auto, or no declaration).
std::string declared_type(const std::vector<Token>& t, std::size_t k) {
  for (std::size_t q = k; q-- > 0;) {
    const Token& w = t[q];
    if (is(w, "&") || is(w, "&&") || is(w, "*") || w.text == "const") continue;
    if (is(w, ">")) {  // T<...>: the template's own name
      int depth = 0;
      for (; q > 0; --q) {
        if (is(t[q], ">")) ++depth;
        if (is(t[q], "<") && --depth == 0) break;
      }
      return q > 0 && t[q - 1].kind == Token::ident ? t[q - 1].text : "";
    }
    if (w.kind == Token::ident && !keyword(w.text) && w.text != "auto") return w.text;
    return "";
  }
  return "";
}

struct Function {
  std::string name;                 // "<lambda>" for a lambda not stored in a variable; "<TEST_CASE>" for a macro body
  std::vector<std::string> scopes;  // the namespaces it is in, and its class ("Foo::name(...) {")
  std::vector<std::pair<std::string, bool>> params;  // name, declared as text
  std::vector<std::string> param_types;              // declared_type() of each
  std::size_t body_begin = 0, body_end = 0;          // the braces
  bool member = false;                               // a class's: defined in its body, or as Foo::name
  bool returns_text = false;                         // declared to return text (or auto, or a lambda)
};

struct Class {
  std::string name;
  std::size_t body_begin, body_end;
};

struct File {
  const SourceText* source = nullptr;
  std::vector<Token> t;
  std::vector<Function> functions;
  std::vector<Class> classes;

  // The innermost function whose body holds token `k`, or nullptr.
  const Function* enclosing(std::size_t k) const {
    const Function* best = nullptr;
    for (const auto& f : functions)
      if (f.body_begin < k && k < f.body_end && (!best || f.body_begin > best->body_begin)) best = &f;
    return best;
  }
};

void find_functions(File& file) {
  const auto& t = file.t;
  struct Namespace {
    std::vector<std::string> names;
    std::size_t begin, end;
  };
  std::vector<Namespace> namespaces;
  std::vector<std::pair<std::size_t, std::size_t>> classes;  // struct and class bodies
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    if (t[k].kind == Token::ident && (t[k].text == "struct" || t[k].text == "class") && t[k + 1].kind == Token::ident) {
      std::size_t j = k + 2;
      while (j < t.size() && !is(t[j], "{") && !is(t[j], ";") && !is(t[j], "(") && !is(t[j], ")")) ++j;
      if (j < t.size() && is(t[j], "{")) {
        classes.emplace_back(j, match_close(t, j));
        file.classes.push_back({t[k + 1].text, j, match_close(t, j)});
      }
      continue;
    }
    if (t[k].kind != Token::ident || t[k].text != "namespace") continue;
    Namespace ns;
    std::size_t j = k + 1;
    for (; j < t.size() && (t[j].kind == Token::ident || is(t[j], "::")); ++j)
      if (t[j].kind == Token::ident) ns.names.push_back(t[j].text);
    if (j < t.size() && is(t[j], "{")) {
      ns.begin = j;
      ns.end = match_close(t, j);
      namespaces.push_back(ns);
    }
  }
  for (std::size_t k = 1; k < t.size(); ++k) {
    if (!is(t[k], "(")) continue;
    const std::size_t close = match_close(t, k);
    std::size_t j = close + 1;
    while (j < t.size() && t[j].kind == Token::ident &&
           (t[j].text == "const" || t[j].text == "noexcept" || t[j].text == "override" || t[j].text == "final" ||
            t[j].text == "mutable" || t[j].text == "constexpr"))
      ++j;
    if (j < t.size() && is(t[j], "->"))
      while (j < t.size() && !is(t[j], "{") && !is(t[j], ";") && !is(t[j], "=") && !is(t[j], ")")) ++j;
    if (j < t.size() && is(t[j], ":") && t[k - 1].kind == Token::ident) {  // a constructor's initialisers
      ++j;
      while (j < t.size()) {
        if (is(t[j], "(") || is(t[j], "{")) {
          const std::size_t end = match_close(t, j);
          j = end + 1;
          if (j < t.size() && is(t[j], ",")) {
            ++j;
            continue;
          }
          break;
        }
        ++j;
      }
    }
    if (j >= t.size() || !is(t[j], "{")) continue;
    Function f;
    const Token& prev = t[k - 1];
    if (is(prev, "]")) {  // a lambda; named by the variable it initialises
      std::size_t open = k - 1;
      int depth = 0;
      for (std::size_t q = k - 1; q < t.size(); --q) {
        if (is(t[q], "]")) ++depth;
        if (is(t[q], "[") && --depth == 0) {
          open = q;
          break;
        }
        if (q == 0) break;
      }
      f.name = open >= 2 && is(t[open - 1], "=") && t[open - 2].kind == Token::ident ? t[open - 2].text : "<lambda>";
    } else if (prev.kind == Token::ident && !prev.text.empty() &&
               std::isupper(static_cast<unsigned char>(prev.text[0])) &&
               std::all_of(prev.text.begin(), prev.text.end(), [](char c) {
                 return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
                        c == '_';
               })) {
      f.name = "<" + prev.text + ">";  // TEST_CASE(...) { ... }: a scope of its own
    } else if (prev.kind == Token::ident && !keyword(prev.text) && k >= 2) {
      const Token& before = t[k - 2];
      const bool type_before = (before.kind == Token::ident && !keyword(before.text)) || is(before, ">") ||
                               is(before, "*") || is(before, "&") || is(before, "::") || is(before, "~") ||
                               is(before, "const");
      if (!type_before) continue;
      f.name = prev.text;
    } else {
      continue;
    }
    for (auto [a, b] : split_args(t, k + 1, close)) {
      std::size_t end = b;
      for (std::size_t q = a; q < b; ++q)
        if (is(t[q], "=")) {
          end = q;
          break;
        }
      std::string name;
      std::size_t at = a;
      bool text = false;
      for (std::size_t q = a; q < end; ++q) {
        if (t[q].kind == Token::ident) name = t[q].text, at = q;
        text = text || (t[q].kind == Token::ident && stringy(t[q].text));
      }
      f.params.emplace_back(name, text);
      f.param_types.push_back(declared_type(t, at));
    }
    f.body_begin = j;
    f.body_end = match_close(t, j);
    for (const auto& ns : namespaces)
      if (ns.begin < k && k < ns.end) f.scopes.insert(f.scopes.end(), ns.names.begin(), ns.names.end());
    if (k >= 3 && is(t[k - 2], "::") && t[k - 3].kind == Token::ident) {
      f.scopes.push_back(t[k - 3].text);
      f.member = true;
    }
    for (auto [begin, end] : classes)
      if (begin < k && k < end) f.member = true;
    // The return type: the words before the name back to the previous declaration's end.
    f.returns_text = f.name.front() == '<' || is(prev, "]");
    for (std::size_t q = k - 1; q-- > 0;) {
      if (is(t[q], ";") || is(t[q], "{") || is(t[q], "}") || is(t[q], ")") || is(t[q], ":")) break;
      if (t[q].kind == Token::ident && stringy(t[q].text)) f.returns_text = true;
    }
    file.functions.push_back(std::move(f));
  }
}

// ---- The walk --------------------------------------------------------------------------------

enum class Mode { report, chinese };

struct Def {
  const File* file;
  std::size_t a, b;
  const Function* in;    // the function it is in, or nullptr at file scope
  std::size_t name = 0;  // the name's token
};

const std::set<std::string> kLogicErrors{"logic_error", "invalid_argument", "out_of_range", "domain_error",
                                         "length_error"};
// The language plumbing (memlab/bilingual.h): its arguments are followed where it is called, its
// body never (it would join every call's English half to every other call's).
const std::set<std::string> kPlumbing{"bilingual", "join_bilingual", "in_language", "english_part", "chinese_part"};
// Console output, doctest's messages and command-line help: not the report.
const std::set<std::string> kNotReport{
    "printf",      "fprintf",   "puts",       "print", "perror",  "add_option", "add_flag",      "add_subcommand",
    "footer",      "TEST_CASE", "SUBCASE",    "INFO",  "CAPTURE", "MESSAGE",    "static_assert", "ADD_FAIL_CHECK_AT",
    "ADD_FAIL_AT", "FAIL",      "FAIL_CHECK", "WARN"};
// A literal searched for or compared with is no text.
const std::set<std::string> kSearch{"find",    "rfind", "starts_with", "ends_with",
                                    "compare", "count", "contains",    "find_first_of"};
// Members that hand out their object's own text.
const std::set<std::string> kTextAccessors{"str",   "c_str", "substr", "data", "string",
                                           "value", "front", "back",   "at",   "get"};
// Libraries' names: never the course's functions.
const std::set<std::string> kLibraries{"std", "fmt", "nlohmann", "CLI", "doctest", "fs", "filesystem", "chrono"};
// The English table of the report's fixed words (report_words.cpp): its Chinese twin is walked,
// and test_chinese_texts.cpp reads report_words(Language::zh) entry by entry.
const std::set<std::string> kEnglishHalves{"kEnglish"};

const std::map<std::string, std::vector<std::size_t>>& sinks() {
  static const std::map<std::string, std::vector<std::size_t>> s{
      {"skip_check", {1}},    {"fail_check", {1}},
      {"fail_spec", {1}},     {"report_fatal", {0}},
      {"expect_true", {2}},   {"expect_value", {2, 3}},
      {"read_counters", {2}}, {"run_checked", {0}},
      {"fail_suite", {2}},    {"expect_counter_against_work", {5, 6, 7}}};
  return s;
}
const std::vector<std::string> kFields{"detail", "measured_text", "required_text", "skip_reason", "reason",
                                       "doubt",  "invalid",       "ending",        "environment", "outside"};
// Lists whose every element reaches a report: the submission contract's violations (its
// result.json, then the judge's build status).
const std::set<std::string> kReportLists{"Violations"};

bool doctest_macro(const std::string& s) {
  for (const char* prefix : {"REQUIRE", "CHECK", "WARN", "FAIL", "DOCTEST_"})
    if (s.rfind(prefix, 0) == 0) return true;
  return false;
}

class Walk {
 public:
  explicit Walk(const std::vector<SourceText>& group) {
    for (const auto& s : group) {
      File f;
      f.source = &s;
      f.t = tokenize(s.content);
      find_functions(f);
      files_.push_back(std::move(f));
    }
    for (const auto& f : files_) index(f);
    for (const auto& f : files_) index_fields(f);
  }

  ScanResult run() {
    for (const auto& f : files_) seed(f);
    for (const auto& field : kFields) follow_member(field, Mode::report, nullptr);
    ScanResult r;
    for (auto& [key, finding] : findings_) r.findings.push_back(finding);
    r.checked = std::move(checked_);
    return r;
  }

 private:
  std::vector<File> files_;
  std::map<std::string, std::vector<Def>> plain_, member_;
  std::map<std::string, std::vector<std::pair<const File*, const Function*>>> functions_;
  std::map<std::string, std::vector<std::pair<const File*, std::size_t>>> calls_;  // the call's (
  std::map<std::string, std::map<std::string, std::string>> fields_;               // class -> field -> its type
  std::set<std::tuple<const void*, std::size_t, std::size_t, int>> done_;
  std::set<std::tuple<std::string, std::string, int>> followed_;
  std::map<std::tuple<std::string, int, std::string>, TextFinding> findings_;
  std::set<std::string> checked_;
  // MEMLAB_SCAN_TRACE=path:line prints how the walk reached the literals of that line.
  std::vector<std::string> path_;
  const char* trace_ = std::getenv("MEMLAB_SCAN_TRACE");
  struct Step {
    Step(Walk& w, std::string what) : walk(w) { walk.path_.push_back(std::move(what)); }
    ~Step() { walk.path_.pop_back(); }
    Walk& walk;
  };

  // Where each name gets a value, where each function is defined and called.
  void index(const File& f) {
    const auto& t = f.t;
    for (const auto& fn : f.functions) functions_[fn.name].emplace_back(&f, &fn);
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
      const Token& v = t[k];
      if (v.kind != Token::ident || keyword(v.text) || v.text == "cout" || v.text == "cerr" || v.text == "clog")
        continue;
      const Token& next = t[k + 1];
      const Token* prev = k ? &t[k - 1] : nullptr;
      const bool is_member = prev && (is(*prev, ".") || is(*prev, "->"));
      std::size_t a = 0, b = 0;
      if (is(next, "=") || is(next, "+=")) {
        a = k + 2, b = expression_end(t, k + 2);
      } else if (is(next, "[")) {
        const std::size_t c = match_close(t, k + 1);
        if (c + 1 < t.size() && (is(t[c + 1], "=") || is(t[c + 1], "+="))) a = c + 2, b = expression_end(t, c + 2);
      } else if (is(next, "<<") && !is_member &&
                 (!prev || is(*prev, ";") || is(*prev, "{") || is(*prev, "}") || is(*prev, ")") || is(*prev, ":") ||
                  prev->text == "else" || prev->text == "do")) {  // a stream the statement writes to
        a = k + 2, b = expression_end(t, k + 2);
      } else if (is(next, ".") && k + 3 < t.size() && is(t[k + 3], "(") &&
                 (t[k + 2].text == "push_back" || t[k + 2].text == "emplace_back" || t[k + 2].text == "append" ||
                  t[k + 2].text == "insert" || t[k + 2].text == "assign")) {
        a = k + 4, b = match_close(t, k + 3);
      } else if ((is(next, "(") || is(next, "{")) && prev && !is_member &&
                 ((prev->kind == Token::ident && !keyword(prev->text)) || is(*prev, ">") || is(*prev, "*") ||
                  is(*prev, "&") || is(*prev, "const"))) {
        const std::size_t c = match_close(t, k + 1);
        // "T name(args)" or "T name{args}" declares a variable; not a function's declaration.
        if (!(is(next, "(") && declares_parameters(t, k + 1, c))) a = k + 2, b = c;
      }
      if (is(next, "(") && !declares_parameters(t, k + 1, match_close(t, k + 1)))
        calls_[v.text].emplace_back(&f, k + 1);
      if (b <= a) continue;
      // A declaration ("T name = ..."): followed only when T can hold text.
      if (!is_member && (is(next, "=") || is(next, "(") || is(next, "{"))) {
        bool any_type = false, text_type = false;
        for (std::size_t q = k; q-- > 0;) {
          const Token& w = t[q];
          if (is(w, ";") || is(w, "{") || is(w, "}") || is(w, ")") || is(w, "(") || is(w, ",") ||
              (w.kind == Token::ident &&
               (w.text == "return" || w.text == "public" || w.text == "private" || w.text == "protected")))
            break;
          if (w.kind == Token::ident && w.text != "const" && w.text != "static" && w.text != "constexpr" &&
              w.text != "inline")
            any_type = true;
          if (w.kind == Token::ident && stringy(w.text)) text_type = true;
        }
        if (any_type && !text_type) continue;
      }
      (is_member ? member_ : plain_)[v.text].push_back({&f, a, b, f.enclosing(k), k});
    }
  }

  // The fields each class declares, and their types ("DeviceInfo device;").
  void index_fields(const File& f) {
    const auto& t = f.t;
    for (const Class& c : f.classes) {
      int depth = 0;
      for (std::size_t q = c.body_begin + 1; q < c.body_end; ++q) {
        if (opener(t[q])) ++depth;
        if (closer(t[q])) --depth;
        if (depth != 0 || t[q].kind != Token::ident || q + 1 >= t.size()) continue;
        const Token& next = t[q + 1];
        if (!is(next, ";") && !is(next, "=") && !is(next, "{") && !is(next, "[")) continue;
        const std::string type = declared_type(t, q);
        if (!type.empty()) fields_[c.name].emplace(t[q].text, type);
      }
    }
  }

  // The innermost class whose body holds token `k` of `f`, or "".
  static std::string class_at(const File& f, std::size_t k) {
    const Class* best = nullptr;
    for (const Class& c : f.classes)
      if (c.body_begin < k && k < c.body_end && (!best || c.body_begin > best->body_begin)) best = &c;
    return best ? best->name : "";
  }

  // The class whose member function holds token `k`, or "".
  static std::string member_class_at(const File& f, std::size_t k) {
    for (const Function* fn = f.enclosing(k); fn; fn = f.enclosing(fn->body_begin))
      if (fn->member) return !class_at(f, fn->body_begin).empty() ? class_at(f, fn->body_begin) : fn->scopes.back();
    return "";
  }

  // The type of the variable `name` used at token `k` of `f`: a parameter's, a local's, or a field's
  // of the class whose function this is; "" when it cannot be read (auto, an expression).
  std::string type_of(const File& f, std::size_t k, const std::string& name) {
    const auto& t = f.t;
    for (const Function* fn = f.enclosing(k); fn; fn = f.enclosing(fn->body_begin)) {
      for (std::size_t i = 0; i < fn->params.size(); ++i)
        if (fn->params[i].first == name) return fn->param_types[i];
      for (std::size_t q = fn->body_begin + 1; q < k && q < fn->body_end; ++q) {
        if (t[q].kind != Token::ident || t[q].text != name || q + 1 >= t.size()) continue;
        const Token& next = t[q + 1];
        if (!is(next, "=") && !is(next, ";") && !is(next, "(") && !is(next, "{") && !is(next, ":") && !is(next, ","))
          continue;
        const std::string type = declared_type(t, q);
        if (!type.empty()) return type;
      }
    }
    const std::string owner = member_class_at(f, k);
    const auto c = fields_.find(owner);
    if (c != fields_.end())
      if (const auto field = c->second.find(name); field != c->second.end()) return field->second;
    return "";
  }

  // The type of the object whose member is at token `k` ("work" in work.name), or "".
  std::string receiver_type(const File& f, std::size_t k) {
    const auto& t = f.t;
    if (k < 2 || !(is(t[k - 1], ".") || is(t[k - 1], "->"))) return "";
    const Token& receiver = t[k - 2];
    if (receiver.text == "this") return member_class_at(f, k);
    if (receiver.kind != Token::ident || (k >= 3 && (is(t[k - 3], ".") || is(t[k - 3], "->") || is(t[k - 3], "::"))))
      return "";
    return type_of(f, k - 2, receiver.text);
  }

  void seed(const File& f) {
    const auto& t = f.t;
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
      const Token& v = t[k];
      if (v.kind != Token::ident) continue;
      const auto sink = sinks().find(v.text);
      if (sink != sinks().end() && is(t[k + 1], "(")) {
        const std::size_t c = match_close(t, k + 1);
        if (declares_parameters(t, k + 1, c)) continue;  // the function's own declaration
        const auto args = split_args(t, k + 2, c);
        for (std::size_t p : sink->second)
          if (p < args.size()) process(f, args[p].first, args[p].second, Mode::report);
      }
      // An element added to a list of report texts: out.push_back(...), with out a Violations.
      if (k + 3 < t.size() && is(t[k + 1], ".") && is(t[k + 3], "(") &&
          (t[k + 2].text == "push_back" || t[k + 2].text == "emplace_back" || t[k + 2].text == "insert") &&
          !(k && (is(t[k - 1], ".") || is(t[k - 1], "->"))) && kReportLists.count(type_of(f, k, v.text)))
        process(f, k + 4, match_close(t, k + 3), Mode::report);
      if (v.text == "throw" && f.source->throws_reach_report) {
        std::size_t j = k + 1;
        std::string type;
        while (j < t.size() && (t[j].kind == Token::ident || is(t[j], "::"))) type = t[j++].text;
        if (kLogicErrors.count(type)) continue;
        process(f, k + 1, expression_end(t, k + 1), Mode::report);
      }
      if (v.text == "bilingual" && is(t[k + 1], "(") && !(k && (is(t[k - 1], ".") || is(t[k - 1], "->")))) {
        const std::size_t c = match_close(t, k + 1);
        if (declares_parameters(t, k + 1, c)) continue;  // its own declaration
        const auto args = split_args(t, k + 2, c);
        if (args.size() > 1) process(f, args[1].first, args[1].second, Mode::chinese);
      }
    }
  }

  void literal(const File& f, std::size_t k, Mode mode) {
    const Token& v = f.t[k];
    checked_.insert(f.source->path + ":" + std::to_string(v.line) + ": " + v.text);
    if (trace_ && f.source->path + ":" + std::to_string(v.line) == trace_) {
      std::cerr << "reached " << trace_ << " \"" << v.text << "\"" << (mode == Mode::chinese ? " (Chinese)" : "")
                << " through:\n";
      for (const auto& step : path_) std::cerr << "  " << step << "\n";
    }
    const std::string phrase = english_sentence(v.text);
    if (phrase.empty()) return;
    // Reached both ways, it is named for the report's own path: English without a Chinese half.
    auto [at, added] = findings_.emplace(std::make_tuple(f.source->path, v.line, v.text),
                                         TextFinding{f.source->path, v.line, v.text, phrase, mode == Mode::chinese});
    if (!added && mode == Mode::report) at->second.chinese = false;
  }

  // Every text of the expression [a, b) of `f`.
  void process(const File& f, std::size_t a, std::size_t b, Mode mode) {
    if (!done_.insert({&f, a, b, static_cast<int>(mode)}).second) return;
    const auto& t = f.t;
    const Step step(*this, f.source->path + ":" + std::to_string(a < t.size() ? t[a].line : 0) +
                               (mode == Mode::chinese ? " (Chinese)" : ""));
    for (std::size_t k = a; k < b && k < t.size(); ++k) {
      const Token& v = t[k];
      const Token* prev = k ? &t[k - 1] : nullptr;
      const Token* next = k + 1 < t.size() ? &t[k + 1] : nullptr;
      if (v.kind == Token::literal) {
        const Token* before = k >= 2 ? &t[k - 2] : nullptr;
        const bool compared =
            (prev && (is(*prev, "==") || is(*prev, "!="))) || (next && (is(*next, "==") || is(*next, "!=")));
        const bool searched = prev && is(*prev, "(") && before && kSearch.count(before->text);
        if (!compared && !searched) literal(f, k, mode);
        continue;
      }
      if (v.kind != Token::ident || keyword(v.text)) {
        if (v.kind == Token::ident && v.text == "throw" && k + 3 < t.size() &&
            (kLogicErrors.count(t[k + 1].text) || kLogicErrors.count(t[k + 3].text)))
          while (k < b && !is(t[k], ";")) ++k;  // a course bug's message
        continue;
      }
      if (next && is(*next, "::")) continue;
      const bool call = next && (is(*next, "(") || is(*next, "{"));
      if (call && (kNotReport.count(v.text) || doctest_macro(v.text))) {
        k = match_close(t, k + 1);
        continue;
      }
      if (prev && is(*prev, "::") && k >= 2 && kLibraries.count(t[k - 2].text)) {
        if ((v.text == "cout" || v.text == "cerr" || v.text == "clog") && next && is(*next, "<<"))
          while (k < b && !is(t[k], ";")) ++k;  // console output
        continue;
      }
      if (call && (v.text == "bilingual" || v.text == "english_part")) {
        const std::size_t c = match_close(t, k + 1);
        const auto args = split_args(t, k + 2, c);
        if (v.text == "bilingual" && args.size() > 1) process(f, args[1].first, args[1].second, Mode::chinese);
        k = c;
        continue;
      }
      if (kPlumbing.count(v.text) || kEnglishHalves.count(v.text)) continue;
      // A call of the group's own function: an argument whose parameter is only ever the English
      // half of memlab::bilingual() there (with_reason("not timed: ", "未计时：", why)) is skipped.
      if (is(*next, "(") && !(prev && (is(*prev, ".") || is(*prev, "->")))) {
        const std::size_t c = match_close(t, k + 1);
        const auto args = split_args(t, k + 2, c);
        bool any_english = false;
        for (std::size_t i = 0; i < args.size(); ++i) any_english = any_english || english_half(v.text, i, args.size());
        if (any_english) {
          for (std::size_t i = 0; i < args.size(); ++i)
            if (!english_half(v.text, i, args.size())) process(f, args[i].first, args[i].second, mode);
          follow_function(v.text, mode, "", false, &f);
          k = c;
          continue;
        }
      }
      // An object whose member is used: the member is what is followed, unless the member only
      // hands out the object's text (out.str(), name.c_str(), text.substr(0, 200)).
      if (next && (is(*next, ".") || is(*next, "->")) && k + 2 < t.size() && !kTextAccessors.count(t[k + 2].text))
        continue;
      if (prev && (is(*prev, ".") || is(*prev, "->")) && kTextAccessors.count(v.text)) continue;
      if (prev && (is(*prev, ".") || is(*prev, "->")) && call)
        follow_function(v.text, mode, "", true, &f);  // a method: only one that returns text
      else if (prev && (is(*prev, ".") || is(*prev, "->")))
        follow_member(v.text, mode, &f, receiver_type(f, k));
      else if (call && prev && is(*prev, "::") && k >= 2 && t[k - 2].kind == Token::ident) {
        follow_function(v.text, mode, t[k - 2].text);  // counters::to_string: that namespace's
      } else if (call) {
        follow_function(v.text, mode, "", false, &f);
        if (!functions_.count(v.text)) follow_name(f, k, v.text, mode);  // a variable called: a lambda
      } else {
        follow_name(f, k, v.text, mode);
      }
    }
  }

  // Whether parameter `index` of every function `name` taking `arity` arguments is used, in its
  // body, only inside the first argument of memlab::bilingual() or english_part(): an English half.
  bool english_half(const std::string& name, std::size_t index, std::size_t arity) {
    const auto found = functions_.find(name);
    if (found == functions_.end()) return false;
    bool any = false;
    for (auto [file, fn] : found->second) {
      if (fn->params.size() != arity || index >= fn->params.size()) continue;
      const std::string& param = fn->params[index].first;
      const auto& t = file->t;
      std::vector<std::pair<std::size_t, std::size_t>> english;  // token ranges of English halves
      for (std::size_t k = fn->body_begin; k + 1 < fn->body_end; ++k) {
        if (t[k].kind != Token::ident || !is(t[k + 1], "(")) continue;
        if (t[k].text != "bilingual" && t[k].text != "english_part") continue;
        const auto args = split_args(t, k + 2, match_close(t, k + 1));
        if (!args.empty()) english.push_back(args[0]);
      }
      bool used = false;
      for (std::size_t k = fn->body_begin; k < fn->body_end; ++k) {
        if (t[k].kind != Token::ident || t[k].text != param) continue;
        const bool inside =
            std::any_of(english.begin(), english.end(), [&](auto r) { return r.first <= k && k < r.second; });
        if (!inside) return false;
        used = true;
      }
      if (!used) return false;
      any = true;
    }
    return any;
  }

  // A name used at token `k`: a parameter, a local, or a name of the file group.
  void follow_name(const File& f, std::size_t k, const std::string& name, Mode mode) {
    for (const Function* fn = f.enclosing(k); fn; fn = fn->body_begin ? f.enclosing(fn->body_begin) : nullptr) {
      for (std::size_t i = 0; i < fn->params.size(); ++i)
        if (fn->params[i].first == name) {
          if (fn->params[i].second) follow_parameter(*fn, i, mode);
          return;
        }
      bool local = false;
      for (const Def& d : plain_[name])
        if (d.file == &f && fn->body_begin < d.a && d.a < fn->body_end) {
          local = true;
          process(*d.file, d.a, d.b, mode);
        }
      if (local) return;
    }
    // A name of the file group; inside a class's function, maybe one of its members.
    bool in_member = false;
    for (const Function* fn = f.enclosing(k); fn; fn = f.enclosing(fn->body_begin)) in_member = in_member || fn->member;
    if (in_member)
      follow_member(name, mode, &f, member_class_at(f, k));
    else
      follow_global(name, mode);
  }

  bool first_time(const char* kind, const std::string& name, Mode mode) {
    return followed_.insert({kind, name, static_cast<int>(mode)}).second;
  }

  void follow_global(const std::string& name, Mode mode) {
    if (!first_time("global", name, mode)) return;
    const Step step(*this, "the name " + name);
    for (const Def& d : plain_[name])
      if (!d.in) process(*d.file, d.a, d.b, mode);
    follow_function(name, mode);
  }

  // A function's return values; with `scope`, only those of the functions in that namespace or
  // class; with `text_only`, only those of the functions declared to return text. Called from
  // `from` without a scope, the functions of that name in the caller's folder, when it has some,
  // are the ones meant (counters' describe(CUptiResult), not lab 08's describe(OccupancyLimits)).
  void follow_function(const std::string& name, Mode mode, const std::string& scope = "", bool text_only = false,
                       const File* from = nullptr) {
    if (kPlumbing.count(name)) return;
    std::string folder;
    if (from && scope.empty()) {
      folder = from->source->path.substr(0, from->source->path.rfind('/') + 1);
      bool here = false;
      for (auto [file, fn] : functions_[name]) here = here || file->source->path.compare(0, folder.size(), folder) == 0;
      if (!here) folder.clear();
    }
    if (!first_time(text_only ? "method" : "function", folder + scope + "::" + name, mode)) return;
    const Step step(*this, "the returns of " + folder + scope + "::" + name + "()");
    for (auto [file, fn] : functions_[name]) {
      if (!scope.empty() && std::find(fn->scopes.begin(), fn->scopes.end(), scope) == fn->scopes.end()) continue;
      if (!folder.empty() && file->source->path.compare(0, folder.size(), folder) != 0) continue;
      if (text_only && !fn->returns_text) continue;
      for (std::size_t k = fn->body_begin; k < fn->body_end; ++k)
        if (file->t[k].kind == Token::ident && file->t[k].text == "return" && file->enclosing(k) == fn)
          process(*file, k + 1, expression_end(file->t, k + 1), mode);
    }
  }

  // A member used in `from`: its assignments anywhere, what is named so at file scope, functions
  // of that name, and a parameter of that name that a function puts into a braced initialiser (a
  // setter, as PatternList::add(name, ...) fills Pattern::name). Members are followed by name, so
  // that the setters are looked for only in the folder of the file that uses the member: a
  // member's name is often as common as "name", and folders do not share their structs' setters.
  //
  // With the object's `type` known (work.name, work a TimedWork), only the assignments to objects
  // of that type, or of a type that cannot be read, and that class's own default are followed;
  // with it unknown, only the assignments in the folder of `from` (when given).
  void follow_member(const std::string& name, Mode mode, const File* from, const std::string& type = "") {
    const std::string folder = from ? from->source->path.substr(0, from->source->path.rfind('/') + 1) : "";
    const std::string where = type.empty() ? folder : type;
    if (first_time("member", where + "::" + name, mode)) {
      const Step step(*this, "the member " + where + "." + name);
      for (const Def& d : member_[name]) {
        if (type.empty() && !folder.empty() && d.file->source->path.compare(0, folder.size(), folder) != 0) continue;
        const std::string of = type.empty() ? "" : receiver_type(*d.file, d.name);
        if (of.empty() || of == type) process(*d.file, d.a, d.b, mode);
      }
      if (type.empty()) {
        follow_global(name, mode);
      } else {
        for (const Def& d : plain_[name])  // the class's default ("std::string reason = ...;")
          if (!d.in && class_at(*d.file, d.a) == type) process(*d.file, d.a, d.b, mode);
        follow_function(name, mode);
      }
    }
    if (!first_time("setter", folder + name, mode)) return;
    const Step step(*this, "the setters of ." + name + " in " + (folder.empty() ? "every folder" : folder));
    for (auto& [fname, list] : functions_)
      for (auto [file, fn] : list)
        for (std::size_t i = 0; i < fn->params.size(); ++i) {
          if (!folder.empty() && file->source->path.compare(0, folder.size(), folder) != 0) continue;
          if (fn->params[i].first != name || !fn->params[i].second) continue;
          const auto& t = file->t;
          for (std::size_t k = fn->body_begin + 1; k < fn->body_end; ++k) {
            if (t[k].kind != Token::ident || t[k].text != name) continue;
            std::size_t q = k - 1;
            int depth = 0;
            for (; q > fn->body_begin; --q) {
              if (closer(t[q])) ++depth;
              if (opener(t[q])) {
                if (depth == 0) {
                  if (is(t[q], "(") && t[q - 1].text == "move") continue;
                  break;
                }
                --depth;
              }
            }
            const Token& before = t[q - 1];
            if (is(t[q], "{") && (is(before, "(") || is(before, ",") || is(before, "=") || before.text == "return" ||
                                  (before.kind == Token::ident && before.text != "else" && before.text != "do" &&
                                   before.text != "try"))) {
              follow_parameter(*fn, i, mode);
              break;
            }
          }
        }
  }

  // A parameter: the matching argument of every call of its function.
  void follow_parameter(const Function& fn, std::size_t index, Mode mode) {
    if (fn.name.front() == '<' || kPlumbing.count(fn.name)) return;
    const auto address = reinterpret_cast<std::uintptr_t>(&fn);
    if (!first_time("parameter", fn.name + "#" + std::to_string(index) + "@" + std::to_string(address), mode)) return;
    const Step step(*this,
                    "parameter " + std::to_string(index) + " (" + fn.params[index].first + ") of " + fn.name + "()");
    for (auto [file, open] : calls_[fn.name]) {
      const auto& t = file->t;
      const std::size_t c = match_close(t, open);
      const auto args = split_args(t, open + 1, c);
      if (index < args.size()) process(*file, args[index].first, args[index].second, mode);
    }
  }
};

}  // namespace

ScanResult scan_report_texts(const std::vector<SourceText>& group) { return Walk(group).run(); }

}  // namespace memlab::test
