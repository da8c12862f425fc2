// The body of every lab's check program (check_main.cpp calls it): options, manifest, GPU
// discovery (or skip), the environment note, and running one suite's doctest cases.
//
// A check program runs the student's code, so it only measures. Each expect_*() sends a
// measurement record to the judge (memlab-judge suite, on the pipe given by --record-fd), which
// decides the verdict from the manifest and writes the report part. The verdict printed here is
// the program's own reading, used to retry inconclusive measurements; it is not the grade.
#include "memlab/bilingual.h"
#include <doctest/doctest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "memlab/checker.h"
#include "memlab/student_calls.h"
#include "memlab/environment.h"
#include "memlab/launch.h"
#include "memlab/measurement_record.h"
#include "memlab/report.h"
#include "memlab/result_files.h"
#include "memlab/suite_judge.h"
#include "memlab/suites.h"
#include "memlab/text_format.h"

namespace memlab {
namespace {

struct RunState {
  Manifest manifest;
  std::string suite;
  std::uint64_t seed = 0;
  std::unique_ptr<InputGenerator> inputs;
  std::optional<DeviceInfo> device;
  std::optional<Environment> environment;
  std::unique_ptr<KernelTimer> timer;
  std::set<std::string> recorded;
  std::string last_exception;
  bool failed_outside_tests = false;  // a check failed after doctest's run (never reached)
  std::string results_dir;
  int record_fd = -1;  // the judge's pipe; -1 when run by hand (records are only printed)
};

RunState& state() {
  static RunState s;
  return s;
}

// Sends one record to the judge. A record is one write of one line, so that a crash between two
// records never leaves half of one.
void send(const MeasurementRecord& r) {
  const int fd = state().record_fd;
  if (fd < 0) return;
  const std::string line = to_line(r) + "\n";
  size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the judge is gone: nothing will be graded either way
    done += static_cast<size_t>(n);
  }
}

// Remembers the last exception a test case threw, so the report can say why a check
// was never evaluated instead of just "missing".
struct ExceptionListener : doctest::IReporter {
  explicit ExceptionListener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException& e) override {
    state().last_exception = e.error_string.c_str();
  }
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("memlab-exceptions", 1, ExceptionListener);

// Prints the program's own reading of a measurement and sends the record to the judge.
void record(const CheckSpec& spec, const MeasurementRecord& rec, Verdict provisional) {
  // Only what was measured: the verdict lines come from the judge.
  const std::string detail = rec.outcome == Outcome::value ? rec.doubt : rec.detail;
  std::cout << "  measured " << spec.id << ": "
            << (!rec.measured_text.empty()        ? std::string(english_part(rec.measured_text))
                : rec.outcome == Outcome::skipped ? std::string("skipped")
                : rec.outcome == Outcome::failed  ? std::string("failed")
                : provisional == Verdict::pass    ? std::string("yes")
                                                  : std::string("no"))
            << (detail.empty() ? "" : " (" + std::string(english_part(detail)) + ")") << std::endl;
  if (provisional == Verdict::fail || provisional == Verdict::inconclusive) {
    // doctest's assertion macros may run only inside a test case: after Context::run() (the
    // checks no test case reached) its state is gone and the macro would crash the program
    // before the record is sent. There the exit status carries the failure instead.
    if (doctest::is_running_in_test) {
      std::string msg = spec.id + ": " + to_string(provisional) +
                        (detail.empty() ? "" : " (" + std::string(english_part(detail)) + ")");
      ADD_FAIL_CHECK_AT(__FILE__, __LINE__, msg);
    } else {
      state().failed_outside_tests = true;
    }
  }
  state().recorded.insert(spec.id);
  send(rec);
}

MeasurementRecord check_record(const CheckSpec& spec, Outcome outcome) {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::check;
  r.id = spec.id;
  r.outcome = outcome;
  return r;
}

// A check that fails without a measurement, by its spec: fail_check(), and the checks no test
// case reached (named by the manifest, not by the lab's generated ids).
void fail_spec(const CheckSpec& spec, const std::string& reason) {
  MeasurementRecord rec = check_record(spec, Outcome::failed);
  rec.detail = reason;
  record(spec, rec, Verdict::fail);
}

}  // namespace

const Manifest& manifest() { return state().manifest; }

