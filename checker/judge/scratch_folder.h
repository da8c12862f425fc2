#pragma once
// The one folder a check program may write in (containment.h): made fresh for each step, read by
// the judge only after every process of the step has ended, then removed.
#include <map>
#include <string>
#include <vector>

namespace memlab {

class ScratchFolder {
 public:
  // A new empty folder under $TMPDIR (or /tmp), named `prefix`-XXXXXX. Throws when it cannot be made.
  explicit ScratchFolder(const std::string& prefix);
  ~ScratchFolder();  // removes the folder and all it holds
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::string& path() const { return path_; }

  // The check program's own options, with every "--out=FILE" (doctest's reporter output)
  // pointed into this folder; copy_outputs() puts the file where FILE said.
  std::vector<std::string> redirect_outputs(const std::vector<std::string>& args);

  // Copies the artifacts the check program wrote (regular files at the top of the folder, named
  // `name_prefix`*.txt/.csv/.svg, at most 8 MiB each; never a report's own name) into
  // `results_dir`, and the redirected outputs to their places. Links and anything else are left.
  void copy_outputs(const std::string& results_dir, const std::string& name_prefix) const;

 private:
  std::string path_;
  std::map<std::string, std::string> redirected_;  // name in this folder -> where it belongs
};

}  // namespace memlab
