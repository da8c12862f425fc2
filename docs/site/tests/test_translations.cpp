// The Chinese edition: how translations are named and rendered, and the drift check.
#include "checks_table.hpp"
#include "languages.hpp"
#include "layout.hpp"
#include "site.hpp"
#include "support.hpp"
#include "text.hpp"
#include "thresholds.hpp"
#include "translations.hpp"

#include <doctest/doctest.h>
#include <memlab/section_fingerprints.h>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

namespace {

// Every problem's message, one per line, for CHECK messages and substring checks.
std::string messages(const Problems& problems) {
  std::string text;
  for (const auto& p : problems) text += to_string(p) + "\n";
  return text;
}

const std::string kEnglish =
    "# Title\n\nIntro [a link](other.md) and <!--threshold:04/x-->1.8x<!--/threshold-->.\n\n"
    "## Part one\n\n```cpp\nint a = 1;\n```\n\n![pic](figures/p.svg)\n\n## Part two\n\nMore text.\n";

// The translation of kEnglish, stamped for kEnglish as it is.
std::string translation_of(const std::string& english, const std::string& body) {
  return translation_stamp("page.md", section_fingerprints(english)) + "\n\n" + body;
}

const std::string kChineseBody =
    "# 标题\n\n引言，[一个链接](other.md)和 <!--threshold:04/x-->1.8x<!--/threshold-->。\n\n"
    "## 第一部分\n\n```cpp\nint a = 1;\n```\n\n![图](figures/p.svg)\n\n## 第二部分\n\n更多文字。\n";

}  // namespace

TEST_CASE("a translation is X.zh.md beside X.md and renders to X.zh.html") {
  CHECK(translation_path("docs/setup.md") == "docs/setup.zh.md");
  CHECK(translation_path("labs/04-padding/README.md") == "labs/04-padding/README.zh.md");
  CHECK(english_source_of("docs/concepts/banks.zh.md") == "docs/concepts/banks.md");
  CHECK(english_source_of("docs/setup.md") == "docs/setup.md");
  CHECK(is_translation("slides/04-padding.zh.md"));
  CHECK_FALSE(is_translation("docs/zh.md"));
  CHECK(twin_of("docs/figures/bank-conflicts.html", Language::zh) == "docs/figures/bank-conflicts.zh.html");
  CHECK(twin_of("docs/figures/x.zh.svg", Language::zh) == "docs/figures/x.zh.svg");
  CHECK(twin_of("labs/04-padding/lab.h", Language::en) == "labs/04-padding/lab.h");
  CHECK(site_path_of("docs/setup.zh.md") == "setup.zh.html");
  CHECK(site_path_of("labs/04-padding/README.zh.md") == "labs/04-padding/index.zh.html");
  CHECK(site_path_of("slides/04-padding.zh.md") == "slides/04-padding.zh.html");
  CHECK(is_site_page("labs/04-padding/README.zh.md"));
  CHECK(html_lang(Language::zh) == "zh-Hans");
}

TEST_CASE("find_course_files lists English pages and their translations apart") {
  const CourseFiles files = find_course_files(fixture("bilingual"));
  CHECK(files.docs == std::vector<std::string>{"docs/index.md", "docs/setup.md"});
  CHECK(files.labs == std::vector<std::string>{"labs/04-padding/README.md"});
  CHECK(files.decks == std::vector<std::string>{"slides/01-banks.md"});
  CHECK(files.translations ==
        std::vector<std::string>{"docs/index.zh.md", "labs/04-padding/README.zh.md", "slides/01-banks.zh.md"});
}

