#pragma once
// The grading's answer file: every answer the recorder gave during one grading, one JSON line
// each, so that every suite of the grading gets the same answer to the same question. The build
// step empties it (a new grading); suites that run at once take turns with a lock.
#include <sys/types.h>

#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace memlab {

class AnswerFile {
 public:
  explicit AnswerFile(std::string path);
  ~AnswerFile();
  AnswerFile(const AnswerFile&) = delete;
  AnswerFile& operator=(const AnswerFile&) = delete;

  // Holds the file's lock while alive, and reads what other suites wrote meanwhile.
  class Lock {
   public:
    explicit Lock(AnswerFile& f);
    ~Lock();

   private:
    AnswerFile& f_;
  };

  // The entry for `key` ({"answer": ...}, {"plan": ...} or {"error": "..."}), if any.
  std::optional<nlohmann::json> find(const std::string& key) const;
  // Why the recorder of `kind` ("pure" or "plans") cannot be asked any more in this grading.
  std::optional<std::string> broken(const std::string& kind) const;
  void store(const std::string& key, nlohmann::json entry);
  void store_broken(const std::string& kind, const std::string& reason);
  void store_output(const std::string& text);
  // A line that no reader looks up (a note on a recorder run's time): kept for people only.
  void store_note(const nlohmann::json& line) { append(line); }
  std::string output() const { return output_; }

 private:
  void reload();
  void append(const nlohmann::json& line);
  std::string path_;
  int fd_ = -1;
  off_t read_offset_ = 0;  // bytes of the file already read into the maps
  std::map<std::string, nlohmann::json> entries_;
  std::map<std::string, std::string> broken_;
  std::string output_;
};

}  // namespace memlab
