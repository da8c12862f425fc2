#include "scratch_folder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "memlab/result_files.h"

namespace fs = std::filesystem;

namespace memlab {
namespace {

constexpr off_t kMaxArtifactBytes = 8 << 20;

bool has_suffix(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The artifact names a check program may hand back: lab03.sweep.csv, lab08.candidates.txt, ...
// Never a name the report step writes (labNN.txt, labNN.build.log) and never a path.
bool artifact_name(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix, 0) != 0 || name.size() > 120) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) return false;
  const std::string rest = name.substr(prefix.size());
  if (rest == "txt" || rest.rfind("build.", 0) == 0) return false;
  return has_suffix(name, ".txt") || has_suffix(name, ".csv") || has_suffix(name, ".svg");
}

// The bytes of a regular file of at most kMaxArtifactBytes, never through a link; false otherwise.
bool read_regular_file(const fs::path& p, std::string& bytes) {
  const int fd = open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat st {};
  const bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= kMaxArtifactBytes;
  if (ok) {
    bytes.resize(static_cast<size_t>(st.st_size));
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = read(fd, &bytes[done], bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    bytes.resize(done);
  }
  close(fd);
  return ok;
}

}  // namespace

ScratchFolder::ScratchFolder(const std::string& prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + prefix + "-XXXXXX";
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot make a scratch folder " + pattern + ": " + std::strerror(errno));
  path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::vector<std::string> ScratchFolder::redirect_outputs(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const auto& a : args) {
    if (a.rfind("--out=", 0) == 0 && a.size() > 6) {
      const std::string target = a.substr(6);
      const std::string name = "out-" + std::to_string(redirected_.size()) + "-" + fs::path(target).filename().string();
      redirected_[name] = target;
      out.push_back("--out=" + path_ + "/" + name);
    } else {
      out.push_back(a);
    }
  }
  return out;
}

void ScratchFolder::copy_outputs(const std::string& results_dir, const std::string& name_prefix) const {
  std::error_code ec;
  for (fs::directory_iterator it(path_, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::string bytes;
    auto target = redirected_.find(name);
    if (target == redirected_.end() && !artifact_name(name, name_prefix)) continue;
    if (!read_regular_file(it->path(), bytes)) continue;
    const fs::path to = target != redirected_.end() ? fs::path(target->second) : fs::path(results_dir) / name;
    fs::create_directories(to.parent_path(), ec);
    write_file_atomically(to, bytes);
  }
}

}  // namespace memlab
