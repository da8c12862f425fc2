#include "measured.hpp"

#include "checks.hpp"
#include "markdown.hpp"
#include "numbers.hpp"
#include "record_sources.hpp"
#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

namespace {

const char* const kReport = R"({"checks": [
  {"id": "speedup_vs_starter", "measured": 4.405, "measured_text": "4.405x",
   "detail": "starter 1.205-1.214 ms, padded 0.2741 ms", "points": 3.0},
  {"id": "fraction_of_copy_roofline", "measured": 0.855, "measured_text": "85.5 %",
   "detail": "3 317 GB/s of 3 879 GB/s", "points": 3.0}],
 "gpu": {"name": "NVIDIA H200", "sm_count": 132}})";

const char* const kSweep =
    "kernel,stride,ways,gbps\n"
    "starter,32,32,766\n"
    "mixed,1,1,3985\n"
    "mixed,32,32,\"3,317\"\n";

const char* const kLog =
    "NVIDIA H200 SXM, driver 580.159.04\n"
    "SMs: 132, L2: 60 MB\n"
    "stride 32: 0.1618 ms\n";

// A repository with one record of each kind.
struct RecordRepo {
  ScratchDir dir{"measured"};
  RecordRepo() {
    write_file(dir.path() / "docs/results/h200/lab04.json", kReport);
    write_file(dir.path() / "docs/data/sweep.csv", kSweep);
    write_file(dir.path() / "docs/results/h200/gpu.txt", kLog);
    write_file(dir.path() / "labs/04-padding/lab.json", R"({"checks": []})");
  }
  Problems check(const std::string& id, const std::string& text) const {
    return check_measured_marker(dir.path(), "docs/page.md", Marker{id, text, 7});
  }
};

std::vector<std::string> texts(const std::vector<WrittenNumber>& numbers) {
  std::vector<std::string> result;
  for (const auto& number : numbers) result.push_back(number.text);
  return result;
}

using Texts = std::vector<std::string>;

bool quotes_value(const std::string& written, double recorded) {
  const auto numbers = written_numbers(written);
  REQUIRE(numbers.size() == 1);
  return quotes(numbers[0], recorded_number(recorded));
}

bool has_problem(const Problems& problems, const std::string& file, int line, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& p) { return p.file == file && p.line == line && contains(p.message, part); });
}

}  // namespace

TEST_CASE("written_numbers reads numbers as the course text writes them") {
  SUBCASE("units and a leading x are not numbers") {
    CHECK(texts(written_numbers("4.40x faster, x 32 lanes, 85.5 %")) == Texts{"4.40", "32", "85.5"});
  }
  SUBCASE("thousands grouped by a space, a no-break space, a thin space or a comma") {
    CHECK(texts(written_numbers("3 317 GB/s")) == Texts{"3317"});
    CHECK(texts(written_numbers("24\xC2\xA0"
                                "000 and 1\xE2\x80\x89"
                                "048\xE2\x80\x89"
                                "576")) == Texts{"24000", "1048576"});
    CHECK(texts(written_numbers("3,317.5 GB/s")) == Texts{"3317.5"});
    CHECK(texts(written_numbers("1, 2 and 1234 567")) == Texts{"1", "2", "1234", "567"});
    CHECK(texts(written_numbers("3 317", DigitGroups::split)) == Texts{"3", "317"});
  }
  SUBCASE("a range is two numbers") {
    CHECK(texts(written_numbers("1.205-1.214 ms")) == Texts{"1.205", "1.214"});
    CHECK(texts(written_numbers("1.205 - 1.214")) == Texts{"1.205", "1.214"});
    CHECK(texts(written_numbers("1.205 to 1.214")) == Texts{"1.205", "1.214"});
    CHECK(texts(written_numbers("1.205\xE2\x80\x93"
                                "1.214")) == Texts{"1.205", "1.214"});
  }
  SUBCASE("names and versions hold no numbers; a sign needs no word before it") {
    CHECK(texts(written_numbers("H200 fp16 sm_90 v1.2")).empty());
    CHECK(texts(written_numbers("-3.5 %, (-2) and stride-32")) == Texts{"-3.5", "-2", "32"});
  }
  SUBCASE("decimals and percent signs are kept") {
    const auto numbers = written_numbers("4.40x and 85.5\xC2\xA0% and 2e5");
    REQUIRE(numbers.size() == 3);
    CHECK(numbers[0].decimals == 2);
    CHECK_FALSE(numbers[0].percent);
    CHECK(numbers[1].decimals == 1);
    CHECK(numbers[1].percent);
    CHECK(numbers[2].value == doctest::Approx(200000));
    CHECK(numbers[2].decimals == 0);
  }
}

