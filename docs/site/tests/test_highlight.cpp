#include "highlight.hpp"

#include "markdown.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;

TEST_CASE("highlight_code marks the token kinds of C++ and CUDA") {
  const std::string html = highlight_code(
      "#include <cstdio>\n__global__ void k(float4* p) { // note\n  int i = threadIdx.x + 0x1F; /* b */ p[i] = \"s\"; "
      "}\n",
      "cuda");
  CHECK(contains(html, "<span class=\"hl-preprocessor\">#include &lt;cstdio&gt;</span>"));
  CHECK(contains(html, "<span class=\"hl-keyword\">__global__</span>"));
  CHECK(contains(html, "<span class=\"hl-type\">float4</span>"));
  CHECK(contains(html, "<span class=\"hl-comment\">// note</span>"));
  CHECK(contains(html, "<span class=\"hl-builtin\">threadIdx</span>"));
  CHECK(contains(html, "<span class=\"hl-number\">0x1F</span>"));
  CHECK(contains(html, "<span class=\"hl-comment\">/* b */</span>"));
  CHECK(contains(html, "<span class=\"hl-string\">&quot;s&quot;</span>"));
}

TEST_CASE("highlight_code keeps numbers with exponents and separators whole") {
  CHECK(contains(highlight_code("x = 1.5e-3f + 1'000;", "cpp"), "<span class=\"hl-number\">1.5e-3f</span>"));
  CHECK(contains(highlight_code("x = 1'000;", "cpp"), "<span class=\"hl-number\">1&#39;000</span>"));
}

TEST_CASE("other languages are only escaped") {
  CHECK(highlight_code("if [ -x a ]; then echo \"<ok>\"; fi", "sh") ==
        "if [ -x a ]; then echo &quot;&lt;ok&gt;&quot;; fi");
  CHECK_FALSE(is_highlighted_language("python"));
  CHECK(is_highlighted_language("CUDA"));
}

TEST_CASE("info strings: language and the compile flag") {
  CHECK(info_language("cuda compile") == "cuda");
  CHECK(info_language("  cpp  ") == "cpp");
  CHECK(info_language("") == "");
  CHECK(is_compile_block("cpp compile"));
  CHECK(is_compile_block("cuda  compile"));
  CHECK_FALSE(is_compile_block("cpp"));
  CHECK_FALSE(is_compile_block("python compile"));
  CHECK_FALSE(is_compile_block("compile cpp"));
}

TEST_CASE("highlight_code_blocks replaces fenced code and badges compiled blocks") {
  Markdown page("```cpp compile\nint x = 1;\n```\n\n```\nplain <text>\n```\n");
  highlight_code_blocks(page.root());
  const std::string html = page.render_html();
  CHECK(contains(html, "<pre class=\"compiled\""));
  CHECK(contains(
      html, "<code class=\"language-cpp\"><span class=\"hl-type\">int</span> x = <span class=\"hl-number\">1</span>;"));
  CHECK(contains(html, "<pre><code>plain &lt;text&gt;\n</code></pre>"));
}