const CheckSpec& check_spec(CheckId id) {
  const CheckSpec* spec = state().manifest.find(id.name);
  if (!spec)
    throw std::logic_error(std::string("check.cpp records check '") + id.name +
                           "', which the loaded lab.json does not define (was lab_checks.h generated from another?)");
  return *spec;
}
std::uint64_t seed() { return state().seed; }
InputGenerator& inputs() { return *state().inputs; }

const DeviceInfo& gpu() {
  if (!state().device) throw std::logic_error("gpu() used in the cpu suite");
  return *state().device;
}

KernelTimer& timer() {
  if (!state().timer) state().timer = std::make_unique<KernelTimer>();
  return *state().timer;
}

SamplingCriteria sampling_criteria() { return criteria_from_environment(); }
std::string environment_doubt() { return state().environment ? state().environment->doubt() : ""; }
const std::string& results_dir() { return state().results_dir; }

void write_result_file(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::path(results_dir()) / name;
  std::error_code ignored;
  std::filesystem::create_directories(path.parent_path(), ignored);
  if (write_file_atomically(path, text))
    std::cout << "wrote " << path.string() << "\n";
  else
    std::cout << "warning: could not write " << path.string() << "\n";
}

void report_fatal(const std::string& reason) {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::fatal;
  r.reason = reason;
  send(r);
}

bool expect_true(CheckId id, bool ok, const std::string& detail) {
  const CheckSpec& spec = check_spec(id);
  MeasurementRecord rec = check_record(spec, Outcome::flag);
  rec.estimate = Estimate::exact(ok ? 1 : 0);
  rec.detail = detail;
  record(spec, rec, ok ? Verdict::pass : Verdict::fail);
  return ok;
}

bool expect_value(CheckId id, const Estimate& measured, const std::string& measured_text, const std::string& doubt) {
  return expect_value(id, measured, measured_text, doubt, std::nullopt);
}

bool expect_value(CheckId id, const Estimate& measured, const std::string& measured_text, const std::string& doubt,
                  const std::optional<GapMeasurement>& gap) {
  const CheckSpec& spec = check_spec(id);
  if (spec.gap_rule && !gap)
    throw std::logic_error("check " + spec.id +
                           " has a gap rule: its measurement needs the starter's and the target's times");
  MeasurementRecord rec = check_record(spec, Outcome::value);
  rec.estimate = measured;
  rec.measured_text = measured_text;
  rec.doubt = doubt;
  rec.gap = gap;
  // The program's own reading, for doctest's line only; the judge decides the same way.
  const Requirement req = requirement_of(spec, gap);
  if (!req.graded_by_time) {
    record(spec, rec, Verdict::skip);
    return true;
  }
  const Judgement j = judge(spec.compare, req.value, measured, doubt);
  record(spec, rec, j.verdict);
  return j.verdict == Verdict::pass;
}

void skip_check(CheckId id, const std::string& reason) {
  const CheckSpec& spec = check_spec(id);
  MeasurementRecord rec = check_record(spec, Outcome::skipped);
  rec.detail = reason;
  record(spec, rec, Verdict::skip);
}

void fail_check(CheckId id, const std::string& reason) { fail_spec(check_spec(id), reason); }