TEST_CASE("the site renders both editions, each page linking its twin") {
  ScratchDir out("bilingual");
  const RenderSummary summary = render_site({fixture("bilingual"), out.path()});
  CHECK_MESSAGE(summary.problems.empty(), messages(summary.problems));
  const std::string en = read_file(out.path() / "index.html");
  const std::string zh = read_file(out.path() / "index.zh.html");
  CHECK(contains(en, "<html lang=\"en\">"));
  CHECK(contains(zh, "<html lang=\"zh-Hans\">"));
  CHECK(contains(en, "<p class=\"lang-switch\"><a href=\"index.zh.html\" hreflang=\"zh-Hans\""));
  CHECK(contains(zh, "<p class=\"lang-switch\"><a href=\"index.html\" hreflang=\"en\""));
  CHECK(contains(zh, "<link rel=\"alternate\" hreflang=\"en\" href=\"index.html\">"));

  SUBCASE("a Chinese page links the Chinese twin where there is one, and the English page where not") {
    CHECK(contains(zh, "href=\"labs/04-padding/index.zh.html#what-to-change\""));
    CHECK(contains(zh, "href=\"setup.html\""));
    CHECK(contains(zh, ">Setup（英文）</a>"));  // the navigation says the page is in English
    CHECK(contains(zh, "src=\"figures/pic.zh.svg\""));
    CHECK(contains(en, "src=\"figures/pic.svg\""));
    CHECK(fs::is_regular_file(out.path() / "figures/pic.zh.svg"));
  }
  SUBCASE("a Chinese heading has its English twin's anchor") {
    CHECK(contains(zh, "id=\"second-section\""));
    const std::string lab = read_file(out.path() / "labs/04-padding/index.zh.html");
    CHECK(contains(lab, "id=\"what-to-change\""));
    CHECK(contains(lab, "href=\"../../index.zh.html#second-section\""));
    CHECK(contains(lab, "<h2>实验</h2>"));  // the frame's own words are Chinese
    CHECK(contains(lab, "跳到正文"));
  }
  SUBCASE("decks in both languages, with their indexes") {
    const std::string deck = read_file(out.path() / "slides/01-banks.zh.html");
    CHECK(contains(deck, "<html lang=\"zh-Hans\">"));
    CHECK(contains(deck, "href=\"01-banks.html\" hreflang=\"en\""));
    CHECK(contains(deck, "href=\"../index.zh.html\""));
    CHECK(contains(deck, "第 1 张，共 2 张"));
    CHECK(contains(read_file(out.path() / "slides/01-banks.html"), "href=\"01-banks.zh.html\" hreflang=\"zh-Hans\""));
    CHECK(contains(read_file(out.path() / "slides/index.zh.html"), "2 张"));
  }
}

TEST_CASE("the stamp's fingerprints are memlab/section_fingerprints.h's, FNV-1a as description_fingerprint") {
  CHECK(section_fingerprints(kEnglish) == memlab::section_fingerprints(kEnglish));
  CHECK(section_fingerprints(kEnglish).size() == 4);
  for (const std::string text : {"", "a", "# Title\n\nText.\n"}) {
    CHECK(memlab::text_fingerprint(text) == description_fingerprint(text));
  }
}

TEST_CASE("compare_translation accepts a faithful, stamped translation") {
  const Problems found =
      compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", translation_of(kEnglish, kChineseBody));
  CHECK_MESSAGE(found.empty(), messages(found));
}

TEST_CASE("compare_translation names what drifted") {
  const std::string stamped = translation_of(kEnglish, kChineseBody);
  SUBCASE("an English section changed after the stamp") {
    std::string english = kEnglish;
    english.replace(english.find("More text."), 10, "Other text.");
    const std::string text = messages(compare_translation("docs/page.md", english, "docs/page.zh.md", stamped));
    CHECK(
        contains(text, "docs/page.zh.md:1: docs/page.md changed since this translation was stamped, in 1 section(s)"));
    CHECK(contains(text, "\"## Part two\" (line 13)"));
    CHECK(contains(text, "--stamp docs/page.zh.md"));
  }
  SUBCASE("a changed section is named by its heading line; a heading in an HTML comment starts none") {
    const std::string english = "# Title\n\n<!--\n## Hidden\n-->\n\n## Shown\n\nText.\n";
    const std::string zh =
        translation_stamp("page.md", section_fingerprints(english)) + "\n\n# 标题\n\n## 显示\n\n文字。\n";
    CHECK(section_fingerprints(english).size() == 3);
    std::string changed = english;
    changed.replace(changed.find("Text."), 5, "Other.");
    const std::string text = messages(compare_translation("docs/page.md", changed, "docs/page.zh.md", zh));
    CHECK(contains(text, "in 1 section(s): \"## Shown\" (line 7)"));
  }
  SUBCASE("not stamped, or no stamp at all") {
    CHECK(contains(messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md",
                                                "<!-- translation of page.md: not stamped -->\n\n" + kChineseBody)),
                   "no fingerprints"));
    CHECK(contains(messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", kChineseBody)),
                   "the first line must be the stamp"));
  }
  SUBCASE("a code block was translated") {
    std::string zh = stamped;
    zh.replace(zh.find("int a = 1;"), 10, "int b = 1;");
    CHECK(contains(messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", zh)),
                   "code block 1 differs from docs/page.md:7"));
  }
  SUBCASE("a link, an image or a marker is missing") {
    std::string zh = stamped;
    zh.replace(zh.find("(other.md)"), 10, "(else.md)");
    zh.erase(zh.find("<!--threshold:04/x-->1.8x<!--/threshold-->"), 42);
    zh.replace(zh.find("figures/p.svg"), 13, "figures/q.svg");
    const std::string text = messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", zh));
    CHECK(contains(text, "link other.md (docs/page.md:3) is there 1 time(s), here 0 time(s)"));
    CHECK(contains(text, "link else.md is here 1 time(s)"));
    CHECK(contains(text, "marker threshold:04/x -> 1.8x"));
    CHECK(contains(text, "image figures/p.svg"));
  }
  SUBCASE("a heading is missing or at another level") {
    std::string zh = stamped;
    zh.replace(zh.find("## 第二部分"), std::string("## 第二部分").size(), "### 第二部分");
    CHECK(contains(messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", zh)),
                   "heading 3 is level 3, its English twin \"Part two\""));
    zh.erase(zh.find("### 第二部分"), std::string("### 第二部分").size());
    CHECK(contains(messages(compare_translation("docs/page.md", kEnglish, "docs/page.zh.md", zh)),
                   "2 heading(s), docs/page.md has 3"));
  }
  SUBCASE("a deck lost a slide") {
    const std::string deck = "# Deck\n\n---\n\n## A\n\n---\n\n## B\n";
    const std::string zh =
        translation_stamp("01-x.md", section_fingerprints(deck)) + "\n\n# 幻灯片\n\n---\n\n## A\n\n## B\n";
    CHECK(contains(messages(compare_translation("slides/01-x.md", deck, "slides/01-x.zh.md", zh)),
                   "2 slide(s), slides/01-x.md has 3"));
  }
}

