#include "bank_explorer.hpp"
#include "memory_figures.hpp"
#include "sweep_plot.hpp"

#include "support.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace memlab::site::figures;
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
  CHECK(count(page, "</script>") == 2);  // the data element and the script, nothing inside them
  CHECK(page.find("id=\"bank-explorer\"") > page.find("</article>"));  // the figure is outside the article
}

TEST_CASE("the bank explorer page links the course home, outside its article") {
  const std::string page = bank_explorer_page("Course");
  const std::string home = "<header class=\"page-home\"><a class=\"brand\" href=\"../index.html\">Course</a></header>";
  REQUIRE(contains(page, home));
  CHECK(page.find(home) < page.find("<article"));  // the browser check compares the article with the file
  CHECK(contains(page, "body.embedded .markdown-body, body.embedded .page-footer, body.embedded .page-home"));
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
