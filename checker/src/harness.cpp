// The body of every lab's check program (check_main.cpp calls it): options, manifest, GPU discovery (or skip),
// the environment note, running one suite's doctest cases, and the report part.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "memlab/checker.h"
#include "memlab/environment.h"
#include "memlab/report.h"
#include "memlab/result_files.h"
#include "memlab/text_format.h"

namespace memlab {
namespace {

constexpr int kSkipExitCode = 77;

struct RunState {
  Manifest manifest;
  std::string suite;
  std::uint64_t seed = 0;
  std::unique_ptr<InputGenerator> inputs;
  std::optional<DeviceInfo> device;
  std::optional<Environment> environment;
  std::unique_ptr<KernelTimer> timer;
  std::map<std::string, CheckResult> recorded;
  std::string last_exception;
  std::string results_dir;  // from the doctest listener, for checks a crash left unevaluated
};

RunState& state() {
  static RunState s;
  return s;
}

bool is_gpu_suite(const std::string& suite) { return suite != "cpu"; }

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

const CheckSpec& spec_or_throw(const std::string& id) {
  const CheckSpec* spec = state().manifest.find(id);
  if (!spec) throw std::logic_error("check.cu records check '" + id + "', which lab.json does not define");
  return *spec;
}

CheckResult base_result(const CheckSpec& spec) {
  CheckResult r;
  r.id = spec.id;
  r.suite = spec.suite;
  r.kind = spec.kind;
  r.description = spec.description;
  r.hint = spec.hint;
  r.max_points = spec.points;
  if (spec.required) r.required_text = std::string(to_symbol(spec.compare)) + " " + format_quantity(*spec.required, spec.unit);
  return r;
}

void record(CheckResult r) {
  r.points = r.verdict == Verdict::pass ? r.max_points : 0;
  std::cout << console_line(r) << std::endl;
  if (r.verdict == Verdict::fail || r.verdict == Verdict::inconclusive) {
    std::string msg = r.id + ": " + to_string(r.verdict) + (r.detail.empty() ? "" : " (" + r.detail + ")");
    ADD_FAIL_CHECK_AT(__FILE__, __LINE__, msg);
  }
  state().recorded[r.id] = std::move(r);
}

std::string env_doubt() { return state().environment ? state().environment->doubt() : ""; }

std::string join(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "; " + b;
}

constexpr int kAttempts = 3;  // an inconclusive measurement is retried, then reported as such

}  // namespace

const Manifest& manifest() { return state().manifest; }
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


bool expect_true(const std::string& id, bool ok, const std::string& detail) {
  CheckResult r = base_result(spec_or_throw(id));
  r.verdict = ok ? Verdict::pass : Verdict::fail;
  r.measured = ok ? 1.0 : 0.0;
  r.detail = detail;
  record(r);
  return ok;
}

bool expect_value(const std::string& id, const Estimate& measured, const std::string& measured_text,
                  const std::string& doubt) {
  const CheckSpec& spec = spec_or_throw(id);
  CheckResult r = base_result(spec);
  Judgement j = judge(spec.compare, spec.required.value_or(0), measured, doubt);
  r.verdict = j.verdict;
  r.measured = measured.value;
  r.measured_text = measured_text;
  r.detail = j.reason;
  record(r);
  return r.verdict == Verdict::pass;
}

void skip_check(const std::string& id, const std::string& reason) {
  CheckResult r = base_result(spec_or_throw(id));
  r.verdict = Verdict::skip;
  r.detail = reason;
  record(r);
}

void fail_check(const std::string& id, const std::string& reason) {
  CheckResult r = base_result(spec_or_throw(id));
  r.verdict = Verdict::fail;
  r.detail = reason;
  record(r);
}

bool expect_speedup(const std::string& id, const Launch& base, const Launch& candidate) {
  const CheckSpec& spec = spec_or_throw(id);
  for (int attempt = 1;; ++attempt) {
    PairMeasurement m = timer().measure_pair(base, candidate, sampling_criteria());
    Estimate est{m.ratio.ratio, m.ratio.low, m.ratio.high};
    std::string doubt = join(m.doubt(), env_doubt());
    Judgement j = judge(spec.compare, spec.required.value_or(0), est, doubt);
    if (j.verdict == Verdict::inconclusive && attempt < kAttempts) continue;
    std::string text = fixed(est.value, 2) + "x (95 % CI " + fixed(est.low, 2) + "-" + fixed(est.high, 2) + "x, " +
                       std::to_string(m.ratio.pairs) + " pairs; " + fixed(summarize(m.base_ms).median, 3) + " ms vs " +
                       fixed(summarize(m.candidate_ms).median, 3) + " ms)";
    if (attempt > 1) text += ", attempt " + std::to_string(attempt);
    return expect_value(id, est, text, doubt);
  }
}

bool expect_roofline_fraction(const std::string& id, const Launch& launch, double bytes, const Roofline& roofline,
                              const std::string& roofline_name) {
  const CheckSpec& spec = spec_or_throw(id);
  for (int attempt = 1;; ++attempt) {
    Measurement m = timer().measure(launch, sampling_criteria());
    const double ms = m.stats.median;
    std::string impossible = impossible_time_reason(ms, bytes, roofline);
    if (!impossible.empty()) {
      fail_check(id, impossible);
      return false;
    }
    const double rate = bytes / (ms * 1e-3);
    const double fraction = rate / roofline.bytes_per_second;
    // Relative 95 % half-widths of the kernel's mean time and of the roofline, combined.
    const auto& s = m.stats;
    const double rel_k = s.n > 1 ? t_quantile_95(s.n - 1) * s.stddev / std::sqrt(double(s.n)) / s.mean : 1.0;
    const double rel_r = (roofline.high - roofline.low) / (2 * roofline.bytes_per_second);
    const double rel = std::sqrt(rel_k * rel_k + rel_r * rel_r);
    Estimate est{fraction, fraction * (1 - rel), fraction * (1 + rel)};
    std::string doubt = join(join(m.doubt(), roofline.measurement.doubt()), env_doubt());
    Judgement j = judge(spec.compare, spec.required.value_or(0), est, doubt);
    if (j.verdict == Verdict::inconclusive && attempt < kAttempts) continue;
    std::string text = fixed(fraction * 100, 1) + " % of the " + roofline_name + " roofline (" + fixed(rate / 1e9, 0) +
                       " of " + fixed(roofline.bytes_per_second / 1e9, 0) + " GB/s, " + fixed(ms, 3) + " ms, +/- " +
                       fixed(rel * 100, 1) + " %)";
    return expect_value(id, est, text, doubt);
  }
}

namespace {

void write_part(const std::string& results_dir, const ReportPart& part) {
  std::filesystem::create_directories(results_dir + "/parts");
  const std::string path = results_dir + "/parts/lab" + part.lab + "." + part.suite + ".json";
  if (!write_file_atomically(path, to_json(part) + "\n")) std::cerr << "warning: could not write " << path << "\n";
}

std::vector<std::string> student_paths(const std::string& dir, const Manifest& m) {
  std::vector<std::string> paths;
  for (const auto& f : m.student_files) paths.push_back(dir + "/" + f);
  return paths;
}

}  // namespace

int run_check_program(int argc, char** argv) {
  CLI::App app{"CUDA Memory Labs checker: runs one suite of a lab's checks"};
  std::string lab_dir, results_dir, student_dir, variant = "starter", suite, thresholds;
  std::string seed_text;
  app.add_option("--lab-dir", lab_dir, "the lab's folder (holds lab.json)")->required()->check(CLI::ExistingDirectory);
  app.add_option("--results-dir", results_dir, "where report parts are written")->required();
  app.add_option("--student-dir", student_dir, "folder of the student's files (for the report's hash)");
  app.add_option("--variant", variant, "starter, solution or submission (for the report)");
  app.add_option("--suite", suite, "cpu, correctness, performance or mechanism")
      ->required()
      ->check(CLI::IsMember({"cpu", "correctness", "performance", "mechanism"}));
  app.add_option("--thresholds", thresholds, "instructor overrides (JSON); also $MEMLAB_THRESHOLDS")
      ->check(CLI::ExistingFile);
  app.add_option("--seed", seed_text, "seed for the inputs (decimal or 0x-hex); also $MEMLAB_SEED");
  app.allow_extras();  // doctest's own options (--reporters=junit --out=...) pass through
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  RunState& st = state();
  st.suite = suite;
  st.results_dir = results_dir;
  std::filesystem::create_directories(results_dir);
  try {
    st.manifest = load_manifest(lab_dir);
    if (thresholds.empty())
      if (const char* env = std::getenv("MEMLAB_THRESHOLDS")) thresholds = env;
    if (!thresholds.empty()) {
      std::ifstream in(thresholds);
      if (!in) throw std::runtime_error("cannot read thresholds file " + thresholds);
      std::stringstream text;
      text << in.rdbuf();
      apply_overrides(st.manifest, text.str(), thresholds);
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  if (seed_text.empty())
    if (const char* env = std::getenv("MEMLAB_SEED")) seed_text = env;
  if (!seed_text.empty()) {
    char* end = nullptr;
    errno = 0;
    st.seed = std::strtoull(seed_text.c_str(), &end, 0);
    if (end == seed_text.c_str() || *end != '\0' || errno == ERANGE) {
      std::cerr << "error: --seed '" << seed_text << "' is not a number\n";
      return 2;
    }
  } else {
    st.seed = seed_from_entropy();
  }
  st.inputs = std::make_unique<InputGenerator>(st.seed);

  ReportPart part;
  part.lab = st.manifest.number;
  part.suite = suite;
  part.variant = variant;
  char seed_buf[32];
  std::snprintf(seed_buf, sizeof seed_buf, "0x%llx", static_cast<unsigned long long>(st.seed));
  part.seed = seed_buf;
  if (!student_dir.empty()) part.student_hash = hash_files(student_paths(student_dir, st.manifest));

  std::cout << "Lab " << st.manifest.number << " (" << st.manifest.title << "), " << suite << " checks, " << variant
            << " files; seed " << part.seed << " (rerun with MEMLAB_SEED=" << part.seed << ")\n";
  for (const auto& id : st.manifest.overridden) std::cout << "threshold of " << id << " set by " << thresholds << "\n";

  const auto checks = st.manifest.suite(suite);
  if (is_gpu_suite(suite)) {
    GpuLookup gpu = find_gpu();
    if (!gpu.device) {
      std::cout << "SKIPPED: the " << suite << " checks need a CUDA GPU: " << gpu.reason << "\n";
      part.environment = "skipped: " + gpu.reason;
      for (const CheckSpec* spec : checks) {
        CheckResult r = base_result(*spec);
        r.detail = "needs a CUDA GPU: " + gpu.reason;
        part.checks.push_back(r);
      }
      write_part(results_dir, part);
      return kSkipExitCode;
    }
    st.device = gpu.device;
    st.environment = read_environment(*gpu.device);
    part.environment = st.environment->summary();
    std::cout << part.environment << "\n";
  } else {
    part.environment = "cpu checks";
  }

  doctest::Context context;
  context.setOption("test-suite", suite.c_str());
  context.setOption("no-version", true);
  const std::vector<std::string> passed_on = app.remaining();  // must outlive context.run()
  std::vector<const char*> extra{argv[0]};
  for (const auto& arg : passed_on) extra.push_back(arg.c_str());
  context.applyCommandLine(static_cast<int>(extra.size()), extra.data());
  int doctest_status = context.run();
  st.timer.reset();

  bool all_skipped = !checks.empty();
  bool failed = doctest_status != 0;
  for (const CheckSpec* spec : checks) {
    auto it = st.recorded.find(spec->id);
    CheckResult r;
    if (it == st.recorded.end()) {
      r = base_result(*spec);
      r.verdict = Verdict::fail;
      r.detail = "not evaluated: " + (st.last_exception.empty() ? std::string("the checker stopped before it")
                                                                : st.last_exception);
      std::cout << console_line(r) << "\n";
      failed = true;
    } else {
      r = it->second;
    }
    if (r.verdict != Verdict::skip) all_skipped = false;
    if (r.verdict == Verdict::fail || r.verdict == Verdict::inconclusive) failed = true;
    part.checks.push_back(r);
  }
  write_part(results_dir, part);
  if (all_skipped && !failed) return kSkipExitCode;
  return failed ? 1 : 0;
}

}  // namespace memlab
