#include "line_splitter.h"

#include <algorithm>

namespace memlab {

void LineSplitter::feed(std::string_view bytes, const LineSink& on_line) {
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    const std::string_view piece = bytes.substr(0, newline);
    if (!dropping_) {
      // Never more than one byte past the limit: enough for the reader to see the line is too long.
      const std::size_t room = max_line_ == 0 ? piece.size() : max_line_ + 1 - pending_.size();
      pending_.append(piece.substr(0, std::min(room, piece.size())));
      if (max_line_ != 0 && pending_.size() > max_line_) {
        on_line(pending_);
        pending_.clear();
        dropping_ = true;
      }
    }
    if (newline == std::string_view::npos) return;
    if (!dropping_) on_line(pending_);
    pending_.clear();
    dropping_ = false;
    bytes.remove_prefix(newline + 1);
  }
}

void LineSplitter::finish(const LineSink& on_line) {
  if (!pending_.empty() && !dropping_) on_line(pending_);
  pending_.clear();
  dropping_ = false;
}

}  // namespace memlab
