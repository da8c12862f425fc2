// The numbers of running text that check-translations compares between the two editions.
#include "numbers_in_prose.hpp"
#include "section_numbers.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;

namespace {

using Tokens = std::vector<std::string>;

// The numbers of each section, as tokens.
std::vector<Tokens> tokens_by_section(const std::string& markdown) {
  std::vector<Tokens> result;
  for (const auto& section : section_numbers(markdown)) {
    Tokens tokens;
    for (const auto& number : section.numbers) tokens.push_back(number.text);
    result.push_back(tokens);
  }
  return result;
}

}  // namespace

TEST_CASE("numbers_in_prose: a number is its digits, without the words and spaces around it") {
  CHECK(numbers_in_prose("It ran 4.41x faster on 85 % of the rows.") == Tokens{"4.41", "85"});
  CHECK(numbers_in_prose("它快了 4.41 倍，占 85% 的行。") == Tokens{"4.41", "85"});
  CHECK(numbers_in_prose("a 32 x 32 tile, a 32x32 tile, a 32 × 32 tile, a 32×32 tile") ==
        Tokens{"32", "32", "32", "32", "32", "32", "32", "32"});
  CHECK(numbers_in_prose("-0.5 and −3") == Tokens{"-0.5", "-3"});
}

TEST_CASE("numbers_in_prose: digit groups are one number, whatever separates them") {
  const Tokens one{"1048613"};
  CHECK(numbers_in_prose("1 048 613 bytes") == one);
  CHECK(numbers_in_prose("1\xE2\x80\x89"
                         "048\xE2\x80\x89"
                         "613 bytes") == one);  // thin spaces
  CHECK(numbers_in_prose("1,048,613 bytes") == one);
  CHECK(numbers_in_prose("1048613 字节") == one);
  // A list is no group: the next part is not three digits, or a comma and a space stand between.
  CHECK(numbers_in_prose("strides 1, 2, 4 and 64, 128") == Tokens{"1", "2", "4", "64", "128"});
  // A line break ends a number: the two editions wrap their lines in other places.
  CHECK(numbers_in_prose("64\n128") == Tokens{"64", "128"});
}

TEST_CASE("numbers_in_prose: ranges and powers are their parts") {
  CHECK(numbers_in_prose("block sizes 1..64") == Tokens{"1", "64"});
  CHECK(numbers_in_prose("1.205-1.214 ms") == Tokens{"1.205", "1.214"});
  CHECK(numbers_in_prose("2^25 floats") == Tokens{"2", "25"});
  CHECK(numbers_in_prose("0.5..1.5") == Tokens{"0.5", "1.5"});
}

TEST_CASE("numbers_in_prose: names, URLs and hexadecimal are no numbers") {
  CHECK(numbers_in_prose("the H200, fp16, sm_90 and v1.2.3") == Tokens{});
  CHECK(numbers_in_prose("see https://docs.nvidia.com/cuda/v12.4/x-1.html and www.example.com/2024") == Tokens{});
  CHECK(numbers_in_prose("见 https://example.com/a/12，第 3 步") == Tokens{"3"});
  CHECK(numbers_in_prose("the byte 0x1F, then 10x10") == Tokens{"10", "10"});
  CHECK(numbers_in_prose("4.40 and 4.4") == Tokens{"4.40", "4.4"});  // as written
}

TEST_CASE("section_numbers: prose, tables, lists, headings and alt text, cut as the stamp cuts") {
  const std::string page =
      "Intro with 1 number.\n\n"
      "# Title 2\n\n"
      "- a list item with 3\n\n"
      "| a | b |\n|---|---|\n| 4 | 5 |\n\n"
      "![a figure of 6 banks](fig-7.svg)\n\n"
      "## Next\n\n"
      "> quoted 8, **bold 9**, [a link of 10](https://x.org/11)\n";
  const auto sections = section_numbers(page);
  REQUIRE(sections.size() == 3);
  CHECK(sections[1].heading == "# Title 2");
  CHECK(sections[1].line == 3);
  CHECK(tokens_by_section(page) == std::vector<Tokens>{{"1"}, {"2", "3", "4", "5", "6"}, {"8", "9", "10"}});
  CHECK(sections[1].numbers[3].line == 9);  // a table cell: its row's line
}

TEST_CASE("section_numbers leaves out code, HTML, URLs, markers and generated regions, not the copy's passages") {
  const std::string page =
      "# Title\n\n"
      "Code `int a = 1;` and\n\n```cpp\nint b = 2;\n```\n\n"
      "<!-- a comment with 3 -->\n\n<div>raw 4</div>\n\n"
      "A bare URL https://example.com/5 and <https://example.com/6>.\n\n"
      "At most <!--threshold:04/x-->1.8x<!--/threshold--> and <!--measured:r.txt#k-->4.41 times<!--/measured-->, "
      "then 7.\n\n"
      "<!-- checks: begin (from lab.json) -->\n| check | points |\n|---|---|\n| x | 8 |\n<!-- checks: end -->\n\n"
      "<!-- instructor-only: begin -->\nFor instructors: 9.\n<!-- instructor-only: end -->\n"
      "<!-- student-copy: begin\nFor students: 10.\nstudent-copy: end -->\n\n"
      "```md\n<!-- labs: begin -->\n```\n\nAfter a shown marker line: 11.\n";
  CHECK(tokens_by_section(page) == std::vector<Tokens>{{}, {"7", "9", "10", "11"}});
}