TEST_CASE("quotes rounds the recorded value to the quoted decimals, half away from zero") {
  CHECK(quotes_value("4.40", 4.4));
  CHECK(quotes_value("4.4", 4.4037));
  CHECK(quotes_value("4.41", 4.405));  // stored as 4.40499999..., read as written
  CHECK_FALSE(quotes_value("4.40", 4.405));
  CHECK(quotes_value("-2.5", -2.45));
  CHECK(quotes_value("3317", 3316.6));
  CHECK_FALSE(quotes_value("3318", 3316.6));
  CHECK_FALSE(quotes_value("24 000", 23987));
  CHECK(quotes_value("4.400", 4.4));
}

TEST_CASE("quotes takes a percentage from a fraction") {
  CHECK(quotes_value("85.5 %", 0.855));
  CHECK(quotes_value("86 %", 0.855));
  CHECK(quotes_value("85.5 %", 85.5));
  CHECK_FALSE(quotes_value("85.5", 0.855));  // no percent sign: no scaling
  CHECK_FALSE(quotes_value("85.4 %", 0.855));
}

TEST_CASE("quotes accepts the record's own text") {
  const auto numbers = written_numbers("1.000");
  REQUIRE(numbers.size() == 1);
  CHECK(quotes(numbers[0], RecordedNumber{"1.000", 1.0}));
  CHECK(recorded_number(4.405).text == "4.405");
  CHECK(recorded_number(132).text == "132");
}

TEST_CASE("parse_measured_reference splits the key and refuses paths outside the records") {
  const auto csv = parse_measured_reference("docs/data/sweep.csv#kernel=mixed,stride=32");
  CHECK(csv.error.empty());
  CHECK(csv.record == "docs/data/sweep.csv");
  CHECK(csv.key == "kernel=mixed,stride=32");
  CHECK(parse_measured_reference("docs/results/h200.md").key.empty());
  CHECK(contains(parse_measured_reference("labs/04-padding/lab.json").error, "not a committed record"));
  CHECK(contains(parse_measured_reference("docs/results/../labs/x.json").error, "\"..\""));
  CHECK(contains(parse_measured_reference("/docs/results/x.json").error, "absolute"));
  CHECK(contains(parse_measured_reference("docs/results/").error, "not a committed record"));
  CHECK(contains(parse_measured_reference("docs/results/x.json#").error, "nothing after \"#\""));
}

TEST_CASE("a measured marker matches a check of a report") {
  const RecordRepo repo;
  CHECK(repo.check("docs/results/h200/lab04.json#speedup_vs_starter", "4.41x").empty());
  CHECK(repo.check("docs/results/h200/lab04.json#speedup_vs_starter", "4.4x faster").empty());
  CHECK(repo.check("docs/results/h200/lab04.json#speedup_vs_starter", "1.205 to 1.214 ms").empty());
  CHECK(repo.check("docs/results/h200/lab04.json#fraction_of_copy_roofline", "85.5 %").empty());
  CHECK(repo.check("docs/results/h200/lab04.json#fraction_of_copy_roofline",
                   "3\xE2\x80\x89"
                   "317 GB/s")
            .empty());
  CHECK(repo.check("docs/results/h200/lab04.json#gpu/sm_count", "132 SMs").empty());
  CHECK(repo.check("docs/results/h200/lab04.json", "0.2741 ms").empty());  // the whole file
  // A number of another check is not in this one.
  CHECK_FALSE(repo.check("docs/results/h200/lab04.json#speedup_vs_starter", "85.5 %").empty());
}

