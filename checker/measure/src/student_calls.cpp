#include "memlab/student_calls.h"

#include "memlab/bilingual.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <unordered_map>

#include "answer_file.h"
#include "memlab/student_plan.h"
#include "plan_launch.h"
#include "recorder_process.h"

namespace memlab {
namespace {

// A pure function has this long to answer (the first question also starts the process); a
// recorder run that records plans starts CUDA first. An endless loop costs one of these, once per
// grading: after it the recorder is not asked again.
constexpr double kPureDeadline = 5;
constexpr double kFirstPlanDeadline = 30;
constexpr double kPlanDeadline = 10;

struct State {
  StudentCallsSetup setup;
  std::unique_ptr<AnswerFile> answers;
  std::unique_ptr<RecorderProcess> pure;   // paused between questions
  std::unique_ptr<RecorderProcess> plans;  // paused between questions; ended before any measurement
  long next_id = 1;
  int recorder_runs = 0;
  std::map<std::string, PlanFamily> families;
  // Answers already read, by key: an answer never changes within a grading, so a question asked
  // again (a model that calls tree_pair() for every element) needs neither the file nor its lock.
  std::unordered_map<std::string, nlohmann::json> known;
  std::map<std::string, Plan> last_plan;
  // The plan questions of the last grading (answers.previous.jsonl beside the answer file), read
  // once: asked together with the first missing plan.
  bool previous_read = false;
  std::vector<std::pair<std::string, nlohmann::json>> previous;  // (function, question)
  // The last plan replayed, by its key: a timed loop asks for the same call again and again.
  std::string cached_key;
  Plan cached_plan;
};

State& state() {
  static State s;
  return s;
}

std::string scratch_for_run() {
  State& st = state();
  const auto dir = std::filesystem::path(st.setup.scratch) / ("recorder-" + std::to_string(++st.recorder_runs));
  std::filesystem::create_directories(dir);
  return dir.string();
}

// One line per recorder run in the answer file, for whoever studies a grading's time: what it
// was asked and how long it took (the check programs skip these lines when they read the file).
void note_run(const std::string& kind, int questions, std::chrono::steady_clock::time_point since) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
  state().answers->store_note({{"run", kind}, {"questions", questions}, {"seconds", seconds}});
}

void keep_output(RecorderProcess& r) {
  const std::string printed = r.take_output();
  if (printed.empty()) return;
  std::cout << "your code printed (in the recorder):\n" << printed << (printed.back() == '\n' ? "" : "\n");
  state().answers->store_output(printed);
}

AnswerFile& answers() {
  State& st = state();
  if (!st.answers)
    throw NoAnswer(bilingual("this check program was started without the grading's recorder (--answers, --recorder)",
                             "这个检查程序启动时没有带上评分用的记录器（--answers、--recorder）"));
  return *st.answers;
}

void read_previous_questions() {
  State& st = state();
  if (st.previous_read) return;
  st.previous_read = true;
  const auto path = std::filesystem::path(st.setup.answers).parent_path() / "answers.previous.jsonl";
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line) && st.previous.size() < 4096) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("call") || !j["call"].is_string() || !j.contains("question")) continue;
    const auto& q = j["question"];
    if (!q.is_object() || !q.contains("pointers") || !q.contains("args")) continue;
    st.previous.emplace_back(j["call"].get<std::string>(), q);
  }
}

nlohmann::json entry_value(const nlohmann::json& entry, const std::string& function) {
  if (entry.contains("error")) throw NoAnswer(join_bilingual({function + "(): ", entry["error"].get<std::string>()}));
  if (entry.contains("answer")) return entry["answer"];
  if (entry.contains("plan")) return entry["plan"];
  throw NoAnswer(bilingual(function + "(): the answer file holds an entry without an answer",
                           function + "()：答案文件中的这一项没有答案"));
}

// Turns a recorder's answer line into an entry of the answer file.
nlohmann::json entry_from(const nlohmann::json& line) {
  if (line.contains("error") && line["error"].is_string())
    return {{"error", line["error"].get<std::string>().substr(0, 2000)}};
  if (line.contains("answer")) return {{"answer", line["answer"]}};
  if (line.contains("plan")) return {{"plan", line["plan"]}};
  return {{"error", bilingual("the recorder's answer holds neither a value, a plan nor an error",
                              "记录器的回答里既没有值，也没有计划或错误")}};
}

}  // namespace

void set_student_calls(const StudentCallsSetup& setup) {
  State& st = state();
  st.setup = setup;
  st.answers = std::make_unique<AnswerFile>(setup.answers);
  load_device_code(setup.device_code);
}

bool student_calls_ready() { return state().answers != nullptr; }

nlohmann::json ask_student(const std::string& function, const nlohmann::json& args) {
  State& st = state();
  AnswerFile& file = answers();
  const std::string key = question_key(function, args);
  if (auto it = st.known.find(key); it != st.known.end()) return entry_value(it->second, function);
  AnswerFile::Lock lock(file);
  if (auto e = file.find(key)) {
    st.known[key] = *e;
    return entry_value(*e, function);
  }
  if (auto why = file.broken("pure"))
    throw NoAnswer(join_bilingual({bilingual(function + "() was not asked: ", function + "() 没有被提问："), *why}));
  try {
    const auto started = std::chrono::steady_clock::now();
    const bool started_now = !st.pure;
    if (!st.pure) st.pure = std::make_unique<RecorderProcess>(st.setup.recorder, scratch_for_run(), false);
    const nlohmann::json line = st.pure->ask({{"id", st.next_id++}, {"call", function}, {"args", args}}, kPureDeadline);
    keep_output(*st.pure);
    st.pure->pause();
    file.store(key, entry_from(line));
    if (started_now) note_run("pure (started)", 1, started);
  } catch (const std::runtime_error& e) {
    if (st.pure) keep_output(*st.pure);
    st.pure.reset();
    file.store_broken("pure", e.what());
    throw NoAnswer(
        join_bilingual({bilingual(function + "() was not answered: ", function + "() 没有得到回答："), e.what()}));
  }
  return entry_value(*file.find(key), function);
}

