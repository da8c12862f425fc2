// course.chinese_texts: every text the report can print in Chinese holds no English sentence
// (english_sentence.h), so that a student can do the whole course in Chinese. It walks
//   - the "zh" texts of every lab.json, and of the template a new lab starts from;
//   - the report's fixed words in Chinese (report_words) and the texts made from them: the
//     containment line, the left-behind reason, the units, the gap rule's targets and its rule;
//   - the C++ sources that make the checks' texts (report_text_scan.h): the checker's library and
//     tools that write reports, the hardware-counter and recorder libraries, each lab's check
//     program and the new-lab template, and the submission contract (memlab-contract, whose
//     violations and errors the report quotes): every Chinese half of memlab::bilingual(), and
//     every literal that reaches a report without a Chinese half, GPU paths included;
//   - the "zh" texts of every lab's contract.json (the reasons of its forbidden headers).
// course.chinese_report, beside it, reads the whole Chinese report of lab 01 graded here.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "english_sentence.h"
#include "memlab/gap_rule.h"
#include "memlab/manifest.h"
#include "memlab/report_words.h"
#include "report_text_scan.h"

namespace fs = std::filesystem;
using memlab::test::english_sentence;
using memlab::test::scan_report_texts;
using memlab::test::SourceText;
using memlab::test::TextFinding;

namespace {

const fs::path kRoot = MEMLAB_SOURCE_DIR;

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string course_path(const fs::path& path) { return fs::relative(path, kRoot).generic_string(); }

// The lab folders (labs/NN-name), in order.
std::vector<fs::path> lab_folders() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(kRoot / "labs"))
    if (e.is_directory() && fs::exists(e.path() / "lab.json")) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

bool has_extension(const fs::path& p, std::initializer_list<const char*> extensions) {
  const std::string name = p.filename().string();
  for (const char* e : extensions)
    if (name.size() > std::strlen(e) && name.compare(name.size() - std::strlen(e), std::string::npos, e) == 0)
      return true;
  return false;
}

// Files directly in `folder` (or below it, with `recursive`) whose names end in one of `extensions`.
std::vector<fs::path> files_in(const fs::path& folder, std::initializer_list<const char*> extensions,
                               bool recursive = false) {
  std::vector<fs::path> out;
  if (!fs::exists(folder)) return out;
  auto take = [&](const fs::directory_entry& e) {
    if (e.is_regular_file() && has_extension(e.path(), extensions)) out.push_back(e.path());
  };
  if (recursive)
    for (const auto& e : fs::recursive_directory_iterator(folder)) take(e);
  else
    for (const auto& e : fs::directory_iterator(folder)) take(e);
  std::sort(out.begin(), out.end());
  return out;
}

// Sources whose exceptions do not reach a report although they run in a check program: they end
// the program before any check, or they read files that the course's own programs wrote.
const std::map<std::string, std::string> kThrowsEndTheProgram{
    {"checker/core/src/manifest.cpp", "lab.json and the instructor's overrides: the program stops before any check"},
    {"checker/core/src/result_files.cpp", "the results folder: memlab-report and the judge stop on the console"},
    {"checker/core/src/verdict.cpp", "a comparison of lab.json, read before any check"},
    {"checker/core/src/measurement_record.cpp", "the records the check program itself wrote, read by the judge"},
    {"checker/core/src/build_status.cpp", "the build status file, read by memlab-report"},
};

// Sources among those below that make no report text, and whose names would lead the walk astray.
const std::map<std::string, std::string> kNotReportSources{
    {"checker/core/include/memlab/section_fingerprints.h",
     "the translation stamps of the course's pages (memlab-site)"},
    {"checker/counters/src/validate.cpp",
     "counters::validate_metric_names, the course's check of its metric names (its tests and tools only)"},
    {"checker/contract/src/baseline_gen.cpp",
     "contract_baseline_gen, which asks the compilers for the include baseline when the course is built"},
    {"checker/contract/src/symbol_names.cpp",
     "the contract's names read from the mangling (demangled symbols, scopes such as \"(anonymous namespace)\"): "
     "code names, never sentences; the walk reaches them through the argument of reserved_scope(outer_scope(...))"},
};

