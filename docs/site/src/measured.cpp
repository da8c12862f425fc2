#include "measured.hpp"

#include "numbers.hpp"
#include "record_sources.hpp"
#include "text.hpp"

#include <algorithm>
#include <stdexcept>

namespace memlab::site {

namespace {

bool has_parent_step(const std::string& path) {
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    if (path.compare(start, slash - start, "..") == 0) return true;
    start = slash + 1;
  }
  return false;
}

bool in_record_folder(const std::string& path) {
  for (std::string_view folder : kRecordFolders) {
    if (starts_with(path, folder) && path.size() > folder.size()) return true;
  }
  return false;
}

// The author's text as a reader sees it: in an HTML block the text is raw HTML, so the
// entities an author uses between digit groups are read as the spaces they stand for.
std::string readable(std::string text) {
  static const std::pair<std::string_view, std::string_view> entities[] = {
      {"&nbsp;", "\xC2\xA0"},       {"&#160;", "\xC2\xA0"},       {"&#xA0;", "\xC2\xA0"},
      {"&thinsp;", "\xE2\x80\x89"}, {"&#8201;", "\xE2\x80\x89"},  {"&#x2009;", "\xE2\x80\x89"},
      {"&#8239;", "\xE2\x80\xAF"},  {"&#x202F;", "\xE2\x80\xAF"}, {"&minus;", "\xE2\x88\x92"}};
  for (const auto& [entity, character] : entities) {
    for (size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at)) {
      text.replace(at, entity.size(), character);
    }
  }
  return text;
}

// The quoted text on one line, for messages.
std::string one_line(const std::string& text) {
  std::string line;
  for (char c : trim(text)) {
    if (c == '\n' || c == '\t') c = ' ';
    if (!(c == ' ' && !line.empty() && line.back() == ' ')) line += c;
  }
  return line;
}

}  // namespace

MeasuredReference parse_measured_reference(const std::string& marker_id) {
  MeasuredReference ref;
  const size_t hash = marker_id.find('#');
  ref.record = trim(std::string_view(marker_id).substr(0, hash));
  const std::string quoted_path = "\"" + ref.record + "\"";
  const std::string from_root = ": name the record by its path from the repository root";
  if (hash != std::string::npos) {
    ref.key = trim(std::string_view(marker_id).substr(hash + 1));
    if (ref.key.empty()) {
      ref.error = "the marker has nothing after \"#\": name a part of the record, or drop the \"#\"";
      return ref;
    }
  }
  const bool absolute = !ref.record.empty() && (ref.record[0] == '/' || ref.record[0] == '\\' ||
                                                (ref.record.size() > 1 && ref.record[1] == ':'));
  if (ref.record.empty()) {
    ref.error = "the marker names no record: write <!--measured:docs/results/FILE#KEY-->";
  } else if (absolute) {
    ref.error = quoted_path + " is absolute" + from_root;
  } else if (ref.record.find('\\') != std::string::npos) {
    ref.error = quoted_path + ": write the path with \"/\"";
  } else if (has_parent_step(ref.record)) {
    ref.error = quoted_path + " contains \"..\"" + from_root;
  } else if (!in_record_folder(ref.record)) {
    ref.error = quoted_path +
                " is not a committed record: measured numbers come from a file under "
                "docs/results/ or docs/data/";
  }
  return ref;
}

Problems check_measured_marker(const fs::path& root, const std::string& page, const Marker& marker) {
  Problems problems;
  const auto problem = [&](const std::string& message) { problems.push_back({page, marker.line, message}); };
  const std::string text = readable(marker.text);
  const std::string quoted = "measured \"" + one_line(text) + "\"";

  const MeasuredReference ref = parse_measured_reference(marker.id);
  if (!ref.error.empty()) {
    problem(quoted + ": " + ref.error);
    return problems;
  }
  std::error_code ec;
  const fs::path file = root / ref.record;
  if (!fs::is_regular_file(file, ec)) {
    problem(quoted + ": " +
            (fs::is_directory(file, ec) ? ref.record + " is a folder, not a record" : "no such record: " + ref.record));
    return problems;
  }
  RecordSelection selection;
  try {
    selection = select_in_record(file, ref.key, ref.record);
  } catch (const std::exception& e) {
    selection.error = e.what();
  }
  if (!selection.error.empty()) {
    problem(quoted + ": " + selection.error);
    return problems;
  }

  const auto numbers = written_numbers(text);
  if (numbers.empty()) {
    problem(quoted + ": no number to check; a measured marker quotes a number of " + marker.id);
    return problems;
  }
  for (const auto& number : numbers) {
    bool found = false;
    for (const auto& recorded : selection.numbers) found = found || quotes(number, recorded);
    if (found) continue;
    const std::string nearest = nearest_recorded(number, selection.numbers);
    problem(quoted + ": " + number.text + (number.percent ? " %" : "") + " is not in " + marker.id +
            (nearest.empty() ? " (there is no number there)" : " (nearest there: " + nearest + ")"));
  }
  return problems;
}

}  // namespace memlab::site
