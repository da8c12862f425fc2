#pragma once
// memlab-report --check-page PAGE [--root DIR] [--write]: every generated block of a Markdown
// page (see generated_blocks.h) must hold what its memlab-report table command prints now.
#include <filesystem>
#include <ostream>

namespace memlab {

// Runs each block's command in this process (paths relative to `root`) and compares its output
// with the block's content, printing "PAGE:LINE: ..." to `err` for each block that differs or
// cannot run, and a summary line to `out`. With `write`, rewrites the differing blocks in place
// instead. Returns 0 when every block matches (or was rewritten), 1 when one differs, 2 when the
// page cannot be checked: it cannot be read, it has no block, its markers do not pair up, or a
// block's command cannot run (not a memlab-report table, a missing report). On 2 the page is
// left as it was. A table's own status (1 for unexpected verdicts) does not count: the page
// records what that run found.
int check_page(const std::filesystem::path& page, const std::filesystem::path& root, bool write, std::ostream& out,
               std::ostream& err);

}  // namespace memlab