// run_check_program() in named phases. Each phase either succeeds or says why the program ends
// and with which status (2: bad arguments or manifest; 77: the suite needs a GPU this machine
// lacks).
namespace {

struct ProgramOptions {
  std::string lab_dir, results_dir, variant = "starter", suite, thresholds, seed_text;
  int record_fd = -1;
  bool sanitizer_run = false;
  std::string answers, recorder;
  std::vector<std::string> device_code;
  std::vector<std::string> doctest_args;  // what CLI11 did not take: doctest's own options
};

// Phase 1: the command line. Returns the exit status when the program must end here (--help, an
// error), nothing when it goes on.
std::optional<int> parse_options(int argc, char** argv, ProgramOptions& o) {
  CLI::App app{"CUDA Memory Labs checker: measures one suite of a lab's checks (memlab-judge decides them)"};
  app.add_option("--lab-dir", o.lab_dir, "the lab's folder (holds lab.json)")
      ->required()
      ->check(CLI::ExistingDirectory);
  app.add_option("--results-dir", o.results_dir, "where extra artifacts (CSV, SVG) are written")->required();
  app.add_option("--variant", o.variant, "starter, solution, submission or wrong (printed)");
  app.add_option("--suite", o.suite, suites_in_words())->required()->check(CLI::IsMember(suite_names()));
  app.add_option("--thresholds", o.thresholds,
                 "the build's threshold overrides (used to retry borderline measurements)")
      ->check(CLI::ExistingFile);
  app.add_option("--seed", o.seed_text, "seed for the inputs (decimal or 0x-hex); also $MEMLAB_SEED");
  app.add_option("--record-fd", o.record_fd, "the judge's pipe for measurement records");
  app.add_option("--answers", o.answers, "the grading's answer file (the recorder's answers, asked once per grading)");
  app.add_option("--recorder", o.recorder, "the recorder program: the only one that runs the student's host code")
      ->check(CLI::ExistingFile);
  app.add_option("--device-code", o.device_code, "the student's device code (.nv_fatbin of each compiled .cu file)")
      ->check(CLI::ExistingFile);
  app.add_flag("--sanitizer-run", o.sanitizer_run,
               "compute-sanitizer runs this program (verify-labs.sh): the stream check keeps only its exact "
               "layer; not with --record-fd");
  app.allow_extras();  // doctest's own options (--reporters=junit --out=...) pass through
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  o.doctest_args = app.remaining();
  // A graded run keeps every layer of the stream check: the flag is for the course's own
  // sanitizer runs, whose records go nowhere.
  if (o.sanitizer_run && o.record_fd >= 0) {
    std::cerr << "error: --sanitizer-run is for runs without the judge; it cannot be given with --record-fd\n";
    return 2;
  }
  if (o.sanitizer_run) set_stream_timing_layers(false);
  return std::nullopt;
}

// Run by hand (Nsight Compute, a debugger) without --answers and --recorder: the build tree's own
// grading of the lab, found beside this program (bin/labNN_check): bin/labNN_recorder, the answer
// file and the device code in submission/<lab folder>.*. Nothing is set when they are not there.
void find_grading_parts(ProgramOptions& o) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return;
  const std::string name = self.filename().string();  // labNN_check
  const auto cut = name.rfind("_check");
  if (cut == std::string::npos) return;
  const fs::path build = self.parent_path().parent_path();
  const fs::path recorder = self.parent_path() / (name.substr(0, cut) + "_recorder");
  fs::path lab = fs::path(o.lab_dir).lexically_normal();
  if (lab.filename().empty()) lab = lab.parent_path();  // "labs/04-padding/"
  const std::string folder = lab.filename().string();
  const fs::path staged = build / "submission" / folder;
  const fs::path answers = fs::path(staged.string() + ".answers") / "answers.jsonl";
  if (!fs::exists(recorder, ec)) return;
  fs::create_directories(answers.parent_path(), ec);  // built, but never graded by ctest yet
  if (ec) return;
  o.recorder = recorder.string();
  o.answers = answers.string();
  for (const auto& e : fs::directory_iterator(staged.string() + ".device", ec))
    if (e.path().extension() == ".fatbin") o.device_code.push_back(e.path().string());
  std::cout << fmt::format("the grading's parts, found in {}: {} and {}\n", build.string(), o.recorder, o.answers);
}

// Phase 2: the lab's manifest and the build's threshold overrides.
std::optional<int> load_checks(const ProgramOptions& o, RunState& st) {
  try {
    st.manifest = load_manifest(o.lab_dir);
    if (!o.thresholds.empty()) apply_overrides(st.manifest, read_text_file(o.thresholds), o.thresholds);
  } catch (const std::exception& e) {
    std::cerr << fmt::format("error: {}\n", e.what());
    return 2;
  }
  return std::nullopt;
}

// Phase 3: the inputs' seed: --seed, else $MEMLAB_SEED, else a fresh one (printed, so a run can
// be repeated).
std::optional<int> choose_seed(const ProgramOptions& o, RunState& st) {
  std::string text = o.seed_text;
  if (text.empty())
    if (const char* env = std::getenv("MEMLAB_SEED")) text = env;
  if (text.empty()) {
    st.seed = seed_from_entropy();
  } else {
    char* end = nullptr;
    errno = 0;
    st.seed = std::strtoull(text.c_str(), &end, 0);
    if (end == text.c_str() || *end != '\0' || errno == ERANGE) {
      std::cerr << fmt::format("error: --seed '{}' is not a number\n", text);
      return 2;
    }
  }
  st.inputs = std::make_unique<InputGenerator>(st.seed);
  return std::nullopt;
}