TEST_CASE("a wrong number names the nearest one in the record") {
  const RecordRepo repo;
  const Problems problems = repo.check("docs/results/h200/lab04.json#speedup_vs_starter", "4.40x and 1.214 ms");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].file == "docs/page.md");
  CHECK(problems[0].line == 7);
  CHECK(problems[0].message ==
        "measured \"4.40x and 1.214 ms\": 4.40 is not in docs/results/h200/lab04.json#speedup_vs_starter "
        "(nearest there: 4.405)");
  // A path of keys to the fraction alone: only 100 x 0.855 can quote a percentage there.
  CHECK(repo.check("docs/results/h200/lab04.json#checks/1/measured", "85.5 %").empty());
  const Problems percent = repo.check("docs/results/h200/lab04.json#checks/1/measured", "85.4 %");
  REQUIRE(percent.size() == 1);
  CHECK(contains(percent[0].message, "85.4 % is not in"));
  CHECK(contains(percent[0].message, "nearest there: 0.855 (85.5 %)"));
}

TEST_CASE("a measured marker matches the selected rows of a CSV table") {
  const RecordRepo repo;
  CHECK(repo.check("docs/data/sweep.csv#kernel=mixed,stride=32", "3 317 GB/s").empty());
  CHECK(repo.check("docs/data/sweep.csv#kernel=mixed", "3 985 and 3,317 GB/s").empty());
  CHECK(repo.check("docs/data/sweep.csv#stride=32", "766 GB/s").empty());
  const Problems other_row = repo.check("docs/data/sweep.csv#kernel=mixed,stride=1", "3 317 GB/s");
  REQUIRE(other_row.size() == 1);
  CHECK(
      contains(other_row[0].message, "3317 is not in docs/data/sweep.csv#kernel=mixed,stride=1 (nearest there: 3985)"));
}

TEST_CASE("a CSV key names a column the table has and selects a row") {
  const RecordRepo repo;
  const Problems column = repo.check("docs/data/sweep.csv#kernal=mixed", "3985");
  REQUIRE(column.size() == 1);
  CHECK(contains(column[0].message,
                 "no column \"kernal\" in docs/data/sweep.csv (its columns: kernel, stride, ways, gbps)"));
  const Problems row = repo.check("docs/data/sweep.csv#kernel=mixed,stride=64", "3985");
  REQUIRE(row.size() == 1);
  CHECK(contains(row[0].message, "no row of docs/data/sweep.csv has kernel=mixed,stride=64"));
  CHECK(contains(repo.check("docs/data/sweep.csv#mixed", "3985")[0].message, "is not column=value"));
}

TEST_CASE("a measured marker matches the lines of a text record that hold the key") {
  const RecordRepo repo;
  CHECK(repo.check("docs/results/h200/gpu.txt#SMs:", "132 SMs and 60 MB of L2").empty());
  CHECK(repo.check("docs/results/h200/gpu.txt#stride 32", "0.162 ms").empty());
  CHECK_FALSE(repo.check("docs/results/h200/gpu.txt#stride 32", "132 SMs").empty());
  const Problems none = repo.check("docs/results/h200/gpu.txt#HBM", "4.8 TB/s");
  REQUIRE(none.size() == 1);
  CHECK(contains(none[0].message, "no line of docs/results/h200/gpu.txt contains \"HBM\""));
}

TEST_CASE("a measured marker must name an existing record in docs/results or docs/data") {
  const RecordRepo repo;
  CHECK(contains(repo.check("docs/results/h200/lab09.json#x", "1")[0].message,
                 "no such record: docs/results/h200/lab09.json"));
  CHECK(contains(repo.check("labs/04-padding/lab.json", "1")[0].message,
                 "\"labs/04-padding/lab.json\" is not a committed record"));
  CHECK(contains(repo.check("docs/results/h200", "1")[0].message, "is a folder, not a record"));
  CHECK(contains(repo.check("docs/results/h200/lab04.json#nope", "1")[0].message,
                 "no check \"nope\" in docs/results/h200/lab04.json (its checks: speedup_vs_starter, "
                 "fraction_of_copy_roofline)"));
  CHECK(contains(repo.check("docs/results/h200/lab04.json#gpu/sm", "1")[0].message, "no key \"sm\" in \"gpu\""));
}

