// Helpers shared by the memlab-site unit tests.
#pragma once

#include <filesystem>
#include <string>

#include <unistd.h>

namespace memlab::site::test {

namespace fs = std::filesystem;

inline fs::path fixture(const std::string& relative) { return fs::path(MEMLAB_SITE_FIXTURES) / relative; }

// A fresh, empty folder under the system temp folder, removed when the object dies.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& tag) {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("memlab-site-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace memlab::site::test