// The checker's sources that make report text. Not walked: the instructor's commands
// (checker/tools/course: their output is for the instructor), memlab-report's tables for the
// course's pages (checker/report/ other than the report's own text), the site and the
// benchmarks. The submission contract is walked in a group of its own (contract_sources).
std::vector<SourceText> checker_sources() {
  std::vector<fs::path> paths;
  for (const char* folder :
       {"checker/text/src", "checker/text/include/memlab", "checker/core/src", "checker/core/include/memlab",
        "checker/record", "checker/record/include/memlab", "checker/measure/src", "checker/measure/include/memlab",
        "checker/counters/src", "checker/counters/include/memlab", "checker/judge"}) {
    // A folder that moved away would be walked as empty, and its texts never read.
    if (!fs::is_directory(kRoot / folder)) throw std::runtime_error(std::string("no folder ") + folder);
    for (const auto& p : files_in(kRoot / folder, {".cpp", ".cu", ".h"})) paths.push_back(p);
  }
  for (const char* file :
       {"checker/report/memlab_report.cpp", "checker/report/report_text.cpp", "checker/report/report_text.h",
        "checker/report/gradescope_results.cpp", "checker/report/gradescope_results.h"})
    paths.push_back(kRoot / file);
  std::vector<SourceText> out;
  for (const auto& p : paths) {
    SourceText s{course_path(p), read(p), true};
    if (kNotReportSources.count(s.path)) continue;
    // memlab-judge and memlab-report: their exceptions stop them on the console, in no report.
    const bool tool = s.path.rfind("checker/judge/", 0) == 0 || s.path.rfind("checker/report/", 0) == 0;
    s.throws_reach_report = !tool && !kThrowsEndTheProgram.count(s.path);
    out.push_back(std::move(s));
  }
  return out;
}

// The submission contract (memlab-contract): another program, whose violations and error reach
// the report through its result.json and the judge's build status. Its own group: names are not
// followed from it into the checker. Its exceptions reach the report (result.json's error).
std::vector<SourceText> contract_sources() {
  std::vector<SourceText> out;
  for (const auto& p : files_in(kRoot / "checker/contract/src", {".cpp", ".h"})) {
    SourceText s{course_path(p), read(p), true};
    if (kNotReportSources.count(s.path)) continue;
    out.push_back(std::move(s));
  }
  return out;
}

// A lab's check program: every C++ file of its folder but the student's own (lab.json's
// student_files, which the starter and the student write).
std::vector<SourceText> lab_sources(const fs::path& lab) {
  const memlab::Manifest m = memlab::parse_manifest(read(lab / "lab.json"), course_path(lab / "lab.json"));
  std::vector<SourceText> out;
  for (const auto& p : files_in(lab, {".cpp", ".cu", ".h"})) {
    const std::string name = p.filename().string();
    if (std::find(m.student_files.begin(), m.student_files.end(), name) != m.student_files.end()) continue;
    out.push_back({course_path(p), read(p), true});
  }
  return out;
}

// The new-lab template's check program (checker/templates/lab), as a new lab gets it.
std::vector<SourceText> template_sources() {
  std::vector<SourceText> out;
  for (const char* name :
       {"check.cpp.in", "student_proxy.cpp.in", "student_proxy.h.in", "student_recorder.cpp.in", "lab.h.in"}) {
    const fs::path p = kRoot / "checker/templates/lab" / name;
    if (fs::exists(p)) out.push_back({course_path(p), read(p), true});
  }
  return out;
}

// Every string under a "zh" key of `j`, with where it is ("checks[3].zh.hint").
void chinese_strings(const nlohmann::json& j, const std::string& where, bool in_zh,
                     std::vector<std::pair<std::string, std::string>>& out) {
  if (j.is_string() && in_zh) out.emplace_back(where, j.get<std::string>());
  if (j.is_object())
    for (const auto& [key, value] : j.items())
      chinese_strings(value, where.empty() ? key : where + "." + key, in_zh || key == "zh", out);
  if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) chinese_strings(j[i], where + "[" + std::to_string(i) + "]", in_zh, out);
}

// A text on one line: its line breaks written \n.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\\n") : std::string(1, c);
  return out;
}