TEST_CASE("a measured marker quotes at least one number") {
  const RecordRepo repo;
  const Problems problems = repo.check("docs/data/sweep.csv#stride=1", "fast");
  REQUIRE(problems.size() == 1);
  CHECK(contains(problems[0].message, "measured \"fast\": no number to check"));
}

TEST_CASE("measured markers are found like thresholds: inline, at a line start, not in code, closed") {
  const Markdown page(
      "Ran <!--measured:docs/data/a.csv#k=v-->4.40x<!--/measured--> faster and\n"
      "<!--measured:docs/data/a.csv-->3 317 GB/s<!--/measured--> at **stride 1**.\n\n"
      "`<!--measured:docs/data/a.csv-->1<!--/measured-->`\n\n"
      "Open <!--measured:docs/data/a.csv-->4.40x and nothing closes it.\n\n"
      "A threshold <!--threshold:04/x-->1.8x<!--/threshold--> is another kind.\n");
  std::vector<Marker> found;
  Problems problems;
  visit_markers(
      page.root(), "docs/page.md",
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        found.push_back(marker);
        return std::nullopt;
      },
      problems, MarkerKind::measured);
  REQUIRE(found.size() == 2);
  CHECK(found[0].id == "docs/data/a.csv#k=v");
  CHECK(found[0].text == "4.40x");
  CHECK(found[0].line == 1);
  CHECK(found[1].text == "3 317 GB/s");
  CHECK(found[1].line == 2);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].line == 6);
  CHECK(contains(problems[0].message, "measured marker without its closing <!--/measured-->"));
}

TEST_CASE("the site shows the author's measured text unchanged, marked with its record") {
  Markdown page(
      "It ran <!--measured:docs/data/a.csv#k=v-->**4.40x**<!--/measured--> faster.\n\n"
      "<!--measured:docs/data/a.csv-->3&nbsp;317 GB/s<!--/measured--> in a block\n\n"
      "<div><!--measured:docs/data/a.csv-->1 <b>2</b><!--/measured--></div>\n");
  Problems problems;
  visit_markers(
      page.root(), "docs/page.md",
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        return MarkerValue{std::nullopt, marker.id};
      },
      problems, MarkerKind::measured);
  const std::string html = page.render_html();
  CHECK(problems.empty());
  CHECK(contains(html,
                 "<p>It ran <span class=\"measured\" title=\"measured: docs/data/a.csv#k=v\">"
                 "<strong>4.40x</strong></span> faster.</p>"));
  CHECK(contains(html,
                 "<p><span class=\"measured\" title=\"measured: docs/data/a.csv\">3\xC2\xA0"
                 "317 GB/s</span> in a block</p>"));
  CHECK(contains(html, "<div><span class=\"measured\" title=\"measured: docs/data/a.csv\">1 <b>2</b></span></div>"));
}

TEST_CASE("check_measured passes the fixture course and reports the broken one") {
  const MeasuredReport clean = check_measured(fixture("course"));
  std::string listed;
  for (const auto& problem : clean.problems) listed += to_string(problem) + "\n";
  INFO(listed);
  CHECK(clean.problems.empty());
  CHECK(clean.markers == 8);
  CHECK(clean.files_with_markers == 2);

  const MeasuredReport broken = check_measured(fixture("broken"));
  const std::string page = "docs/measured.md";
  CHECK(broken.markers == 8);
  CHECK(broken.problems.size() == 9);
  CHECK(has_problem(broken.problems, page, 3,
                    "3.41 is not in docs/results/lab01.json#speedup_vs_starter (nearest there: 3.42)"));
  CHECK(has_problem(broken.problems, page, 4, "no such record: docs/results/lab09.json"));
  CHECK(has_problem(broken.problems, page, 5, "not a committed record"));
  CHECK(has_problem(broken.problems, page, 6, "contains \"..\""));
  CHECK(has_problem(broken.problems, page, 7, "no column \"kernal\""));
  CHECK(has_problem(broken.problems, page, 8, "no row of docs/data/sweep.csv has stride=64"));
  CHECK(has_problem(broken.problems, page, 9, "no number to check"));
  CHECK(has_problem(broken.problems, page, 10, "no check \"no_such_check\""));
  CHECK(has_problem(broken.problems, page, 11, "without its closing <!--/measured-->"));
}
