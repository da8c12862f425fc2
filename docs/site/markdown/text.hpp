// Small text and file helpers shared by the renderer and the checks.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

bool starts_with(std::string_view text, std::string_view prefix);
bool ends_with(std::string_view text, std::string_view suffix);
std::string to_lower_ascii(std::string_view text);
std::string trim(std::string_view text);

// Splits at '\n'; a trailing newline does not make an empty last line.
std::vector<std::string> split_lines(std::string_view text);

// Line number of `offset` in `text`, whose first line is `first_line`.
int line_of_offset(std::string_view text, size_t offset, int first_line);

// Escapes &, <, >, " and ' so the text is safe in element content and attribute values.
std::string html_escape(std::string_view text);

std::string base64_encode(std::string_view bytes);

// Throws std::runtime_error naming the path when the file cannot be read or written.
std::string read_file(const fs::path& path);
void write_file(const fs::path& path, std::string_view content);

// A repository-relative path in generic form ("docs/setup.md"), the form used in messages.
std::string repo_relative(const fs::path& root, const fs::path& path);

}  // namespace memlab::site