std::string listed(const std::vector<TextFinding>& findings) {
  std::string out;
  for (const auto& f : findings)
    out += fmt::format(
        "  {}:{}: {} \"{}\" (English: \"{}\")\n", f.path, f.line,
        f.chinese ? "English in a Chinese text:" : "reaches the report in English only:", one_line(f.text), f.phrase);
  return out;
}

// Every entry of the report's fixed words: the table is made of const char* alone (entries,
// arrays of them, and Plural's two), so it is read as an array of them.
std::vector<const char*> every_entry(const memlab::ReportWords& w) {
  static_assert(sizeof(memlab::ReportWords) % sizeof(const char*) == 0);
  static_assert(std::is_trivially_copyable_v<memlab::ReportWords>);
  std::vector<const char*> out(sizeof(memlab::ReportWords) / sizeof(const char*));
  std::memcpy(out.data(), &w, sizeof(memlab::ReportWords));
  return out;
}

}  // namespace

TEST_CASE("an English sentence: two words of letters in a row, one of them lowercase") {
  for (const char* english :
       {"1260 cases exact", "no NVIDIA driver", "the GPU", "Landlock ABI cannot close", "第一个：lane i -> 第 3 行",
        "Here no check", "还有 rows x cols 的窗口", "a b\n第二行 not ok"})
    CHECK_MESSAGE(!english_sentence(english).empty(), english);
  for (const char* chinese :
       {"1260 个组合都正确", "`coalesced_exact` 通过", "coalesced_exact 通过", "见 docs/setup.zh.md", "CUDA GPU",
        "Landlock ABI 7", "H200 的 SM 数 × 32 个 bank", "`half tile[64][65]` 仍有冲突", "用 warp shuffle 归约",
        "第 i 个 lane 读取 s[i]", "n = 0..9、x 和 y", "half-warp 的 lane", "4.41 倍（95 % CI 4.40x-4.42x）",
        "1x1 到 1025x2047", "grid.x 和 grid.y", ""})
    CHECK_MESSAGE(english_sentence(chinese).empty(), chinese);
  CHECK(english_sentence("用 warp 指令，但 the rest 不是") == "the rest");
  CHECK(english_sentence("`a` is code") == "is code");  // only what is between the backticks is code
}

TEST_CASE("every Chinese text of every lab.json has no English sentence") {
  std::vector<fs::path> manifests;
  for (const auto& lab : lab_folders()) manifests.push_back(lab / "lab.json");
  manifests.push_back(kRoot / "checker/templates/lab/lab.json.in");  // a new lab's, as it starts
  REQUIRE(manifests.size() > 1);
  std::size_t texts = 0;
  std::string english;
  for (const auto& path : manifests) {
    std::vector<std::pair<std::string, std::string>> strings;
    chinese_strings(nlohmann::json::parse(read(path)), "", false, strings);
    CHECK_MESSAGE(!strings.empty(), course_path(path), " has no \"zh\" text");
    for (const auto& [where, text] : strings) {
      ++texts;
      const std::string phrase = english_sentence(text);
      if (!phrase.empty())
        english += fmt::format("  {} {}: \"{}\" (English: \"{}\")\n", course_path(path), where, one_line(text), phrase);
    }
  }
  MESSAGE(texts, " Chinese texts in ", manifests.size(), " lab.json files");
  CHECK_MESSAGE(english.empty(), "English sentences in Chinese texts of lab.json:\n", english);
}

// A contract.json's Chinese: the reasons of its forbidden headers, which a violation ends with
// (memlab-contract requires each in English and Chinese).
TEST_CASE("every Chinese text of every contract.json has no English sentence") {
  std::size_t texts = 0;
  std::string english;
  for (const auto& lab : lab_folders()) {
    const fs::path path = lab / "contract.json";
    std::vector<std::pair<std::string, std::string>> strings;
    chinese_strings(nlohmann::json::parse(read(path)), "", false, strings);
    for (const auto& [where, text] : strings) {
      ++texts;
      const std::string phrase = english_sentence(text);
      if (!phrase.empty())
        english += fmt::format("  {} {}: \"{}\" (English: \"{}\")\n", course_path(path), where, one_line(text), phrase);
    }
  }
  MESSAGE(texts, " Chinese texts in the labs' contract.json files");
  CHECK(texts > 0);  // lab 08 refuses cuda_occupancy.h, with its reason
  CHECK_MESSAGE(english.empty(), "English sentences in Chinese texts of contract.json:\n", english);
}

