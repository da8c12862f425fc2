#include "class_run.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace memlab::course {
namespace {

using nlohmann::json;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string without_archive_suffix(std::string name) {
  for (const char* tail : {".tar.gz", ".tgz", ".zip", ".tar"})
    if (ends_with(name, tail)) return name.substr(0, name.size() - std::string(tail).size());
  return name;
}

}  // namespace

void save_class_run(const ClassRun& run, const fs::path& file) {
  const GradingOptions& o = run.options;
  json subs = json::array();
  for (const auto& s : run.submissions)
    subs.push_back({{"id", s.id},
                    {"source", s.source.string()},
                    {"files_dir", s.files_dir.string()},
                    {"problem", s.problem},
                    {"variant", s.variant}});
  const json j{{"lab", run.lab},
               {"options",
                {{"course", o.course.string()},
                 {"out", o.out.string()},
                 {"tree", o.tree.string()},
                 {"thresholds", o.thresholds},
                 {"jobs", o.jobs},
                 {"gpus", o.gpus},
                 {"compile_timeout_s", o.compile_timeout_s},
                 {"cuda_architectures", o.cuda_architectures}}},
               {"submissions", subs},
               {"chunks", run.chunks}};
  fs::create_directories(file.parent_path());
  std::ofstream(file) << j.dump(2) << "\n";
}

ClassRun load_class_run(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string() + " (was grade-class run with this --out?)");
  try {
    const json j = json::parse(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
    ClassRun run;
    run.lab = j.at("lab").get<std::string>();
    const json& o = j.at("options");
    run.options.course = o.at("course").get<std::string>();
    run.options.out = o.at("out").get<std::string>();
    run.options.tree = o.at("tree").get<std::string>();
    run.options.thresholds = o.at("thresholds").get<std::string>();
    run.options.jobs = o.at("jobs").get<int>();
    run.options.gpus = o.at("gpus").get<std::vector<int>>();
    run.options.compile_timeout_s = o.at("compile_timeout_s").get<int>();
    run.options.cuda_architectures = o.at("cuda_architectures").get<std::string>();
    for (const auto& s : j.at("submissions")) {
      Submission sub;
      sub.id = s.at("id").get<std::string>();
      sub.source = s.at("source").get<std::string>();
      sub.files_dir = s.at("files_dir").get<std::string>();
      sub.problem = s.at("problem").get<std::string>();
      sub.variant = s.at("variant").get<std::string>();
      run.submissions.push_back(sub);
    }
    run.chunks = j.at("chunks").get<std::vector<std::vector<std::string>>>();
    return run;
  } catch (const json::exception& e) {
    throw std::runtime_error(file.string() + " is malformed: " + e.what());
  }
}

std::string submission_id(const fs::path& source, std::vector<std::string>& taken) {
  std::string id = without_archive_suffix(source.filename().string());
  for (char& c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  if (id.empty()) id = "submission";
  std::string unique = id;
  for (int n = 2; std::find(taken.begin(), taken.end(), unique) != taken.end(); ++n)
    unique = id + "-" + std::to_string(n);
  taken.push_back(unique);
  return unique;
}

std::vector<fs::path> class_folder_entries(const fs::path& dir, std::vector<std::string>& ignored) {
  if (!fs::is_directory(dir)) throw std::runtime_error(dir.string() + " is not a folder of submissions");
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    const auto status = e.symlink_status();
    const bool archive =
        ends_with(name, ".zip") || ends_with(name, ".tar.gz") || ends_with(name, ".tgz") || ends_with(name, ".tar");
    if (fs::is_directory(status) || (fs::is_regular_file(status) && archive))
      entries.push_back(e.path());
    else
      ignored.push_back(name);
  }
  std::sort(entries.begin(), entries.end());
  std::sort(ignored.begin(), ignored.end());
  return entries;
}

}  // namespace memlab::course
