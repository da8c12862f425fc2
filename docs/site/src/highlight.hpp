// A small lexical highlighter for the C-family code the course shows (C++, CUDA). It marks
// comments, strings, preprocessor lines, numbers, keywords, types and CUDA built-ins with
// <span class="hl-..."> so the stylesheet can colour them; it does not parse.
#pragma once

#include <string>
#include <string_view>

struct cmark_node;

namespace memlab::site {

// True for the info-string languages highlight_code understands: c, cpp, c++, cc, cu, cuda, h, hpp, cuh.
bool is_highlighted_language(std::string_view language);

// Escaped HTML of `code` with highlight spans; plain escaped HTML for other languages.
std::string highlight_code(std::string_view code, std::string_view language);

// First word of a fenced block's info string: "cuda compile" -> "cuda".
std::string info_language(std::string_view info);

// True when the info string asks for the block to be compiled: "cpp compile", "cuda compile".
bool is_compile_block(std::string_view info);

// Replaces every fenced code block below `root` with its highlighted HTML; compiled blocks get
// a "compiled" badge so readers know the snippet is checked.
void highlight_code_blocks(cmark_node* root);

}  // namespace memlab::site
