// The course-text checks: links resolve, quoted thresholds match the manifests, quoted
// measurements match the committed records, and the compilable code blocks are extracted for
// the compiler.
#pragma once

#include "layout.hpp"
#include "problem.hpp"

#include <filesystem>
#include <string>
#include <vector>

struct cmark_node;

namespace memlab::site {

namespace fs = std::filesystem;

struct LinkReport {
  Problems broken;
  Problems external;  // listed, never fetched: the checks run without network
  size_t checked = 0;
};

// Every link and image in docs/**, labs/*/README.md and slides/NN-*.md: relative ones must
// reach a file of the tree (and a "#anchor" a heading or id of the target page); absolute
// paths are refused.
LinkReport check_links(const CourseTree& tree);

struct ThresholdReport {
  Problems problems;
  size_t markers = 0;
  size_t files_with_markers = 0;
  size_t rewritten = 0;  // files whose markers --write changed
};

// Every threshold marker must quote its manifest value exactly as format_threshold writes it, in
// its page's language (ThresholdBook::lookup): a Chinese page (X.zh.md) quotes it in Chinese.
// With `write`, each marker that quotes another text is rewritten to the manifest's (nothing
// else in the file changes), and only what a rewrite cannot fix stays in `problems`.
ThresholdReport check_thresholds(const fs::path& root, bool write = false);

struct MeasuredReport {
  Problems problems;
  size_t markers = 0;
  size_t files_with_markers = 0;
};

// Every number a measured marker quotes must be in the part of the committed record it names
// (measured.hpp). The same pages as check_thresholds.
MeasuredReport check_measured(const fs::path& root);

struct CodeBlock {
  std::string language;  // "cpp" or "cuda"
  std::string code;
  int line = 0;  // of the first code line in the Markdown file
};

// Fenced blocks whose info string is "cpp compile" or "cuda compile".
std::vector<CodeBlock> compile_blocks(cmark_node* root);

// "docs/setup.md", line 12, "cuda" -> "docs_setup.md_L12.cu"
std::string extracted_file_name(const std::string& repo_path, int line, const std::string& language);

// Writes each compilable block of the course text into `out`, plus code_blocks.tsv with one
// line per block: language, file name, origin (path:line), folder of the Markdown file (for
// includes such as "lab.h"). Returns the number of blocks.
size_t extract_code(const fs::path& root, const fs::path& out);

}  // namespace memlab::site
