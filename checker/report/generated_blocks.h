#pragma once
// Generated blocks in a Markdown page: text that a command prints, kept in the page between
//   <!-- generated: memlab-report ARGS -->
//   ...what `memlab-report ARGS` printed, run from the repository root...
//   <!-- generated: end -->
// so that a table is printed again from committed files instead of pasted, and an edit by hand
// shows. This file only finds, compares and replaces blocks; check_page runs their commands.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace memlab {

struct GeneratedBlock {
  std::size_t line = 0;           // the opening marker's line in the page, from 1
  std::string command;            // what the marker names, "memlab-report ARGS"
  std::size_t content_begin = 0;  // the content's offsets in the page: from the line after the
  std::size_t content_end = 0;    // opening marker to the start of the end marker's line
};

// A page whose markers do not pair up: `line` is where the trouble starts.
struct GeneratedBlockError : std::runtime_error {
  GeneratedBlockError(std::size_t line, const std::string& message) : std::runtime_error(message), line(line) {}
  std::size_t line;
};

// The page's blocks in page order. Markers inside fenced code (```) are examples, not blocks.
// Throws GeneratedBlockError on an opening marker without an end (or with another opening marker
// before it), an end marker without an opening one, or an opening marker that does not end
// with "-->" on its line.
std::vector<GeneratedBlock> find_generated_blocks(const std::string& page);

// A marker's command split into words as a shell would split it, with '...' and "..." quoting
// (no escapes, no expansion). Throws std::runtime_error on an unclosed quote.
std::vector<std::string> split_command(const std::string& command);

// Where a block's content first differs from what its command printed: a line of the block
// (from 1), and the two texts there (std::nullopt where one of them has no more lines).
struct FirstDifference {
  std::size_t line = 0;
  std::optional<std::string> page, printed;
};
std::optional<FirstDifference> first_difference(const std::string& content, const std::string& printed);

// The page with each block's content replaced by the text at the same index of `contents`.
std::string replace_block_contents(const std::string& page, const std::vector<GeneratedBlock>& blocks,
                                   const std::vector<std::string>& contents);

}  // namespace memlab
