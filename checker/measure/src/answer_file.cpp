#include "answer_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "memlab/bilingual.h"

namespace memlab {

AnswerFile::AnswerFile(std::string path) : path_(std::move(path)) {
  fd_ = open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::runtime_error(bilingual("cannot open the answer file " + path_ + ": " + std::strerror(errno),
                                       "无法打开答案文件 " + path_ + "：" + std::strerror(errno)));
}

AnswerFile::~AnswerFile() {
  if (fd_ >= 0) close(fd_);
}

AnswerFile::Lock::Lock(AnswerFile& f) : f_(f) {
  while (flock(f_.fd_, LOCK_EX) != 0 && errno == EINTR) {
  }
  f_.reload();
}

AnswerFile::Lock::~Lock() { flock(f_.fd_, LOCK_UN); }

void AnswerFile::reload() {
  // Only what was added since the last read: lines are appended, never changed. A file that is
  // shorter than what was read was emptied by a new build step: read it all again.
  if (lseek(fd_, 0, SEEK_END) < read_offset_) {
    read_offset_ = 0;
    entries_.clear();
    broken_.clear();
    output_.clear();
  }
  std::string text;
  char buf[65536];
  for (off_t at = read_offset_;;) {
    const ssize_t n = pread(fd_, buf, sizeof buf, at);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
    at += n;
  }
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    // Written only by the course's check programs; a line that does not parse (a write cut
    // short by a killed program) is skipped, and its question is asked again.
    const auto j = nlohmann::json::parse(text.substr(start, nl - start), nullptr, false);
    if (!j.is_object()) continue;
    if (j.contains("key") && j["key"].is_string())
      entries_[j["key"].get<std::string>()] = j;
    else if (j.contains("broken") && j["broken"].is_string())
      broken_[j["broken"].get<std::string>()] = j.value("reason", std::string("no reason"));
    else if (j.contains("output") && j["output"].is_string())
      output_ += j["output"].get<std::string>();
  }
  read_offset_ += static_cast<off_t>(start);
}

std::optional<nlohmann::json> AnswerFile::find(const std::string& key) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> AnswerFile::broken(const std::string& kind) const {
  const auto it = broken_.find(kind);
  if (it == broken_.end()) return std::nullopt;
  return it->second;
}

void AnswerFile::append(const nlohmann::json& line) {
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const char* p = text.data();
  std::size_t left = text.size();
  while (left) {
    const ssize_t n = write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw std::runtime_error(bilingual("cannot write the answer file " + path_ + ": " + std::strerror(errno),
                                         "无法写入答案文件 " + path_ + "：" + std::strerror(errno)));
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  read_offset_ = lseek(fd_, 0, SEEK_END);  // under the lock: nobody else wrote in between
}

void AnswerFile::store(const std::string& key, nlohmann::json entry) {
  entry["key"] = key;
  append(entry);
  entries_[key] = std::move(entry);
}

void AnswerFile::store_broken(const std::string& kind, const std::string& reason) {
  append(nlohmann::json{{"broken", kind}, {"reason", reason}});
  broken_[kind] = reason;
}

void AnswerFile::store_output(const std::string& text) {
  if (text.empty()) return;
  append(nlohmann::json{{"output", text}});
  output_ += text;
}

}  // namespace memlab
