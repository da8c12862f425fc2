// Writes the files of a rendered site and remembers them, so the next run can delete pages
// whose sources are gone (the output folder is never wiped: --out might be mistyped).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

namespace memlab::site {

namespace fs = std::filesystem;

class SiteWriter {
 public:
  static constexpr const char* kManifestName = ".memlab-site-files";

  explicit SiteWriter(fs::path out) : out_(std::move(out)) {}

  void write(const std::string& site_path, std::string_view content);
  void copy(const fs::path& from, const std::string& site_path);

  // Writes the list of files and deletes those the previous run wrote and this one did not.
  void finish();

  const std::set<std::string>& written() const { return written_; }

 private:
  fs::path out_;
  std::set<std::string> written_;
};

}  // namespace memlab::site
