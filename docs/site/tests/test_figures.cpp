#include "bank_explorer.hpp"
#include "bank_explorer_labels.hpp"
#include "figure_assets.hpp"
#include "memory_figures.hpp"
#include "sweep_plot.hpp"

#include "support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <stdexcept>

using namespace memlab::site::figures;
using memlab::site::Language;
using memlab::site::test::contains;

namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

const nlohmann::json& tile(const nlohmann::json& data, const std::string& id) {
  for (const auto& t : data["tiles"]) {
    if (t["id"] == id) return t;
  }
  throw std::logic_error("no tile " + id);
}

// The text of the page's <script type="application/json" id="ID">, parsed.
nlohmann::json script_json(const std::string& page, const std::string& id) {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const size_t start = page.find(open);
  if (start == std::string::npos) throw std::logic_error("no script element " + id);
  const size_t end = page.find("</script>", start);
  return nlohmann::json::parse(page.substr(start + open.size(), end - start - open.size()));
}

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// What a reader of the page sees, in lower case: its text outside <script> and <style>, its
// aria-label and title attributes, and the texts of the labels its script draws with (their
// {name}s aside).
std::string visible_text(const std::string& page, const nlohmann::json& labels) {
  // By hand: std::regex recurses per character, too deep for the page's inline script.
  std::string no_code;
  for (size_t at = 0; at < page.size();) {
    const size_t script = page.find("<script", at);
    const size_t style = page.find("<style", at);
    const size_t start = std::min(script, style);
    no_code += page.substr(at, start - at);
    if (start == std::string::npos) break;
    const std::string close = start == script ? "</script>" : "</style>";
    const size_t end = page.find(close, start);
    if (end == std::string::npos) throw std::logic_error("an element " + close + " does not close");
    no_code += " ";
    at = end + close.size();
  }
  std::string text;
  const std::regex attribute(R"re(\b(aria-label|title)="([^"]*)")re");
  for (std::sregex_iterator it(no_code.begin(), no_code.end(), attribute), end; it != end; ++it) {
    text += (*it)[2].str() + "\n";
  }
  text += std::regex_replace(no_code, std::regex("<[^>]*>"), " ") + "\n";
  const std::regex placeholder(R"(\{\w+\})");  // filled in by the script, not shown
  for (const auto& item : labels.items())
    text += std::regex_replace(item.value().get<std::string>(), placeholder, " ") + "\n";
  return lower(text);
}

// The English words (3 letters or more, lower case) of the English table's texts, leaving out
// the words the Chinese text keeps: code, names, and the terms that stay in English in Chinese
// text (docs/glossary.zh.md).
std::set<std::string> english_label_words() {
  const std::set<std::string> kept = {"gcd",  "float", "swizzle", "javascript", "bank",
                                      "lane", "warp",  "tile",    "wavefront"};
  std::set<std::string> words;
  for (const auto& label : explorer_labels(Language::en)) {
    std::string text = std::regex_replace(std::string(label.text), std::regex(R"(<[^>]*>|\{\w+\})"), " ");
    const std::regex word("[A-Za-z]{3,}");
    for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it) {
      const std::string found = lower(it->str());
      if (!kept.count(found)) words.insert(found);
    }
  }
  return words;
}

bool has_word(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(text[at - 1]));
    const size_t after = at + word.size();
    const bool ends = after == text.size() || !std::isalpha(static_cast<unsigned char>(text[after]));
    if (starts && ends) return true;
  }
  return false;
}

// The {name}s of a label text.
std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> names;
  const std::string copy(text);
  const std::regex name(R"(\{(\w+)\})");
  for (std::sregex_iterator it(copy.begin(), copy.end(), name), end; it != end; ++it) names.insert((*it)[1].str());
  return names;
}

// The script without its comments (a "//" after a space or at a line's start, and /* */).
std::string script_code() {
  std::string js(memlab::site::assets::bank_explorer_js);
  js = std::regex_replace(js, std::regex(R"(/\*[^]*?\*/)"), " ");
  return std::regex_replace(js, std::regex(R"((^|[ \t])//[^\n]*)"), "$1");
}

}  // namespace

