#include "generated_blocks.h"

namespace memlab {

namespace {

const std::string open_marker = "<!-- generated:";
const std::string end_marker = "<!-- generated: end -->";

// A line without its end of line and leading and trailing blanks (a page edited on Windows has "\r\n").
std::string trimmed(const std::string& line) {
  const std::size_t last = line.find_last_not_of(" \t\r\n");
  const std::size_t first = line.find_first_not_of(" \t");
  return last == std::string::npos ? "" : line.substr(first, last - first + 1);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t newline = text.find('\n', at);
    lines.push_back(text.substr(at, newline == std::string::npos ? std::string::npos : newline - at));
    if (newline == std::string::npos) break;
    at = newline + 1;
  }
  return lines;
}

// The run of ``` or ~~~ that opens a fence on this (trimmed) line, or "" when it opens none.
std::string fence_of(const std::string& line) {
  if (line.empty() || (line[0] != '`' && line[0] != '~')) return "";
  const std::size_t length = line.find_first_not_of(line[0]);
  const std::string fence = line.substr(0, length);
  return fence.size() >= 3 ? fence : "";
}

}  // namespace

std::vector<GeneratedBlock> find_generated_blocks(const std::string& page) {
  std::vector<GeneratedBlock> blocks;
  std::optional<GeneratedBlock> open;
  // The fence that the current fenced code opened with ("" outside fenced code). As in
  // CommonMark, only a run of the same character, at least as long, closes it: a ```` fence
  // may show ``` lines, and a ~~~ fence ``` ones.
  std::string in_fence;
  std::size_t line_number = 0;
  for (std::size_t at = 0; at < page.size();) {
    const std::size_t newline = page.find('\n', at);
    const std::size_t next = newline == std::string::npos ? page.size() : newline + 1;
    const std::string line = trimmed(page.substr(at, next - at));
    ++line_number;
    // Fences count only outside blocks: a block's content is the command's output, not Markdown.
    if (!open) {
      const std::string fence = fence_of(line);
      if (in_fence.empty() && !fence.empty()) {
        in_fence = fence;
        at = next;
        continue;
      }
      if (!in_fence.empty()) {
        // Only a bare fence closes: "```sh" inside fenced code is text.
        if (fence.size() == line.size() && fence[0] == in_fence[0] && fence.size() >= in_fence.size()) in_fence.clear();
        at = next;
        continue;
      }
    }
    if (line == end_marker) {
      if (!open) throw GeneratedBlockError(line_number, "an end marker without an opening <!-- generated: ... -->");
      open->content_end = at;
      blocks.push_back(*open);
      open.reset();
    } else if (line.rfind(open_marker, 0) == 0) {
      if (open)
        throw GeneratedBlockError(open->line, "the generated block has no " + end_marker +
                                                  " before the next one, on line " + std::to_string(line_number));
      if (line.size() < open_marker.size() + 3 || line.compare(line.size() - 3, 3, "-->") != 0)
        throw GeneratedBlockError(line_number, "a generated block's opening marker must end with --> on its line");
      GeneratedBlock block;
      block.line = line_number;
      block.command = trimmed(line.substr(open_marker.size(), line.size() - open_marker.size() - 3));
      block.content_begin = next;
      open = block;
    }
    at = next;
  }
  if (open) throw GeneratedBlockError(open->line, "the generated block has no " + end_marker);
  return blocks;
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : command) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw std::runtime_error(std::string("an unclosed ") + quote + " in `" + command + "`");
  if (in_word) words.push_back(word);
  return words;
}

std::optional<FirstDifference> first_difference(const std::string& content, const std::string& printed) {
  if (content == printed) return std::nullopt;
  const std::vector<std::string> page_lines = lines_of(content), printed_lines = lines_of(printed);
  FirstDifference d;
  for (std::size_t i = 0;; ++i) {
    const bool in_page = i < page_lines.size(), in_printed = i < printed_lines.size();
    // Same lines throughout but not the same text: one of them lacks the last end of line.
    if (!in_page && !in_printed) {
      d.line = i;
      d.page = page_lines.empty() ? "" : page_lines.back();
      d.printed = printed_lines.empty() ? "" : printed_lines.back();
      return d;
    }
    if (in_page && in_printed && page_lines[i] == printed_lines[i]) continue;
    d.line = i + 1;
    if (in_page) d.page = page_lines[i];
    if (in_printed) d.printed = printed_lines[i];
    return d;
  }
}

std::string replace_block_contents(const std::string& page, const std::vector<GeneratedBlock>& blocks,
                                   const std::vector<std::string>& contents) {
  std::string result;
  std::size_t at = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    result += page.substr(at, blocks[i].content_begin - at);
    result += contents.at(i);
    at = blocks[i].content_end;
  }
  return result + page.substr(at);
}

}  // namespace memlab
