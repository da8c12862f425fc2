#include "figure_folder.hpp"

#include "figure_catalog.hpp"
#include "svg_fit.hpp"

#include <stdexcept>
#include <system_error>

namespace memlab::site::figures {

namespace {

// The file in `folder` of each name, in name order; folders inside it count as files (a
// figure is never one).
std::map<std::string, fs::path> files_in(const fs::path& folder) {
  std::map<std::string, fs::path> files;
  std::error_code ec;
  if (!fs::exists(folder, ec)) return files;
  for (const auto& entry : fs::directory_iterator(folder)) files[entry.path().filename().string()] = entry.path();
  return files;
}

bool same_file(const fs::path& file, const std::string& content) {
  std::error_code ec;
  return fs::is_regular_file(file, ec) && read_file(file) == content;
}

}  // namespace

std::map<std::string, std::string> draw_course_figures(const fs::path& root) {
  std::map<std::string, std::string> drawn;
  for (const CourseFigure& figure : course_figures()) {
    for (const Language language : {Language::en, Language::zh}) {
      const std::string name = twin_of(figure.name, language);
      std::string content;
      try {
        content = figure.draw(root, language);
      } catch (const std::exception& e) {
        throw std::runtime_error(name + ": " + e.what());
      }
      if (ends_with(name, ".svg")) {
        std::string problems;
        for (const auto& problem : svg_fit_problems(content)) problems += "\n  " + problem;
        if (!problems.empty()) throw std::runtime_error(name + ": a text does not fit:" + problems);
      }
      drawn[name] = std::move(content);
    }
  }
  return drawn;
}

std::vector<std::string> folder_differences(const std::map<std::string, std::string>& drawn, const fs::path& folder) {
  std::vector<std::string> differences;
  const auto files = files_in(folder);
  auto file = files.begin();
  auto figure = drawn.begin();
  // Both maps are in name order: walk them side by side.
  while (file != files.end() || figure != drawn.end()) {
    if (figure == drawn.end() || (file != files.end() && file->first < figure->first)) {
      differences.push_back(file->first + ": no figure is drawn to this file");
      ++file;
    } else if (file == files.end() || figure->first < file->first) {
      differences.push_back(figure->first + ": missing");
      ++figure;
    } else {
      if (!same_file(file->second, figure->second)) differences.push_back(figure->first + ": differs from its drawing");
      ++file;
      ++figure;
    }
  }
  return differences;
}

int write_folder(const std::map<std::string, std::string>& drawn, const fs::path& folder) {
  fs::create_directories(folder);
  int changed = 0;
  for (const auto& [name, path] : files_in(folder)) {
    if (drawn.count(name)) continue;
    fs::remove_all(path);
    ++changed;
  }
  for (const auto& [name, content] : drawn) {
    if (same_file(folder / name, content)) continue;
    write_file(folder / name, content);
    ++changed;
  }
  return changed;
}

}  // namespace memlab::site::figures