TEST_CASE("the bank explorer's data are the bank model's answers") {
  const nlohmann::json data = bank_explorer_data();
  REQUIRE(data["strides"].size() == kExplorerMaxStride);
  CHECK(data["strides"][0]["wavefronts"] == 1);    // stride 1
  CHECK(data["strides"][1]["wavefronts"] == 2);    // stride 2
  CHECK(data["strides"][31]["wavefronts"] == 32);  // stride 32
  CHECK(data["strides"][32]["wavefronts"] == 1);   // stride 33
  CHECK(data["strides"][5]["ways"] == 2);          // stride 6: gcd(6, 32)

  CHECK(tile(data, "plain")["column_reads"][0]["wavefronts"] == 32);
  CHECK(tile(data, "padded")["column_reads"][0]["wavefronts"] == 1);
  CHECK(tile(data, "swizzled")["column_reads"][17]["wavefronts"] == 1);
  CHECK(tile(data, "swizzled")["row_writes"][5]["wavefronts"] == 1);
  CHECK(tile(data, "plain")["element_banks"][7][3] == 3);           // bank c for every row
  CHECK(tile(data, "padded")["element_banks"][7][3] == 10);         // (r + c) % 32
  CHECK(tile(data, "swizzled")["element_banks"][7][3] == (7 ^ 3));  // c ^ r

  // Lane 5 of stride 2 reads byte 40: word 10, bank 10.
  CHECK(data["strides"][1]["lanes"][5] == nlohmann::json::array({40, 10, 10}));
}

TEST_CASE("the bank explorer page keeps its script data inside its script element") {
  const std::string page = bank_explorer_page("Course");
  CHECK(contains(page, "<article class=\"markdown-body\">"));
  CHECK(contains(page, "id=\"bank-explorer-data\""));
  CHECK(count(page, "</script>") == 3);  // the labels, the data and the script, nothing inside them
  CHECK(page.find("id=\"bank-explorer\"") > page.find("</article>"));  // the figure is outside the article
}

TEST_CASE("the bank explorer page links the course home, outside its article") {
  const std::string page = bank_explorer_page("Course");
  const std::string home = "<header class=\"page-home\"><a class=\"brand\" href=\"../index.html\">Course</a></header>";
  REQUIRE(contains(page, home));
  CHECK(page.find(home) < page.find("<article"));  // the browser check compares the article with the file
  CHECK(contains(page, "body.embedded .markdown-body, body.embedded .page-footer, body.embedded .page-home"));

  // The Chinese page links the Chinese home, from the same folder.
  const std::string zh = bank_explorer_page("Course", Language::zh);
  const std::string zh_home =
      "<header class=\"page-home\"><a class=\"brand\" href=\"../index.zh.html\">Course</a></header>";
  REQUIRE(contains(zh, zh_home));
  CHECK(zh.find(zh_home) < zh.find("<article"));
}

TEST_CASE("the bank explorer's two label tables have the same keys and placeholders") {
  const ExplorerLabels english = explorer_labels(Language::en);
  const ExplorerLabels chinese = explorer_labels(Language::zh);
  REQUIRE(english.count == chinese.count);
  std::set<std::string_view> keys;
  for (size_t i = 0; i < english.count; ++i) {
    const ExplorerLabel& en = english.first[i];
    const ExplorerLabel& zh = chinese.first[i];
    CAPTURE(en.key);
    CHECK(en.key == zh.key);
    CHECK(keys.insert(en.key).second);  // no key twice
    CHECK_FALSE(en.text.empty());
    CHECK_FALSE(zh.text.empty());
    CHECK(placeholders(en.text) == placeholders(zh.text));
    if (en.key != "axis.bank") CHECK(en.text != zh.text);  // every label is translated; "bank" stays in English
  }
  CHECK(explorer_label(Language::zh, "wavefronts.other") == "{n} 个 wavefront");
  CHECK(explorer_label(Language::en, "wavefronts.one") == "{n} wavefront");
  CHECK(explorer_label(Language::en, "wavefronts.other") == "{n} wavefronts");
  CHECK_THROWS_AS(explorer_label(Language::en, "no.such.label"), std::logic_error);

  // The script's labels are all but the page's own; the page keeps its code as it is.
  const nlohmann::json labels = bank_explorer_labels(Language::zh);
  CHECK_FALSE(labels.contains("page.intro"));
  CHECK(labels.size() + 4 == chinese.count);
  CHECK(labels["tile.swizzled"] == "异或 swizzle");
}

