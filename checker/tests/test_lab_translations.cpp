// The Chinese text of every lab's manifest ("zh", memlab/manifest.h) against its English: every
// check has a Chinese description, and a Chinese hint where it has a hint; and each Chinese text
// holds the same numbers as its English, a cheap sign that one was changed and not the other.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "memlab/manifest.h"

using namespace memlab;

namespace {

// The numbers of `text`, sorted: each run of digits, with a decimal part ("1.67", "0.25"). Digits
// right after a letter, a digit or _ belong to a name (H200, fp16, sm_90, float4, 32x32's second
// 32), not to a number. A byte of a multi-byte UTF-8 character is no letter: "共 18 分" and
// "共18分" both hold 18.
std::vector<std::string> numbers_in(const std::string& text) {
  std::vector<std::string> out;
  const auto digit = [&](size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
  for (size_t i = 0; i < text.size();) {
    const unsigned char before = i == 0 ? ' ' : static_cast<unsigned char>(text[i - 1]);
    if (!digit(i) || (before < 0x80 && (std::isalnum(before) || before == '_'))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (digit(end)) ++end;
    if (end + 1 < text.size() && text[end] == '.' && digit(end + 1)) {
      ++end;
      while (digit(end)) ++end;
    }
    out.push_back(text.substr(i, end - i));
    i = end;
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string joined(const std::vector<std::string>& numbers) {
  std::string out;
  for (const auto& n : numbers) out += (out.empty() ? "" : " ") + n;
  return "[" + out + "]";
}

// The same numbers in `english` and `chinese`; a failure names both lists. A missing Chinese
// text fails on its own, not here.
void same_numbers(const std::string& what, const std::string& english, const std::string& chinese) {
  if (chinese.empty()) return;
  INFO(what);
  INFO("English: ", english);
  INFO("Chinese: ", chinese);
  CHECK(joined(numbers_in(chinese)) == joined(numbers_in(english)));
}

std::vector<std::string> lab_manifests() {
  std::ifstream list(MEMLAB_LAB_MANIFESTS_FILE);
  std::vector<std::string> paths;
  for (std::string path; std::getline(list, path);)
    if (!path.empty()) paths.push_back(path);
  return paths;
}

Manifest read_lab(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return parse_manifest(text.str(), path);
}

}  // namespace

TEST_CASE("numbers_in finds numbers, not the digits of names") {
  CHECK(joined(numbers_in("at least 1.67 times slower, 32x32 tile, H200, fp16, sm_90, float4")) == "[1.67 32]");
  CHECK(joined(numbers_in("共18分，0.25 + 5 %，2^24。")) == "[0.25 18 2 24 5]");
  CHECK(joined(numbers_in("ends at 1000003.")) == "[1000003]");
  CHECK(joined(numbers_in("no numbers")) == "[]");
  CHECK(joined(numbers_in("(i + c) % 32")) == joined(numbers_in("（i + c）% 32")));
}

TEST_CASE("every check of every lab has its description and hint in Chinese, with the English's numbers") {
  const std::vector<std::string> paths = lab_manifests();
  REQUIRE_FALSE(paths.empty());
  for (const auto& path : paths) {
    INFO(path);
    const Manifest m = read_lab(path);
    // A lab without a Chinese title reads with its English one (a new lab from the templates).
    same_numbers("title", m.title, m.zh.title);
    same_numbers("summary", m.summary, m.zh.summary);
    for (const auto& c : m.checks) {
      INFO("check ", c.id);
      CHECK_MESSAGE(!c.zh.description.empty(), "write \"zh\": {\"description\": ...} beside the English");
      same_numbers("description", c.description, c.zh.description);
      if (!c.hint.empty()) {
        CHECK_MESSAGE(!c.zh.hint.empty(), "the check has a hint: write its \"zh\" \"hint\" too");
        same_numbers("hint", c.hint, c.zh.hint);
      }
    }
  }
}
