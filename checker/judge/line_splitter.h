#pragma once
// The lines of a byte stream that arrives in pieces (a pipe read as it fills), passed on one at a
// time. A program that may misbehave writes the stream, so a line has a length limit: as soon as
// a line is longer, its first max_line + 1 bytes are passed on, and the rest of it is dropped. The
// reader sees that the line is too long, and a line that never ends cannot fill the memory.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace memlab {

class LineSplitter {
 public:
  using LineSink = std::function<void(const std::string&)>;
  // max_line: the longest line passed on whole, in bytes; 0: no limit.
  explicit LineSplitter(std::size_t max_line = 0) : max_line_(max_line) {}
  // The next bytes of the stream: every line they complete goes to `on_line`, without its newline.
  void feed(std::string_view bytes, const LineSink& on_line);
  // The end of the stream: a last line without its newline goes to `on_line`.
  void finish(const LineSink& on_line);

 private:
  std::size_t max_line_;
  std::string pending_;    // the line begun and not ended, at most max_line_ + 1 bytes
  bool dropping_ = false;  // the rest of a line that was too long is being dropped
};

}  // namespace memlab
