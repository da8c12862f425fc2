#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "memlab/check_text.h"
#include "memlab/manifest.h"
#include "memlab/report.h"
#include "memlab/report_language.h"
#include "memlab/report_words.h"

using namespace memlab;

namespace {

// The language chosen in an environment that holds exactly `variables`.
LanguageChoice choice_in(const std::map<std::string, std::string>& variables) {
  return choose_language([&](const char* name) -> const char* {
    auto it = variables.find(name);
    return it == variables.end() ? nullptr : it->second.c_str();
  });
}

Language language_in(const std::map<std::string, std::string>& variables) { return choice_in(variables).language; }

const char* kManifest = R"({"number":"99","name":"s","title":"Fixture","student_files":[],
  "zh":{"title":"样例"},
  "checks":[{"id":"both","suite":"cpu","kind":"correctness","gpu":false,"description":"exact","proves":"p","hint":"pad",
             "zh":{"description":"精确","proves":"证","hint":"加填充"}},
            {"id":"no_zh_hint","suite":"cpu","kind":"correctness","gpu":false,"description":"fast","proves":"p","hint":"swizzle",
             "zh":{"description":"快"}},
            {"id":"english_only","suite":"cpu","kind":"correctness","gpu":false,"description":"sectors",
             "proves":"p","hint":"coalesce"}]})";

CheckResult failed(const std::string& id, const std::string& description, const std::string& hint) {
  CheckResult r;
  r.id = id;
  r.suite = "cpu";
  r.verdict = Verdict::fail;
  r.description = description;
  r.hint = hint;
  r.measured_text = "32 wavefronts";
  r.required_text = "<= 1 wavefronts/instruction";
  return r;
}

}  // namespace

TEST_CASE("MEMLAB_LANG chooses the report's language, in its usual spellings") {
  for (const char* zh : {"zh", "zh_CN", "zh-Hans", "zh_CN.UTF-8", "ZH", "zh-CN", "zh_TW"}) {
    INFO(zh);
    CHECK(language_in({{"MEMLAB_LANG", zh}}) == Language::zh);
    CHECK(choice_in({{"MEMLAB_LANG", zh}}).warning.empty());
  }
  for (const char* en : {"en", "en_US", "en-GB", "EN", "en_US.UTF-8"}) {
    INFO(en);
    CHECK(language_in({{"MEMLAB_LANG", en}, {"LANG", "zh_CN.UTF-8"}}) == Language::en);  // wins over the locale
    CHECK(choice_in({{"MEMLAB_LANG", en}}).warning.empty());
  }
}

TEST_CASE("an unknown MEMLAB_LANG gives English and one warning line that names it") {
  for (const char* other : {"fr", "zhx", "chinese", "C", "z", "e"}) {
    INFO(other);
    const LanguageChoice c = choice_in({{"MEMLAB_LANG", other}, {"LANG", "zh_CN.UTF-8"}});
    CHECK(c.language == Language::en);
    CHECK(c.warning.find(std::string("MEMLAB_LANG=\"") + other + "\"") != std::string::npos);
    CHECK(c.warning.find('\n') == std::string::npos);
  }
}

TEST_CASE("without MEMLAB_LANG the locale decides: LC_ALL, then LC_MESSAGES, then LANG") {
  CHECK(language_in({}) == Language::en);
  CHECK(language_in({{"LANG", "C"}}) == Language::en);
  CHECK(language_in({{"LANG", "zh_CN.UTF-8"}}) == Language::zh);
  CHECK(language_in({{"LC_MESSAGES", "zh_CN.UTF-8"}, {"LANG", "en_US.UTF-8"}}) == Language::zh);
  CHECK(language_in({{"LC_MESSAGES", "en_US.UTF-8"}, {"LANG", "zh_CN.UTF-8"}}) == Language::en);
  CHECK(language_in({{"LC_ALL", "C"}, {"LANG", "zh_CN.UTF-8"}}) == Language::en);
  CHECK(language_in({{"LC_ALL", "zh_CN.UTF-8"}, {"LANG", "C"}}) == Language::zh);
  // Empty is unset, as for the C library; so is an empty MEMLAB_LANG.
  CHECK(language_in({{"LC_ALL", ""}, {"LANG", "zh_CN.UTF-8"}}) == Language::zh);
  CHECK(language_in({{"MEMLAB_LANG", ""}, {"LANG", "zh_CN.UTF-8"}}) == Language::zh);
  CHECK(choice_in({{"LANG", "fr_FR.UTF-8"}}).warning.empty());  // a locale is never warned about
  CHECK(std::string(language_code(Language::zh)) == "zh");
  CHECK(std::string(language_code(Language::en)) == "en");
}

TEST_CASE("report_language warns on the stream it is given") {
  std::ostringstream warnings;
  report_language(warnings);  // whatever the test's environment says: at most one line
  const std::string text = warnings.str();
  CHECK((text.empty() || (text.back() == '\n' && text.find('\n') == text.size() - 1)));
}

