#include "site_writer.hpp"

#include "text.hpp"

#include <stdexcept>

namespace memlab::site {

void SiteWriter::write(const std::string& site_path, std::string_view content) {
  write_file(out_ / site_path, content);
  written_.insert(site_path);
}

void SiteWriter::copy(const fs::path& from, const std::string& site_path) {
  const fs::path to = out_ / site_path;
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw std::runtime_error("cannot copy " + from.string() + " to " + to.string() + ": " + ec.message());
  written_.insert(site_path);
}

void SiteWriter::finish() {
  const fs::path manifest = out_ / kManifestName;
  std::error_code ec;
  if (fs::is_regular_file(manifest, ec)) {
    for (const auto& line : split_lines(read_file(manifest))) {
      const std::string previous = trim(line);
      const bool inside = !previous.empty() && previous[0] != '/' && previous.find("..") == std::string::npos;
      if (inside && written_.count(previous) == 0) fs::remove(out_ / previous, ec);
    }
  }
  std::string list;
  for (const auto& path : written_) list += path + "\n";
  write_file(manifest, list);
}

}  // namespace memlab::site
