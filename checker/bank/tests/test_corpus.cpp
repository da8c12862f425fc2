// The pattern corpus and the measured-file checker.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "memlab/bank_batch.h"
#include "memlab/bank_corpus.h"

namespace memlab::bank {
namespace {

bool has_prefix(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST_SUITE("corpus") {
  TEST_CASE("at least 200 distinct, named, valid patterns covering every family") {
    const auto patterns = corpus_patterns();
    CHECK(patterns.size() >= 200);
    std::set<std::string> names, lines;
    std::set<int> widths;
    bool has_store = false;
    for (const auto& pattern : patterns) {
      CAPTURE(pattern.name);
      CHECK(names.insert(pattern.name).second);
      CHECK(lines.insert(format_batch_line(pattern.access)).second);
      CHECK_FALSE(find_problem(pattern.access).has_value());
      widths.insert(pattern.access.width_bytes);
      has_store |= pattern.access.op == MemoryOp::store;
    }
    CHECK(widths == std::set<int>{1, 2, 4, 8, 16});
    CHECK(has_store);
    for (const std::string family : {"stride-", "random-", "permuted-", "broadcast-", "multicast-", "merge-",
                                     "inactive-", "tile-float-32x32-pitch33", "tile-half-32x64-pitch65", "-xor-"}) {
      CAPTURE(family);
      int n = 0;
      for (const auto& name : names) n += name.find(family) != std::string::npos;
      CHECK(n > 0);
    }
  }

  TEST_CASE("the corpus is deterministic and reads back through the batch parser") {
    const std::string text = corpus_text();
    CHECK(text == corpus_text());
    std::istringstream in(text);
    std::ostringstream out, err;
    CHECK(run_batch(in, out, err, "corpus") == 0);
    CHECK(err.str().empty());
    // One output line per input line; the answers are the lines that are not comments.
    const std::string answers = out.str();
    CHECK(std::count(answers.begin(), answers.end(), '\n') == std::count(text.begin(), text.end(), '\n'));
    std::istringstream lines(answers);
    long answered = 0;
    for (std::string line; std::getline(lines, line);) answered += !line.empty() && line[0] != '#';
    CHECK(answered == static_cast<long>(corpus_patterns().size()));
  }

  TEST_CASE("check_measured accepts agreeing lines and names disagreeing ones") {
    const auto patterns = corpus_patterns();
    std::string measured = "# measured on a test GPU\n\n";
    for (int i = 0; i < 3; ++i)
      measured += "# " + patterns[i].name + "\n" + format_batch_line(patterns[i].access) + " => " +
                  std::to_string(count_wavefronts(patterns[i].access)) + (i == 1 ? "  # wavefronts/inst=1.02\n" : "\n");
    std::istringstream good(measured);
    const MeasuredCheck ok = check_measured(good);
    CHECK(ok.lines_checked == 3);
    CHECK(ok.problems.empty());

    const std::string wrong = "# " + patterns[0].name + "\n" + format_batch_line(patterns[0].access) + " => 99\n" +
                              format_batch_line(patterns[1].access) + " => 1 2\n" + "4 ld 1 2 3 => 1\n";
    std::istringstream bad(wrong);
    const MeasuredCheck failed = check_measured(bad);
    CHECK(failed.lines_checked == 1);
    REQUIRE(failed.problems.size() == 3);
    CHECK(has_prefix(failed.problems[0], "line 2 (" + patterns[0].name + "): the model predicts"));
    CHECK(failed.problems[0].find("measured 99") != std::string::npos);
    CHECK(failed.problems[1].find("expected ` => N`") != std::string::npos);
    CHECK(has_prefix(failed.problems[2], "line 4"));
  }

  TEST_CASE("pair_rule_probes.txt: valid patterns, each named with what the model predicts") {
    std::ifstream in(std::string(MEMLAB_BANK_CORPUS_DIR) + "/pair_rule_probes.txt");
    REQUIRE(in);
    std::string text, name;
    int probes = 0;
    while (std::getline(in, text)) {
      const BatchLine line = parse_batch_line(text);
      if (line.kind == BatchLine::Kind::skip) {
        if (has_prefix(text, "# probe-")) name = text;
        continue;
      }
      CAPTURE(text);
      REQUIRE(line.kind == BatchLine::Kind::access);
      REQUIRE(has_prefix(name, "# probe-"));
      const std::string claim = ": coded " + std::to_string(count_wavefronts(line.access)) + ";";
      CHECK_MESSAGE(name.find(claim) != std::string::npos, name);
      CHECK(corpus_text().find(format_batch_line(line.access)) == std::string::npos);  // new, not yet measured
      name.clear();
      ++probes;
    }
    CHECK(probes >= 10);
  }
}

}  // namespace
}  // namespace memlab::bank
