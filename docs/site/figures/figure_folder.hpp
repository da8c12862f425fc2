// The course's figures as files: drawn all at once from the repository, written to a folder,
// and compared with the committed folder docs/figures/ (memlab-figures check, the test
// docs.figures).
#pragma once

#include "text.hpp"

#include <map>
#include <string>
#include <vector>

namespace memlab::site::figures {

// File name -> content: every figure of figure_catalog.hpp in English and in Chinese. Throws
// std::runtime_error naming the figure when one cannot be drawn, or when a text of an SVG
// figure would not show whole (svg_fit.hpp), so a figure whose words do not fit is never written.
std::map<std::string, std::string> draw_course_figures(const fs::path& root);

// How `folder` differs from `drawn`, one line per file, in name order: a figure missing there,
// a figure that differs, a file no figure is drawn to. Empty when they are the same.
std::vector<std::string> folder_differences(const std::map<std::string, std::string>& drawn, const fs::path& folder);

// Makes `folder` hold exactly `drawn`: writes each figure whose file differs and removes every
// other file. Returns how many files it wrote or removed.
int write_folder(const std::map<std::string, std::string>& drawn, const fs::path& folder);

}  // namespace memlab::site::figures
