#include "memlab/result_files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace memlab {

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  // A leading dot and the process id: the temporary name is unique to this writer and never
  // matches the lab*.json that readers look for.
  const std::filesystem::path temporary =
      path.parent_path() / fmt::format(".{}.tmp-{}", path.filename().string(), ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      return false;
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) std::filesystem::remove(temporary, error);
  return !error;
}

ResultsFolderLock::ResultsFolderLock(const std::filesystem::path& folder) {
  const std::string lock_path = (folder / ".lock").string();
  fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error(fmt::format("cannot open {}: {}", lock_path, std::strerror(errno)));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    throw std::runtime_error(fmt::format("cannot lock {}: {}", lock_path, reason));
  }
}

ResultsFolderLock::~ResultsFolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace memlab