double grading_constant(const std::string& name, const std::function<double()>& draw) {
  State& st = state();
  if (!st.answers) return draw();
  const std::string key = "constant " + name;
  if (auto it = st.known.find(key); it != st.known.end()) return it->second.at("answer").get<double>();
  AnswerFile::Lock lock(*st.answers);
  auto e = st.answers->find(key);
  if (!e || !e->contains("answer") || !(*e)["answer"].is_number()) {
    st.answers->store(key, {{"answer", draw()}});
    e = st.answers->find(key);
  }
  st.known[key] = *e;
  return (*e)["answer"].get<double>();
}

void plan_family(const std::string& function, PlanFamily family) { state().families[function] = std::move(family); }

void replay(const std::string& function, cudaStream_t stream, std::initializer_list<const void*> pointers,
            const nlohmann::json& scalars) {
  State& st = state();
  nlohmann::json alignments = nlohmann::json::array();
  for (const void* p : pointers) alignments.push_back(p ? nlohmann::json(alignment_of(p)) : nlohmann::json());
  const nlohmann::json question{{"pointers", alignments}, {"args", scalars}};
  const std::string key = question_key(function, question);
  if (key != st.cached_key) {
    AnswerFile& file = answers();
    AnswerFile::Lock lock(file);
    if (!file.find(key)) {
      if (auto why = file.broken("plans"))
        throw NoAnswer(join_bilingual(
            {bilingual("the plan of " + function + "() was not recorded: ", function + "() 的计划没有被记录下来："),
             *why}));
      // Record this call's plan, those of the calls the lab asks for with it, and those the last
      // grading asked for, in one recorder run (CUDA starts once).
      read_previous_questions();
      std::vector<std::pair<std::string, nlohmann::json>> batch{{function, question}};
      if (auto f = st.families.find(function); f != st.families.end())
        for (const auto& q : f->second(question)) batch.emplace_back(function, q);
      batch.insert(batch.end(), st.previous.begin(), st.previous.end());
      const auto started = std::chrono::steady_clock::now();
      int asked = 0;
      try {
        // One recorder records every plan this program asks for until it measures something
        // (end_plan_recorder()): CUDA starts once per program, not once per plan.
        const bool first = !st.plans;
        if (!st.plans) st.plans = std::make_unique<RecorderProcess>(st.setup.recorder, scratch_for_run(), true);
        RecorderProcess& recorder = *st.plans;
        for (const auto& [call, q] : batch) {
          const std::string k = question_key(call, q);
          if (file.find(k)) continue;
          nlohmann::json ask{
              {"id", st.next_id++}, {"call", call}, {"pointers", q.at("pointers")}, {"args", q.at("args")}};
          nlohmann::json entry;
          try {
            entry = entry_from(recorder.ask(ask, first && asked == 0 ? kFirstPlanDeadline : kPlanDeadline));
          } catch (const RecorderTimeout& e) {
            // An endless loop costs one deadline per grading: the recorder is not asked again.
            file.store_broken("plans", e.what());
            entry = {{"error", e.what()}};
          } catch (const std::runtime_error& e) {
            // A crash on this call: its plan fails with the reason; other calls get a new run.
            entry = {{"error", e.what()}};
          }
          ++asked;
          keep_output(recorder);
          entry["call"] = call;
          entry["question"] = q;
          file.store(k, entry);
          if (!recorder.alive()) break;
        }
        if (recorder.alive())
          recorder.pause();
        else
          st.plans.reset();
      } catch (const std::runtime_error& e) {
        st.plans.reset();
        if (!file.find(key)) file.store(key, {{"error", e.what()}, {"call", function}, {"question", question}});
      }
      note_run("plans", asked, started);
    }
    const nlohmann::json entry = *file.find(key);
    const nlohmann::json value = entry_value(entry, function);
    try {
      st.cached_plan = plan_from_json(value, static_cast<int>(pointers.size()));
    } catch (const std::exception& e) {
      throw NoAnswer(join_bilingual(
          {bilingual("the plan of " + function + "() is not usable: ", function + "() 的计划无法使用："), e.what()}));
    }
    st.cached_key = key;
    st.last_plan[function] = st.cached_plan;
  }
  launch_plan(st.cached_plan, std::vector<const void*>(pointers), stream);
}

std::vector<LaunchedKernel> launched_kernels(const std::string& function) {
  const auto it = state().last_plan.find(function);
  if (it == state().last_plan.end()) return {};
  return describe_kernels(it->second);
}

std::string recorder_output() {
  State& st = state();
  if (!st.answers) return "";
  AnswerFile::Lock lock(*st.answers);
  return st.answers->output();
}

}  // namespace memlab

namespace memlab {

void end_recorder() {
  state().pure.reset();
  state().plans.reset();
}

void end_plan_recorder() { state().plans.reset(); }

}  // namespace memlab
