// memlab/section_fingerprints.h: how a page is cut into the sections a translation's stamp
// fingerprints (memlab-site check-translations and memlab-course export-student both cut here).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "memlab/section_fingerprints.h"

using namespace memlab;

namespace {

// The heading lines the scan starts a section at, in order.
std::vector<std::string> headings(const std::string& markdown) {
  std::vector<std::string> found;
  const auto sections = page_sections(markdown);
  for (size_t i = 1; i < sections.size(); ++i) found.push_back(sections[i].heading);
  return found;
}

}  // namespace

TEST_CASE("a fingerprint is 32-bit FNV-1a as 8 hex digits") {
  CHECK(text_fingerprint("") == "811c9dc5");
  CHECK(text_fingerprint("a") == "e40c292c");
}

TEST_CASE("sections: the text before the first heading, then one per heading, each line ending in \\n") {
  const auto sections = page_sections("Intro.\n\n# Title\nText.\n## Part\nEnd");
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].line == 0);
  CHECK(sections[0].text == "Intro.\n\n");
  CHECK(sections[1].line == 3);
  CHECK(sections[1].heading == "# Title");
  CHECK(sections[1].text == "# Title\nText.\n");
  CHECK(sections[2].line == 5);
  CHECK(sections[2].text == "## Part\nEnd\n");
  CHECK(section_fingerprints("Intro.\n\n# Title\nText.\n## Part\nEnd") ==
        std::vector<std::string>{text_fingerprint("Intro.\n\n"), text_fingerprint("# Title\nText.\n"),
                                 text_fingerprint("## Part\nEnd\n")});
  // Section 0 is there when empty; an empty page has just it.
  CHECK(section_fingerprints("# Title\n") == std::vector<std::string>{"811c9dc5", text_fingerprint("# Title\n")});
  CHECK(section_fingerprints("") == std::vector<std::string>{"811c9dc5"});
}

TEST_CASE("an ATX heading: up to 3 spaces, 1 to 6 '#', then a blank or the end of the line") {
  CHECK(headings("# a\n ## b\n  ### c\n   #### d\n    # code\n") ==
        std::vector<std::string>{"# a", "## b", "### c", "#### d"});
  CHECK(headings("###### six\n####### seven\n#\n##\t tab\n") ==
        std::vector<std::string>{"###### six", "#", "##\t tab"});
  CHECK(headings("#hashtag\n#5 not a heading\nText # not either\n\t# a tab is 4 columns\n").empty());
  CHECK(headings("## Title ##   \n") == std::vector<std::string>{"## Title ##"});  // trailing blanks go
}

TEST_CASE("no heading inside a fenced code block") {
  CHECK(headings("# A\n```sh\n# a shell comment\n```\n# B\n") == std::vector<std::string>{"# A", "# B"});
  CHECK(headings("~~~\n# x\n~~~\n# B\n") == std::vector<std::string>{"# B"});
  SUBCASE("a fence closes only with its own character, at least as long, nothing after it") {
    CHECK(headings("````\n```\n# x\n~~~~\n# y\n````\n# B\n") == std::vector<std::string>{"# B"});
    CHECK(headings("```\n``` not a close\n# x\n```  \n# B\n") == std::vector<std::string>{"# B"});
    CHECK(headings("~~~\n~~\n# x\n~~~~~\n# B\n") == std::vector<std::string>{"# B"});
  }
  SUBCASE("an opening fence: 3 or more, up to 3 spaces before it, no backtick in a backtick fence's info") {
    CHECK(headings("``\n# A\n") == std::vector<std::string>{"# A"});
    CHECK(headings("   ```cpp\n# x\n   ```\n# B\n") == std::vector<std::string>{"# B"});
    CHECK(headings("    ```\n# A\n") == std::vector<std::string>{"# A"});  // indented code, not a fence
    CHECK(headings("```a`b\n# A\n") == std::vector<std::string>{"# A"});   // inline code, not a fence
    CHECK(headings("~~~ a`b\n# x\n~~~\n# B\n") == std::vector<std::string>{"# B"});
  }
  SUBCASE("an unclosed fence runs to the end of the page") { CHECK(headings("# A\n```\n# x\n").size() == 1); }
}