TEST_CASE("compare_translation: a Chinese threshold quote and a link to a Chinese twin stand for the English ones") {
  ThresholdBook book;
  book.add(parse_manifest(R"({"number":"04","checks":[
        {"id":"x","compare":"<=","required":1.3,"unit":"wavefronts/instruction"}]})",
                          "labs/04-padding"));
  const std::string english =
      "# Title\n\nAt most <!--threshold:04/x-->1.3 wavefronts/instruction<!--/threshold--> "
      "([lab](../labs/04-padding/README.md#a)).\n";
  const auto zh_page = [&](const std::string& quote) {
    return translation_stamp("page.md", section_fingerprints(english)) + "\n\n# 标题\n\n至多 <!--threshold:04/x-->" +
           quote + "<!--/threshold-->（[实验](../labs/04-padding/README.zh.md#a)）。\n";
  };
  const std::string chinese = zh_page("1.3 个 wavefront/指令");
  Problems found = compare_translation("docs/page.md", english, "docs/page.zh.md", chinese, &book);
  CHECK_MESSAGE(found.empty(), messages(found));

  // Without the manifests the texts must be the same; a wrong Chinese quote differs either way.
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md", chinese)),
                 "marker threshold:04/x -> 1.3 wavefronts/instruction (docs/page.md:3) is there 1 time(s), here 0"));
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md",
                                              zh_page("1.5 个 wavefront/指令"), &book)),
                 "marker threshold:04/x -> 1.5 个 wavefront/指令 is here 1 time(s)"));
  // The link to another page than the twin is still another link.
  std::string elsewhere = chinese;
  elsewhere.replace(elsewhere.find("04-padding/README.zh.md"), 23, "05-swizzle/README.zh.md");
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md", elsewhere, &book)),
                 "link ../labs/05-swizzle/README.md#a is here 1 time(s)"));
}

TEST_CASE("compare_translation: an image of a figure's Chinese twin stands for the English image") {
  const std::string english = "# Title\n\n![A bank table](../figures/bank-stride-2.svg)\n\n[Explore](x.html#a)\n";
  const auto zh_page = [&](const std::string& image, const std::string& link) {
    return translation_stamp("page.md", section_fingerprints(english)) + "\n\n# 标题\n\n![bank 表](" + image +
           ")\n\n[交互图](" + link + ")\n";
  };
  Problems found = compare_translation("docs/page.md", english, "docs/page.zh.md",
                                       zh_page("../figures/bank-stride-2.zh.svg", "x.zh.html#a"));
  CHECK_MESSAGE(found.empty(), messages(found));
  found = compare_translation("docs/page.md", english, "docs/page.zh.md",
                              zh_page("../figures/bank-stride-2.svg", "x.html#a"));
  CHECK_MESSAGE(found.empty(), messages(found));
  // The twin of another figure is another image; ".zh" alone is no twin.
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md",
                                              zh_page("../figures/bank-stride-8.zh.svg", "x.zh.html#a"))),
                 "image ../figures/bank-stride-8.svg is here 1 time(s)"));
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md",
                                              zh_page("../figures/.zh.svg", "x.zh.html#a"))),
                 "image ../figures/.zh.svg is here 1 time(s)"));
}