TEST_CASE("the report's fixed words in Chinese, and the texts made from them, have no English sentence") {
  using memlab::Language;
  std::vector<std::pair<std::string, std::string>> texts;  // what, text
  const auto entries = every_entry(memlab::report_words(Language::zh));
  for (std::size_t i = 0; i < entries.size(); ++i) {
    REQUIRE(entries[i] != nullptr);
    texts.emplace_back(fmt::format("report_words(zh), entry {}", i), entries[i]);
  }
  for (bool contained : {false, true})
    for (int abi : {0, 1, 3, 4, 5, 6, 7})
      for (bool seccomp : {false, true})
        texts.emplace_back(fmt::format("containment_text({}, {}, {})", contained, abi, seccomp),
                           memlab::containment_text(contained, abi, seccomp, Language::zh));
  texts.emplace_back("left_behind_text", memlab::left_behind_text("4242 (sh)", Language::zh));
  for (const auto& lab : lab_folders()) {
    const memlab::Manifest m = memlab::load_manifest(lab.string());
    for (const auto& c : m.checks) {
      if (!c.unit.empty()) texts.emplace_back("unit_in_chinese(\"" + c.unit + "\")", memlab::unit_in_chinese(c.unit));
      if (c.required)
        texts.emplace_back(c.id + ": required", memlab::format_quantity(*c.required, memlab::unit_in_chinese(c.unit)));
      if (c.gap_rule) {
        texts.emplace_back(c.id + ": target_in_chinese(\"" + c.gap_rule->target + "\")",
                           memlab::target_in_chinese(c.gap_rule->target));
        texts.emplace_back(c.id + ": describe_gap_rule_zh", memlab::describe_gap_rule_zh(*c.gap_rule));
      }
    }
  }
  std::string english;
  for (const auto& [what, text] : texts) {
    const std::string phrase = english_sentence(text);
    if (!phrase.empty()) english += fmt::format("  {}: \"{}\" (English: \"{}\")\n", what, one_line(text), phrase);
  }
  MESSAGE(texts.size(), " fixed and made texts");
  CHECK_MESSAGE(english.empty(), "English sentences in the report's Chinese words:\n", english);
}

TEST_CASE("every text the sources put into a report has a Chinese form without an English sentence") {
  std::vector<std::pair<std::string, std::vector<SourceText>>> groups{{"the checker", checker_sources()}};
  for (const auto& lab : lab_folders()) {
    std::vector<SourceText> group = checker_sources();
    for (auto& s : lab_sources(lab)) group.push_back(std::move(s));
    groups.emplace_back(course_path(lab), std::move(group));
  }
  std::vector<SourceText> new_lab = checker_sources();
  for (auto& s : template_sources()) new_lab.push_back(std::move(s));
  groups.emplace_back("checker/templates/lab", std::move(new_lab));
  groups.emplace_back("checker/contract", contract_sources());

  std::map<std::string, TextFinding> findings;  // one per literal, over all groups
  std::set<std::string> checked;
  std::size_t files = 0;
  for (const auto& [name, group] : groups) {
    INFO(name);
    REQUIRE(group.size() > 20);
    files = std::max(files, group.size());
    const memlab::test::ScanResult r = scan_report_texts(group);
    for (const auto& f : r.findings) findings.emplace(fmt::format("{}:{:06}:{}", f.path, f.line, f.text), f);
    checked.insert(r.checked.begin(), r.checked.end());
  }
  std::vector<TextFinding> all;
  for (auto& [key, f] : findings) all.push_back(f);
  MESSAGE(checked.size(), " literals on the report's paths read, in ", groups.size(), " groups of sources");
  // A walk that reads few texts has lost its way (a renamed entrance, a parser change).
  CHECK(checked.size() > 800);
  CHECK_MESSAGE(all.empty(), all.size(),
                " texts reach the Chinese report with English sentences; give each a "
                "Chinese half (memlab::bilingual(en, zh), memlab::join_bilingual for pieces):\n",
                listed(all));
}

