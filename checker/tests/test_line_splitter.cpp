// The record pipe's lines (line_splitter.h), as a pipe delivers them: in pieces that cut lines
// anywhere, with a line that may never end.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "line_splitter.h"

using memlab::LineSplitter;

namespace {

// The lines of `pieces` fed in turn, then the end of the stream.
std::vector<std::string> split(const std::vector<std::string>& pieces, std::size_t max_line = 0) {
  std::vector<std::string> lines;
  const auto keep = [&lines](const std::string& line) { lines.push_back(line); };
  LineSplitter splitter(max_line);
  for (const auto& p : pieces) splitter.feed(p, keep);
  splitter.finish(keep);
  return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("line splitter: lines cut anywhere by the pipe") {
  CHECK(split({"one\ntwo\n"}) == Lines{"one", "two"});
  CHECK(split({"o", "ne\ntw", "o\n", "\n"}) == Lines{"one", "two", ""});
  CHECK(split({"one\n", "", "two"}) == Lines{"one", "two"});  // a last line without its newline
  CHECK(split({"\n\n"}) == Lines{"", ""});
  CHECK(split({}).empty());
}

TEST_CASE("line splitter: a line longer than the limit") {
  SUBCASE("up to the limit, a line passes whole") {
    CHECK(split({"12345\n"}, 5) == Lines{"12345"});
    CHECK(split({"123", "45"}, 5) == Lines{"12345"});
  }
  SUBCASE("longer: its first limit + 1 bytes pass, the rest is dropped, the next line is whole") {
    CHECK(split({"1234567890\nnext\n"}, 5) == Lines{"123456", "next"});
    CHECK(split({"123", "456", "789", "0\nne", "xt"}, 5) == Lines{"123456", "next"});
  }
  SUBCASE("a line that never ends is passed once, cut") {
    std::vector<std::string> flood(1000, std::string(4096, 'x'));
    const Lines lines = split(flood, 5);
    CHECK(lines == Lines{"xxxxxx"});
  }
  SUBCASE("without a limit, every byte passes") {
    CHECK(split({std::string(100000, 'x') + "\n"}) == Lines{std::string(100000, 'x')});
  }
}