TEST_CASE("compare_translation: a measured marker stands for its numbers, in the page's own words") {
  const std::string english = "# Title\n\nIt ran <!--measured:r.txt#speedup-->4.41 times<!--/measured--> faster.\n";
  const auto zh_page = [&](const std::string& quote) {
    return translation_stamp("page.md", section_fingerprints(english)) +
           "\n\n# 标题\n\n它快了 <!--measured:r.txt#speedup-->" + quote + "<!--/measured-->。\n";
  };
  Problems found = compare_translation("docs/page.md", english, "docs/page.zh.md", zh_page("4.41 倍"));
  CHECK_MESSAGE(found.empty(), messages(found));
  // Another number is another quote.
  CHECK(contains(messages(compare_translation("docs/page.md", english, "docs/page.zh.md", zh_page("4.42 倍"))),
                 "marker measured:r.txt#speedup -> 4.41 (docs/page.md:3) is there 1 time(s), here 0 time(s)"));
}

TEST_CASE("check_translations: the fixture is clean, and a listed page without translation fails") {
  const TranslationReport clean = check_translations(fixture("bilingual"));
  CHECK_MESSAGE(clean.problems.empty(), messages(clean.problems));
  CHECK(clean.pages == 3);

  ScratchDir copy("bilingual-copy");
  fs::copy(fixture("bilingual"), copy.path(), fs::copy_options::recursive);
  fs::remove(copy.path() / "slides/01-banks.zh.md");
  write_file(copy.path() / "docs/translations.txt", "docs/index.md\nslides/*.md\ndocs/concepts/*.md\ndocs/x.zh.md\n");
  const std::string text = messages(check_translations(copy.path()).problems);
  CHECK(contains(text, "slides/01-banks.md: has no Chinese translation slides/01-banks.zh.md"));
  CHECK(contains(text, "docs/translations.txt:3: \"docs/concepts/*.md\" names no page of the course"));
  CHECK(contains(text, "docs/translations.txt:4: \"docs/x.zh.md\": list English pages"));
}

TEST_CASE("check_translations: every page students read is translated or listed English-only, with a reason") {
  ScratchDir copy("bilingual-lists");
  fs::copy(fixture("bilingual"), copy.path(), fs::copy_options::recursive);
  const auto problems_with = [&](const std::string& list) {
    write_file(copy.path() / "docs/translations.txt", list);
    return messages(check_translations(copy.path()).problems);
  };
  const std::string translated = "docs/index.md\nlabs/*/README.md\nslides/*.md\n";
  CHECK(problems_with(translated + "english-only: docs/setup.md  # why\n").empty());

  // A page in neither list, and a new page anywhere under docs/ (a record of a run is none).
  fs::create_directories(copy.path() / "docs/concepts");
  write_file(copy.path() / "docs/concepts/new.md", "# New\n");
  fs::create_directories(copy.path() / "docs/results");
  write_file(copy.path() / "docs/results/run.md", "# A run\n");
  std::string text = problems_with(translated + "english-only: docs/setup.md  # why\n");
  CHECK(contains(text,
                 "docs/concepts/new.md: is in neither list of docs/translations.txt: translate it "
                 "(docs/concepts/new.zh.md) and add the line \"docs/concepts/new.md\" there, or"));
  CHECK(contains(text, "add the line \"english-only: docs/concepts/new.md  # why it stays in English\""));
  CHECK_FALSE(contains(text, "docs/results/run.md"));
  CHECK_FALSE(contains(text, "docs/setup.md"));
  fs::remove(copy.path() / "docs/concepts/new.md");

  // No reason; a line that names no page; one page in both lists; a translated page called English-only.
  text = problems_with(translated + "english-only: docs/setup.md\nenglish-only: docs/gone.md  # old\n");
  CHECK(contains(text, "docs/translations.txt:4: \"english-only: docs/setup.md\" gives no reason"));
  CHECK(contains(text, "docs/translations.txt:5: \"english-only: docs/gone.md\" names no page of the course"));
  text = problems_with(translated + "docs/setup.md\nenglish-only: docs/setup.md  # why\n");
  CHECK(contains(text,
                 "docs/setup.md: is listed both as translated (docs/translations.txt:4) and as English-only "
                 "(docs/translations.txt:5)"));
  text = problems_with("labs/*/README.md\nslides/*.md\nenglish-only: docs/*.md  # why\n");
  CHECK(contains(text,
                 "docs/index.md: is listed English-only (docs/translations.txt:3), but docs/index.zh.md "
                 "translates it"));
  // A page left out of the list fails even though its translation is compared.
  text = problems_with("docs/index.md\nslides/*.md\nenglish-only: docs/setup.md  # why\n");
  CHECK(contains(text,
                 "labs/04-padding/README.md: is in neither list of docs/translations.txt, but "
                 "labs/04-padding/README.zh.md translates it: add the line \"labs/04-padding/README.md\" there"));
}