TEST_CASE("no heading inside an HTML comment that spans lines") {
  CHECK(headings("# A\n<!-- student-copy: begin\n## Shown in the students' copy\nstudent-copy: end -->\n# B\n") ==
        std::vector<std::string>{"# A", "# B"});
  CHECK(headings("  <!--\n# x\n-->\n# B\n") == std::vector<std::string>{"# B"});  // indented, as in a list item
  // One that closes on its line hides nothing; nor does a "<!--" after other text.
  CHECK(headings("<!-- instructor-only: begin -->\n# A\n<!-- instructor-only: end -->\n") ==
        std::vector<std::string>{"# A"});
  CHECK(headings("Write `<!--` to open one.\n# A\n") == std::vector<std::string>{"# A"});
  // Inside a fence a comment opens nothing; inside a comment a fence opens nothing.
  CHECK(headings("```\n<!--\n```\n# A\n") == std::vector<std::string>{"# A"});
  CHECK(headings("<!--\n```\n-->\n# A\n") == std::vector<std::string>{"# A"});
  // The comment's lines belong to the section they are in.
  const auto sections = page_sections("# A\n<!--\n# x\n-->\n");
  REQUIRE(sections.size() == 2);
  CHECK(sections[1].text == "# A\n<!--\n# x\n-->\n");
}

TEST_CASE("a page is cut the same way every time, and the student version of a page is cut anew") {
  const std::string full = "# A\n<!-- student-copy: begin\n## B\nstudent-copy: end -->\n";
  CHECK(section_fingerprints(full) == section_fingerprints(full));
  CHECK(section_fingerprints(full).size() == 2);
  CHECK(section_fingerprints("# A\n## B\n").size() == 3);
}

TEST_CASE("the stamp line: written and read back") {
  const std::string line = translation_stamp("setup.md", {"0f7d3833", "1f14e1c8"});
  CHECK(line == "<!-- translation of setup.md: 0f7d3833 1f14e1c8 -->");
  const auto stamp = read_translation_stamp(line);
  REQUIRE(stamp);
  CHECK(stamp->name == "setup.md");
  CHECK(stamp->fingerprints == std::vector<std::string>{"0f7d3833", "1f14e1c8"});
  SUBCASE("not stamped, or no stamp") {
    const auto unstamped = read_translation_stamp("<!-- translation of setup.md: not stamped -->");
    REQUIRE(unstamped);
    CHECK(unstamped->name == "setup.md");
    CHECK(unstamped->fingerprints.empty());
    CHECK_FALSE(read_translation_stamp("# 安装"));
    CHECK_FALSE(read_translation_stamp("<!-- translation of setup.md 0f7d3833 -->"));
    CHECK_FALSE(read_translation_stamp("<!-- translation of setup.md: 0f7d3833 -->\r"));
    CHECK_FALSE(read_translation_stamp("<!-- translation of setup.md: 0f7d3833"));
  }
}

TEST_CASE(
    "the generated lab table is left out of the fingerprints: a new lab's row leaves the translation up to date") {
  const std::string before =
      "# Home\n\n## The labs\n\n<!-- labs: begin (from labs/*/lab.json) -->\n| lab | title |\n| --- | --- |\n"
      "| 01 | [A](a.md) |\n<!-- labs: end -->\n\nAfter the table.\n";
  std::string after = before;
  after.insert(after.find("<!-- labs: end"), "| 02 | [B](b.md) |\n");
  CHECK(section_fingerprints(before) == section_fingerprints(after));
  // The text around the table still counts.
  std::string edited = before;
  edited.replace(edited.find("After the table."), 16, "Below the table.");
  CHECK(section_fingerprints(before) != section_fingerprints(edited));
  CHECK(headings(before) == std::vector<std::string>{"# Home", "## The labs"});
}

TEST_CASE("the generated checks tables are left out too; hand-written regions count") {
  const std::string before =
      "# Lab\n\n<!-- checks: begin (from lab.json) -->\n| check | points |\n| --- | ---: |\n| `a` | 1 |\n"
      "<!-- checks: end -->\n\n## The checks\n\n<!-- check-details: begin (from lab.json) -->\n| `a` | x |\n"
      "<!-- check-details: end -->\n\nWhy.\n";
  std::string after = before;
  after.replace(after.find("| `a` | 1 |"), 11, "| `a` | 2 |");
  after.replace(after.find("| `a` | x |"), 11, "| `a` | y |");
  CHECK(section_fingerprints(before) == section_fingerprints(after));
  // An instructor-only region is prose somebody wrote: a change there makes the translation stale.
  const std::string notes = "# Lab\n\n<!-- instructor-only: begin -->\nA note.\n<!-- instructor-only: end -->\n";
  std::string edited = notes;
  edited.replace(edited.find("A note."), 7, "A longer note.");
  CHECK(section_fingerprints(notes) != section_fingerprints(edited));
}
