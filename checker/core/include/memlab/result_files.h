#pragma once
// Writing into a results folder that other processes read at the same time: `ctest -j` runs
// the report steps of several labs at once, and each of them reads every lab's report to
// build gradescope.json.
#include <filesystem>
#include <string>

namespace memlab {

// Writes `text` to a hidden file beside `path`, then renames it over `path`: a reader sees the
// old file or the new one, never half of one. Returns false (and leaves `path` as it was) when
// the folder cannot be written.
bool write_file_atomically(const std::filesystem::path& path, const std::string& text);

// The whole file as text; throws std::runtime_error naming the file when it cannot be read.
std::string read_text_file(const std::filesystem::path& path);

// An exclusive lock on a results folder (flock on DIR/.lock), held for the object's life, so
// that one read-merge-write of a shared file is not interleaved with another. Throws
// std::runtime_error when the lock file cannot be opened.
class ResultsFolderLock {
 public:
  explicit ResultsFolderLock(const std::filesystem::path& folder);
  ~ResultsFolderLock();
  ResultsFolderLock(const ResultsFolderLock&) = delete;
  ResultsFolderLock& operator=(const ResultsFolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace memlab