TEST_CASE("every fixed word of both languages is there and fills") {
  for (Language language : {Language::en, Language::zh}) {
    const ReportWords& w = report_words(language);
    INFO(language_code(language));
    std::vector<const char*> entries{w.measured,
                                     w.required,
                                     w.description,
                                     w.hint,
                                     w.lab_heading,
                                     w.graded_solution,
                                     w.graded_starter,
                                     w.graded_wrong,
                                     w.graded_other,
                                     w.thresholds,
                                     w.grading_tree,
                                     w.suite_heading,
                                     w.points_of.one,
                                     w.points_of.many,
                                     w.same_skip_reason,
                                     w.not_graded_see_contract,
                                     w.next,
                                     w.totals,
                                     w.files_written,
                                     w.next_fix_build,
                                     w.next_correctness_first,
                                     w.next_failed,
                                     w.next_undecided,
                                     w.next_all_passed,
                                     w.next_gpu_alone,
                                     w.next_gpu_after,
                                     w.contract_description,
                                     w.contract_hint_unbuildable,
                                     w.contract_hint_compile,
                                     w.contract_hint_violations,
                                     w.skipped,
                                     w.no_reason,
                                     w.output_measured,
                                     w.output_required,
                                     w.output_reason,
                                     w.points_moved,
                                     w.inconclusive_score,
                                     w.lab_not_graded,
                                     w.lab_line,
                                     w.lab_line_gradable,
                                     w.points.one,
                                     w.points.many,
                                     w.checks.one,
                                     w.checks.many,
                                     w.scoring_rule,
                                     w.skipped_here.one,
                                     w.skipped_here.many,
                                     w.none_skipped,
                                     w.inconclusive_rule,
                                     w.inconclusive_here.one,
                                     w.inconclusive_here.many,
                                     w.none_inconclusive,
                                     w.moved_here.one,
                                     w.moved_here.many};
    for (const char* t : w.tag) entries.push_back(t);
    for (const char* v : w.verdict) entries.push_back(v);
    for (const char* entry : entries) {
      REQUIRE(entry != nullptr);
      CAPTURE(entry);
      CHECK(std::string(entry).size() > 0);
      // Every {name} an entry uses is one the reports give (fmt throws for any other).
      CHECK_NOTHROW(fill(entry, fmt::arg("lab", "04"), fmt::arg("title", "t"), fmt::arg("graded", "g"),
                         fmt::arg("files", "f"), fmt::arg("dir", "d"), fmt::arg("text", "x"), fmt::arg("suite", "cpu"),
                         fmt::arg("points", "1"), fmt::arg("max", "2"), fmt::arg("passed", 1), fmt::arg("failed", 1),
                         fmt::arg("inconclusive", 0), fmt::arg("skipped", 0), fmt::arg("score", "1"),
                         fmt::arg("report", "r"), fmt::arg("gradescope", "g"), fmt::arg("id", "c"),
                         fmt::arg("value", "v"), fmt::arg("check", "c"), fmt::arg("reason", "r"),
                         fmt::arg("verdict", "fail"), fmt::arg("detail", "d"), fmt::arg("gradable", "1"),
                         fmt::arg("n", "1"), fmt::arg("checks", "1 check")));
    }
  }
  CHECK(std::string(report_words(Language::en).tag[0]) == "PASS");
  CHECK(std::string(report_words(Language::zh).tag[0]) == "通过");
}

TEST_CASE("a console line in Chinese: the fixed words and the row's own texts") {
  const CheckResult r = failed("column_read_conflict_free_model", "存储体模型预测的波前数", "换一个步长");
  const std::string zh = console_line(r, Language::zh);
  CHECK(zh.find("[未通过      ] column_read_conflict_free_model") != std::string::npos);  // CJK counts 2 columns
  CHECK(zh.find("实测 32 wavefronts") != std::string::npos);
  CHECK(zh.find("要求 <= 1 wavefronts/instruction") != std::string::npos);
  CHECK(zh.find("检查内容：存储体模型预测的波前数") != std::string::npos);
  CHECK(zh.find("提示：换一个步长") != std::string::npos);
  const std::string en = console_line(failed("c", "what", "pad"), Language::en);
  CHECK(en.find("[FAIL        ] c") != std::string::npos);
  CHECK(en.find("what it checks: what") != std::string::npos);
  CHECK(en.find("hint: pad") != std::string::npos);
  CHECK(console_line(failed("c", "what", "pad")) == en);  // English unless asked
}

TEST_CASE("rows take the manifest's Chinese, check by check and field by field, English where it has none") {
  const Manifest m = parse_manifest(kManifest, "x.json");
  std::vector<CheckResult> rows{failed("both", "exact", "pad"), failed("no_zh_hint", "fast", "swizzle"),
                                failed("english_only", "sectors", "coalesce"),
                                failed("submission_contract", "the report's own row", "its own hint")};
  std::vector<CheckResult> zh = rows;
  translate_rows(zh, m, Language::zh);
  CHECK(zh[0].description == "精确");
  CHECK(zh[0].hint == "加填充");
  CHECK(zh[1].description == "快");
  CHECK(zh[1].hint == "swizzle");  // no Chinese hint: the English one
  CHECK(zh[2].description == "sectors");
  CHECK(zh[2].hint == "coalesce");
  CHECK(zh[3].description == "the report's own row");  // not a check of the manifest: untouched
  std::vector<CheckResult> en = rows;
  translate_rows(en, m, Language::en);
  for (size_t i = 0; i < rows.size(); ++i) {
    CHECK(en[i].description == rows[i].description);
    CHECK(en[i].hint == rows[i].hint);
  }
  CHECK(lab_title(m, Language::zh) == "样例");
  CHECK(lab_title(m, Language::en) == "Fixture");
  CHECK(check_description(*m.find("english_only"), Language::zh) == "sectors");
  CHECK(check_hint(*m.find("both"), Language::zh) == "加填充");
}