// Phase 4: the GPU, for a GPU suite. Without one the suite is skipped: the judge gets a start
// record with the reason and an end record, and the program ends with ctest's skip status.
std::optional<int> open_gpu(RunState& st, MeasurementRecord& start) {
  if (!is_gpu_suite(st.suite)) {
    start.environment = bilingual("cpu checks", "cpu 检查组");
    return std::nullopt;
  }
  GpuLookup gpu = find_gpu();
  if (!gpu.device) {
    std::cout << fmt::format("SKIPPED: the {} checks need a CUDA GPU: {}\n", st.suite, english_part(gpu.reason));
    start.skip_reason = gpu.reason;
    send(start);
    MeasurementRecord end;
    end.kind = MeasurementRecord::Kind::end;
    send(end);
    return 77;
  }
  st.device = gpu.device;
  st.environment = read_environment(*gpu.device);
  start.environment = st.environment->summary();
  std::cout << english_part(start.environment) << "\n";
  return std::nullopt;
}

// Phase 5: the suite's doctest cases. Returns doctest's status.
int run_test_cases(const ProgramOptions& o, const char* program) {
  doctest::Context context;
  context.setOption("test-suite", o.suite.c_str());
  context.setOption("no-version", true);
  std::vector<const char*> args{program};
  for (const auto& arg : o.doctest_args) args.push_back(arg.c_str());
  context.applyCommandLine(static_cast<int>(args.size()), args.data());
  return context.run();
}

// Phase 6: a check its test case never reached (an exception ended the case) fails and says why;
// then the end record tells the judge that the program finished.
void close_suite(RunState& st) {
  st.timer.reset();
  for (const CheckSpec* spec : st.manifest.suite(st.suite)) {
    if (st.recorded.count(spec->id)) continue;
    const std::string why = st.last_exception.empty()
                                ? bilingual("the checker stopped before it", "检查程序在运行到它之前就停止了")
                                : st.last_exception;
    fail_spec(*spec, join_bilingual({bilingual("not evaluated: ", "未评估："), why}));
  }
  MeasurementRecord end;
  end.kind = MeasurementRecord::Kind::end;
  send(end);
}

}  // namespace

int run_check_program(int argc, char** argv) {
  ProgramOptions options;
  if (const auto status = parse_options(argc, argv, options)) return *status;

  RunState& st = state();
  st.suite = options.suite;
  st.results_dir = options.results_dir;
  st.record_fd = options.record_fd;
  std::filesystem::create_directories(options.results_dir);
  if (const auto status = load_checks(options, st)) return *status;
  if (const auto status = choose_seed(options, st)) return *status;
  if (options.answers.empty() && options.recorder.empty()) find_grading_parts(options);
  if (!options.answers.empty() || !options.recorder.empty()) {
    if (options.answers.empty() || options.recorder.empty()) {
      std::cerr << "error: --answers and --recorder go together\n";
      return 2;
    }
    try {
      set_student_calls({options.answers, options.recorder, options.device_code, options.results_dir});
    } catch (const std::exception& e) {
      std::cerr << fmt::format("error: {}\n", english_part(e.what()));
      return 2;
    }
  }

  const std::string seed = fmt::format("{:#x}", st.seed);
  MeasurementRecord start;
  start.kind = MeasurementRecord::Kind::start;
  start.suite = st.suite;
  start.seed = seed;
  std::cout << fmt::format("Lab {} ({}), measuring the {} checks; seed {} (rerun with MEMLAB_SEED={})\n",
                           st.manifest.number, st.manifest.title, st.suite, seed, seed);
  for (const auto& id : st.manifest.overridden)
    std::cout << fmt::format("threshold of {} set by {}\n", id, options.thresholds);
  if (const auto status = open_gpu(st, start)) return *status;
  send(start);

  const int doctest_status = run_test_cases(options, argv[0]);
  close_suite(st);
  return doctest_status == 0 && !st.failed_outside_tests ? 0 : 1;
}

}  // namespace memlab