TEST_CASE("the bank explorer's script takes every word it shows from the labels") {
  const std::string js = script_code();
  const nlohmann::json english = bank_explorer_labels(Language::en);
  const nlohmann::json chinese = bank_explorer_labels(Language::zh);

  // Every label the script asks for is in both tables: each "key.like.this" literal of the
  // script, count("key") (key.one, key.other), and "tile." + the id of each tile.
  std::set<std::string> used;
  const std::regex dotted(R"re("([a-z]+(\.[a-z]+)+)")re");
  for (std::sregex_iterator it(js.begin(), js.end(), dotted), end; it != end; ++it) used.insert((*it)[1].str());
  const std::regex counted(R"re(\bcount\("([\w.]+)")re");
  std::set<std::string> count_keys;
  for (std::sregex_iterator it(js.begin(), js.end(), counted), end; it != end; ++it) {
    count_keys.insert((*it)[1].str());
    used.insert((*it)[1].str() + ".one");
    used.insert((*it)[1].str() + ".other");
  }
  for (const auto& base : count_keys) used.erase(base);  // "cell.title" is a count's
  for (const auto& base : count_keys) used.erase(base);  // "cell.title" is a count's
  const nlohmann::json data = bank_explorer_data();
  for (const auto& t : data["tiles"]) used.insert("tile." + t["id"].get<std::string>());
  REQUIRE(count_keys.size() == 3);
  for (const auto& key : used) {
    CAPTURE(key);
    CHECK(english.contains(key));
    CHECK(chinese.contains(key));
  }
  // And every label is used.
  for (const auto& item : english.items()) {
    CAPTURE(item.key());
    CHECK(used.count(item.key()));
  }

  // No English text of the labels is left in the script (its keys aside).
  std::string code = js;
  used.insert(count_keys.begin(), count_keys.end());
  for (const auto& key : used) {
    code = std::regex_replace(code, std::regex("\"" + std::regex_replace(key, std::regex(R"(\.)"), R"(\.)") + "\""),
                              "\"\"");
  }
  const std::regex placeholder(R"(\{\w+\})");
  for (const auto& item : english.items()) {
    const std::string text = item.value().get<std::string>();
    std::sregex_token_iterator it(text.begin(), text.end(), placeholder, -1), end;
    for (; it != end; ++it) {
      const std::string piece = std::regex_replace(it->str(), std::regex(R"(^\s+|\s+$)"), "");
      if (!std::regex_search(piece, std::regex("[A-Za-z]{3,}"))) continue;
      CAPTURE(piece);
      CHECK_FALSE(contains(code, "\"" + piece + "\""));
      CHECK_FALSE(contains(code, "\"" + piece + " "));
      if (std::regex_search(piece, std::regex("[A-Za-z]{2,}\\s+[A-Za-z]{2,}"))) CHECK_FALSE(contains(code, piece));
    }
  }
}

TEST_CASE("the Chinese bank explorer page is in Chinese, and each page links the other") {
  const std::string zh = bank_explorer_page("课程", Language::zh);
  const std::string en = bank_explorer_page("Course", Language::en);
  CHECK(bank_explorer_site_path(Language::en) == "figures/bank-conflicts.html");
  CHECK(bank_explorer_site_path(Language::zh) == "figures/bank-conflicts.zh.html");

  CHECK(contains(zh, "<html lang=\"zh-Hans\">"));
  CHECK(contains(en, "<html lang=\"en\">"));
  CHECK(contains(zh, "<title>bank 冲突：交互演示 \xE2\x80\x94 课程</title>"));
  CHECK(contains(zh, "<h1>bank 冲突：交互演示</h1>"));
  CHECK(contains(zh, "aria-label=\"bank 冲突交互图\""));
  CHECK(contains(zh,
                 "<p class=\"explorer-fallback\">交互图需要 JavaScript；课程页面上的 bank 表展示的是同一个模型。</p>"));
  CHECK(contains(en, "aria-label=\"Bank-conflict explorer\""));
  CHECK(contains(en, "<p class=\"explorer-fallback\">The explorer needs JavaScript;"));

  // The other language: the <link rel=alternate> and the switch above the article, in the same folder.
  CHECK(contains(zh, "<link rel=\"alternate\" hreflang=\"en\" href=\"bank-conflicts.html\">"));
  CHECK(contains(
      zh, "<p class=\"lang-switch\"><a href=\"bank-conflicts.html\" hreflang=\"en\" lang=\"en\">English</a></p>"));
  CHECK(contains(en, "<link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"bank-conflicts.zh.html\">"));
  CHECK(contains(en,
                 "<p class=\"lang-switch\"><a href=\"bank-conflicts.zh.html\" hreflang=\"zh-Hans\" "
                 "lang=\"zh-Hans\">中文</a></p>"));
  // The switch is frame, not article: the browser check compares the article with the file.
  CHECK(zh.find("class=\"lang-switch\"") < zh.find("<article"));
  CHECK(contains(zh, "body.embedded .lang-switch"));  // hidden inside the banks page's iframe

  // The labels, as JSON, in each page's language; the data are the same.
  CHECK(script_json(zh, "bank-explorer-labels") == bank_explorer_labels(Language::zh));
  CHECK(script_json(en, "bank-explorer-labels") == bank_explorer_labels(Language::en));
  CHECK(script_json(zh, "bank-explorer-labels")["verdict.conflict"] == "{wavefronts}，{ways} 路 bank 冲突");
  CHECK(script_json(zh, "bank-explorer-data") == script_json(en, "bank-explorer-data"));
  CHECK(contains(zh, "__shared__ float tile[32][33];"));  // code stays code

  // No English word of the English labels is left in what a reader of the Chinese page sees;
  // the same check finds them on the English page.
  const std::set<std::string> words = english_label_words();
  REQUIRE(words.count("wavefronts"));
  REQUIRE(words.count("conflict"));
  const std::string zh_text = visible_text(zh, script_json(zh, "bank-explorer-labels"));
  for (const auto& word : words) {
    CAPTURE(word);
    CHECK_FALSE(has_word(zh_text, word));
  }
  const std::string en_text = visible_text(en, script_json(en, "bank-explorer-labels"));
  size_t english_found = 0;
  for (const auto& word : words) english_found += has_word(en_text, word) ? 1 : 0;
  CHECK(english_found == words.size());

  // A line break between two Chinese characters shows as a space: none in the Chinese text.
  const std::regex paragraph("<p>[^]*?</p>");
  const std::string intro = explorer_label(Language::zh, "page.intro");
  for (std::sregex_iterator it(intro.begin(), intro.end(), paragraph), end; it != end; ++it) {
    CHECK_FALSE(contains(it->str(), "\n"));
  }
}

