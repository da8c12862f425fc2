#include "check_page.h"

#include <sstream>
#include <string>
#include <vector>

#include "generated_blocks.h"
#include "memlab/result_files.h"
#include "table_command.h"

namespace fs = std::filesystem;

namespace memlab {

namespace {

// A block's command as messages show it: the first words, then "...": a verification table
// names every report of a run, which would bury the message.
std::string short_command(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) {
    if (!text.empty() && text.size() + word.size() > 100) return text + " ...";
    text += (text.empty() ? "" : " ") + word;
  }
  return text;
}

std::string quoted(const std::string& line) {
  return "\"" + (line.size() > 80 ? line.substr(0, 80) + "..." : line) + "\"";
}

// "the page has "X", memlab-report prints "Y"", or says which of the two ends there.
std::string difference_text(const FirstDifference& d) {
  const std::string page = d.page ? "the page has " + quoted(*d.page) : "the block ends";
  const std::string printed = d.printed ? "memlab-report prints " + quoted(*d.printed) : "memlab-report prints no more";
  return page + ", " + printed;
}

std::string with_crlf(const std::string& text) {
  std::string result;
  for (const char c : text) result += c == '\n' ? "\r\n" : std::string(1, c);
  return result;
}

}  // namespace

int check_page(const fs::path& page, const fs::path& root, bool write, std::ostream& out, std::ostream& err) {
  std::string text;
  std::vector<GeneratedBlock> blocks;
  if (!fs::is_directory(root)) {
    err << "memlab-report: --root " << root.string() << " is not a folder\n";
    return 2;
  }
  if (!fs::is_regular_file(page)) {
    err << "memlab-report: --check-page " << page.string() << ": " << (fs::exists(page) ? "not a file" : "no such file")
        << "\n";
    return 2;
  }
  try {
    text = read_text_file(page);
    blocks = find_generated_blocks(text);
  } catch (const GeneratedBlockError& e) {
    err << page.string() << ":" << e.line << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "memlab-report: " << e.what() << "\n";
    return 2;
  }
  // A page checked for its tables has at least one: without any, its markers were deleted or
  // mistyped (or it is the wrong page), and passing would hide that its tables are pasted now.
  if (blocks.empty()) {
    err << page.string()
        << ": no generated block (<!-- generated: memlab-report ARGS --> ... <!-- generated: end -->); nothing to "
           "check\n";
    return 2;
  }

  std::vector<std::string> printed(blocks.size());
  int cannot_run = 0;
  int differ = 0;
  std::ostringstream rewritten;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const GeneratedBlock& block = blocks[i];
    const std::string where = page.string() + ":" + std::to_string(block.line) + ": ";
    std::vector<std::string> words;
    try {
      words = split_command(block.command);
      // Only memlab-report's tables: a block is run on every check, so it must print and never write.
      if (words.empty() || words.front() != "memlab-report")
        throw std::runtime_error("not a memlab-report command (a block may run only memlab-report's tables)");
      std::ostringstream output;
      // The table's own status (1: unexpected verdicts) is what the run found, which a page may
      // record; only whether the text matches counts here.
      run_table_command(std::vector<std::string>(words.begin() + 1, words.end()), root, output);
      printed[i] = output.str();
      if (!printed[i].empty() && printed[i].back() != '\n') printed[i] += '\n';  // the end marker on its own line
      // A page saved with Windows ends of line (its opening marker ends with "\r\n") keeps them:
      // otherwise every line would differ by an invisible '\r', and --write would mix the two.
      if (block.content_begin >= 2 && text[block.content_begin - 2] == '\r') printed[i] = with_crlf(printed[i]);
    } catch (const std::exception& e) {
      err << where << "cannot run `" << (words.empty() ? block.command : short_command(words)) << "`: " << e.what()
          << "\n";
      ++cannot_run;
      continue;
    }
    const std::string content = text.substr(block.content_begin, block.content_end - block.content_begin);
    const auto difference = first_difference(content, printed[i]);
    if (!difference) continue;
    ++differ;
    if (write) {
      // Said once the page is written: a later block that cannot run leaves it as it was.
      rewritten << where << "rewrote the generated block from `" << short_command(words) << "`\n";
      continue;
    }
    err << where << "the generated block differs from `" << short_command(words) << "` (first difference: line "
        << block.line + difference->line << ": " << difference_text(*difference) << ")\n";
  }
  if (cannot_run > 0) {
    err << page.string() << ": " << blocks.size() << " generated block(s), " << cannot_run << " could not run"
        << (write ? "; nothing rewritten" : "") << "\n";
    return 2;
  }
  if (write && differ > 0) {
    if (!write_file_atomically(page, replace_block_contents(text, blocks, printed))) {
      err << "memlab-report: cannot write " << page.string() << "\n";
      return 2;
    }
    out << rewritten.str() << page.string() << ": " << blocks.size() << " generated block(s), " << differ
        << " rewritten\n";
    return 0;
  }
  out << page.string() << ": " << blocks.size() << " generated block(s) checked, " << differ << " differ\n";
  if (differ > 0)
    err << "print them again with: memlab-report --check-page " << page.string()
        << (root == "." ? "" : " --root " + root.string()) << " --write (never edit a generated block by hand)\n";
  return differ > 0 ? 1 : 0;
}

}  // namespace memlab
