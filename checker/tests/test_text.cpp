#include <doctest/doctest.h>

#include "memlab/table.h"
#include "memlab/text_format.h"

using namespace memlab;

TEST_CASE("fixed writes a fixed number of decimals, never an exponent") {
  CHECK(fixed(3.14159, 2) == "3.14");
  CHECK(fixed(2.5, 0) == "2");  // round half to even, as printf does
  CHECK(fixed(1e20, 0) == "100000000000000000000");
  CHECK(fixed(-0.05, 1) == "-0.1");
}

TEST_CASE("escape_xml escapes what SVG text and attributes need") {
  CHECK(escape_xml("a < b & \"c\" > d") == "a &lt; b &amp; &quot;c&quot; &gt; d");
  CHECK(escape_xml("plain") == "plain");
  CHECK(escape_xml("it's") == "it&#39;s");
}

TEST_CASE("tables align right under a rule, and quote CSV cells that need it") {
  Table t{{"stride", "GB/s"}, {"s", "gbps"}, {{"1", "30580"}, {"32", "955"}}};
  CHECK(t.text() ==
        "stride   GB/s\n"
        "-------------\n"
        "     1  30580\n"
        "    32    955\n");
  CHECK(t.csv() == "s,gbps\n1,30580\n32,955\n");
  Table q{{"name", "note"}, {}, {{"a,b", "say \"hi\""}}};
  CHECK(q.csv() == "name,note\n\"a,b\",\"say \"\"hi\"\"\"\n");
}