TEST_CASE("memlab-figures' --lang takes en or zh") {
  CHECK(parse_page_language("en") == Language::en);
  CHECK(parse_page_language("zh") == Language::zh);
  CHECK_THROWS_WITH_AS(parse_page_language("fr"), doctest::Contains("en (English) or zh"), std::runtime_error);
  CHECK_THROWS_AS(parse_page_language("zh-Hans"), std::runtime_error);
}

TEST_CASE("parse_sweep_csv reads lab 03's sweep CSV and refuses what it cannot plot") {
  const std::string good =
      "stride,ways,ms,gbps,pct_of_stride1,pct_of_theory,expected_gbps,ratio,in_band\n"
      "1,1,0.1404,30580,100.0,91.4,30580,1.000,yes\n"
      "2,2,0.2725,15763,51.5,47.1,15290,1.031,yes\n"
      "32,32,4.2,1010,3.3,3.0,956,1.056,yes\n";
  const SweepRecording recording = parse_sweep_csv(good);
  REQUIRE(recording.points.size() == 3);
  CHECK(recording.points[1].stride == 2);
  CHECK(recording.points[1].gbps == doctest::Approx(15763));
  REQUIRE(recording.theory_gbps);
  CHECK(*recording.theory_gbps == doctest::Approx(30580 / 0.914));

  const std::string svg = sweep_svg(recording, "Sweep");
  CHECK(count(svg, "<circle") == 3 + 1);  // the points and the legend's marker
  CHECK(contains(svg, "theory"));

  CHECK_THROWS_WITH_AS(parse_sweep_csv("stride,ms\n1,0.1\n"), doctest::Contains("line 1"), std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_sweep_csv("stride,gbps\n1,100\n2,fast\n"), doctest::Contains("line 3"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_sweep_csv("stride,gbps\n2,100\n"), doctest::Contains("stride 1"), std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_sweep_csv(""), doctest::Contains("empty"), std::runtime_error);
}

TEST_CASE("without a recording the sweep figure shows the model and says why") {
  const std::string svg = model_only_sweep_svg("Sweep", "No recorded sweep in this tree");
  CHECK(contains(svg, "No recorded sweep in this tree"));
  CHECK(contains(svg, "1/32"));
  CHECK_FALSE(contains(svg, "<circle"));
}

TEST_CASE("a warp's strided 4-byte loads touch the sectors the arithmetic says") {
  CHECK(sectors_of_warp(1).size() == 4);
  CHECK(sectors_of_warp(2).size() == 8);
  CHECK(sectors_of_warp(8).size() == 32);
  CHECK(sectors_of_warp(32).size() == 32);
  int lanes = 0;
  for (const auto& use : sectors_of_warp(2)) lanes += use.lanes;
  CHECK(lanes == 32);
  CHECK_THROWS_AS(sectors_of_warp(0), std::invalid_argument);
  CHECK(contains(sectors_svg({1, 32}), "128 of 1 024 bytes moved are used (12.5 %)"));
}

TEST_CASE("shared memory per block includes the reservation and the allocation unit") {
  const SharedLimits h200{233472, 1024, 128};
  CHECK(allocated_bytes({"unpadded", 57344}, h200) == 58368);
  CHECK(allocated_bytes({"padded", 58240}, h200) == 59264);
  CHECK(allocated_bytes({"tiny", 1}, {4096, 0, 128}) == 128);
  const std::string svg = shared_steps_svg({{"unpadded", 57344}, {"padded", 58240}}, h200, "H200");
  CHECK(contains(svg, "4 blocks, 0 bytes left over"));
  CHECK(contains(svg, "3 blocks, 55 680 bytes left over"));
}