// The scan on small sources: what it must find, and what it must leave alone.
TEST_CASE("the scan finds English on the report's paths, and only there") {
  using V = std::vector<std::string>;
  const auto phrases = [](const std::string& code) {
    const auto r = scan_report_texts({{"x.cpp", "#include <memlab/checker.h>\nnamespace {\n" + code + "\n}\n", true}});
    V out;
    for (const auto& f : r.findings) out.push_back((f.chinese ? "zh: " : "en: ") + f.phrase);
    std::sort(out.begin(), out.end());
    return out;
  };
  // Straight into an entrance, through fmt::format, a local, a helper's return, a parameter, a
  // member and the function that fills it, an exception, a file-scope constant.
  CHECK(phrases(R"(void a() { memlab::skip_check(id, "no GPU here"); })") == V{"en: no GPU"});
  CHECK(phrases(R"(void a() { skip_check(id, fmt::format("{} cases exact", n)); })") == V{"en: cases exact"});
  CHECK(phrases(R"(void a() { std::string why = "the kernel"; why += " hangs badly"; fail_check(id, why); })") ==
        V{"en: hangs badly", "en: the kernel"});
  CHECK(phrases(R"(std::string why(int n) { return n ? "too slow" : "ok"; }
                   void a() { expect_true(id, false, why(3)); })") == V{"en: too slow"});
  CHECK(phrases(R"(void say(const std::string& text) { report_fatal(text); }
                   void a() { say("it hangs"); })") == V{"en: it hangs"});
  CHECK(phrases(R"(void a() { Row r; r.detail = "not graded here"; })") == V{"en: not graded"});
  CHECK(phrases(R"(void a() { throw std::runtime_error("cannot read it"); })") == V{"en: cannot read"});
  CHECK(phrases(R"(struct P { std::string name; };
                   void add(std::string name) { list.push_back({std::move(name), 1}); }
                   void a() { add("lane i reads"); }
                   void b(const P& p) { skip_check(id, p.name); })") == V{"en: lane i"});
  CHECK(phrases(R"(const char* const kWhy = "the work left its stream";
                   void a() { fail_check(id, kWhy); })") == V{"en: the work"});
  // The submission contract's violations: what is added to a Violations, and the pieces of it.
  CHECK(phrases(R"x(const std::string kWhy = "runs before main";
                   void c(const F& f, Violations& out) { out.push_back(f.display + " has it (" + kWhy + ")"); }
                   void d(std::vector<std::string>& names) { names.push_back("not a report text"); })x") ==
        V{"en: has it", "en: runs before"});
  // A Chinese half with English, directly or through a variable.
  CHECK(phrases(R"(void a() { std::string zh = "全部 cases exact"; skip_check(id, memlab::bilingual("all", zh)); })") ==
        V{"zh: cases exact"});
  CHECK(phrases(R"(const std::string t = memlab::bilingual("a b", "甲 and then 乙");)") == V{"zh: and then"});
  // Left alone: the English half, the console, doctest, a literal searched for, code names, a
  // value that is no text, English that goes nowhere near a report, a course bug.
  CHECK(phrases(R"(void a() {
      skip_check(id, memlab::bilingual(fmt::format("{} cases exact", n), fmt::format("{} 个组合正确", n)));
      skip_check(id, memlab::join_bilingual({memlab::bilingual("no GPU: ", "没有 GPU："), reason}));
      const std::string shown = [&] {
        std::cout << "measured the kernel\n";
        std::printf("the kernel %d\n", 3);
        REQUIRE_MESSAGE(ok, "course bug: the table is short");
        return std::string("甲");
      }();
      fail_check(id, shown);
      skip_check(id, detail.rfind("needs a CUDA GPU", 0) == 0 ? shown : detail);
      fail_check(id, "coalesced_exact: out[3] != 4.0");
      LinePlot plot{"stride between lanes"};
      skip_check(id, plot);
      const std::string heading = "Resident blocks per SM";
      std::cout << heading;
    }
    void b() { throw std::logic_error("the manifest disagrees"); })")
            .empty());
}
