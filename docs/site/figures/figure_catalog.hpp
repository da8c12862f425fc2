// Every figure of the course text, and how each is drawn. They are committed in docs/figures/
// so that a page or a handout shows them wherever it is read, GitHub included; the text links
// them as docs/figures/NAME (from a handout: ../../docs/figures/NAME). Each figure exists in
// English (NAME) and in Simplified Chinese (its twin, NAME with .zh before the extension,
// languages.hpp), which the Chinese pages show. `memlab-figures check` holds the folder to what
// this list draws (the test docs.figures).
#pragma once

#include "languages.hpp"
#include "text.hpp"

#include <functional>
#include <string>
#include <vector>

namespace memlab::site::figures {

inline constexpr const char* kFiguresFolder = "docs/figures";

struct CourseFigure {
  std::string name;  // the English file in docs/figures/
  // Draws the figure in a language, reading only committed files under the repository root.
  std::function<std::string(const fs::path& root, Language language)> draw;
};

const std::vector<CourseFigure>& course_figures();

}  // namespace memlab::site::figures