TEST_CASE("compare_translation: each section writes the numbers of its English twin") {
  const std::string english =
      "# Title\n\nThe tile is 32 x 32; it ran 4.41x faster on 1 048 613 elements, 85 % of the copy.\n\n"
      "## Sizes\n\n| size | bytes |\n|---|---|\n| 1..64 | 2^25 |\n\n- Lab 04, `code 7`, https://example.com/9\n";
  const auto zh_page = [&](const std::string& body) {
    return translation_stamp("page.md", section_fingerprints(english)) + "\n\n" + body;
  };
  const std::string faithful =
      "# 标题\n\n这个 tile 是 32×32；它在 1048613 个元素上快了 4.41 倍，达到复制的 85%。\n\n"
      "## 尺寸\n\n| 尺寸 | 字节 |\n|---|---|\n| 1..64 | 2^25 |\n\n- 实验 04，`code 8`，https://example.com/9\n";
  Problems found = compare_translation("docs/page.md", english, "docs/page.zh.md", zh_page(faithful));
  CHECK_MESSAGE(found.empty(), messages(found));

  std::string drifted = faithful;
  drifted.replace(drifted.find("4.41 倍"), std::string("4.41 倍").size(), "4.42 倍");
  drifted.replace(drifted.find("| 1..64 |"), 9, "| 1..32 |");
  const std::string text = messages(compare_translation("docs/page.md", english, "docs/page.zh.md", zh_page(drifted)));
  CHECK(contains(text,
                 "numbers of the English section \"# Title\" (docs/page.md:1) that this section does not "
                 "write: 4.41 (docs/page.md:3)"));
  CHECK(contains(text,
                 "docs/page.zh.md:3: numbers here that the English section \"# Title\" (docs/page.md:1) does "
                 "not write: 4.42 (docs/page.zh.md:5)"));
  CHECK(contains(text,
                 "docs/page.zh.md:7: numbers of the English section \"## Sizes\" (docs/page.md:5) that this "
                 "section does not write: 64 (docs/page.md:9)"));
  CHECK(contains(text, "does not write: 32 (docs/page.zh.md:11)"));
  // A number that moved to another section is missing in one and extra in the other.
  std::string moved = faithful;
  moved.replace(moved.find("实验 04"), std::string("实验 04").size(), "实验");
  moved.replace(moved.find("# 标题\n\n"), std::string("# 标题\n\n").size(), "# 标题\n\n实验 04。");
  const std::string moved_text =
      messages(compare_translation("docs/page.md", english, "docs/page.zh.md", zh_page(moved)));
  CHECK(contains(moved_text, "\"# Title\" (docs/page.md:1) does not write: 04"));
  CHECK(contains(moved_text, "\"## Sizes\" (docs/page.md:5) that this section does not write: 04"));
}

TEST_CASE("stamp_translations records the English page's fingerprints in the first line") {
  ScratchDir copy("bilingual-stamp");
  fs::copy(fixture("bilingual"), copy.path(), fs::copy_options::recursive);
  std::string english = read_file(copy.path() / "docs/index.md");
  write_file(copy.path() / "docs/index.md", english + "\nA new sentence.\n");
  CHECK_FALSE(check_translations(copy.path()).problems.empty());
  CHECK(stamp_translations(copy.path(), {"docs/index.zh.md"}) == std::vector<std::string>{"docs/index.zh.md"});
  CHECK(check_translations(copy.path()).problems.empty());
  const std::string zh = read_file(copy.path() / "docs/index.zh.md");
  CHECK(starts_with(zh, "<!-- translation of index.md: "));
  CHECK(contains(zh, "\n\n# 双语课程\n"));  // the rest of the page is kept
  CHECK_THROWS(stamp_translations(copy.path(), {"docs/index.md"}));
}
