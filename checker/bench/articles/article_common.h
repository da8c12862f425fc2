#pragma once
// Shared pieces of the article benchmarks (checker/bench/articles): one CSV on stdout, every part
// of a program run under attempt() so that a failing part leaves its error in the row's `note`
// and the program goes on; times from memlab's KernelTimer (L2 flushed before every sample,
// adaptive sampling, medians), shared-memory wavefronts from memlab's counters (the metric names
// the labs use).
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "memlab/checker.h"
#include "memlab/counters.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"
#include "memlab/launch.h"
#include "memlab/timer.h"

namespace article {

// ---- CSV -------------------------------------------------------------------------------------

// A field as CSV wants it: quoted (with doubled quotes) when it holds a comma, a quote or a newline.
inline std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return q + "\"";
}

inline void print_csv_row(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? "," : "") + csv_field(fields[i]);
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

// A number with `digits` decimals; empty when it was not measured (nullopt or not finite).
inline std::string fixed(std::optional<double> v, int digits) {
  if (!v || !std::isfinite(*v)) return "";
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, *v);
  return text;
}

inline std::string yes_no(std::optional<bool> v) { return v ? (*v ? "true" : "false") : ""; }

// Notes of one row, joined with "; ".
inline void add_note(std::string& note, const std::string& more) {
  if (more.empty()) return;
  note += (note.empty() ? "" : "; ") + more;
}

// Runs one part of a program; returns "" when it worked, else "what: the error".
inline std::string attempt(const std::string& what, const std::function<void()>& part) {
  try {
    part();
    return "";
  } catch (const std::exception& e) {
    return what + " failed: " + e.what();
  } catch (...) {
    return what + " failed: unknown exception";
  }
}

// "NVIDIA H200 (cc 9.0, 132 SMs)", for the `gpu` column.
inline std::string gpu_text(const memlab::DeviceInfo& d) {
  return d.name + " (cc " + std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor) + ", " +
         std::to_string(d.sm_count) + " SMs)";
}

// Launches once on memlab's work stream and waits; a launch or kernel error is thrown with
// memlab's explanation (memlab::run_checked).
inline void run_once(const std::string& what, const memlab::Launch& launch) { memlab::run_checked(what, launch); }

// ---- Times -----------------------------------------------------------------------------------

struct Timing {
  std::optional<double> ms;  // median of the kept samples
  std::string note;          // the measurement's doubt, if any
};

inline Timing time_launch(memlab::KernelTimer& timer, const memlab::Launch& launch,
                          const memlab::SamplingCriteria& criteria) {
  Timing t;
  const memlab::Measurement m = timer.measure(launch, criteria);
  if (m.stats.n > 0) t.ms = m.stats.median;
  add_note(t.note, m.invalid);
  add_note(t.note, m.doubt());
  return t;
}

struct PairTiming {
  std::optional<double> ratio, low, high;  // base time / candidate time, with its 95 % CI
  std::size_t pairs = 0;
  std::string note;
};

inline PairTiming time_pair(memlab::KernelTimer& timer, const memlab::Launch& base, const memlab::Launch& candidate,
                            const memlab::SamplingCriteria& criteria) {
  PairTiming p;
  const memlab::PairMeasurement m = timer.measure_pair(base, candidate, criteria);
  if (m.ratio.pairs > 0) {
    p.ratio = m.ratio.ratio;
    p.low = m.ratio.low;
    p.high = m.ratio.high;
  }
  p.pairs = m.ratio.pairs;
  add_note(p.note, m.invalid);
  add_note(p.note, m.doubt());
  return p;
}

// Criteria for kernels of a few microseconds: the default 0.2 s of measured time would need
// 50 000 samples (capped at 20 000, each with its L2 flush and idle checks); 10 ms of measured
// time is a few thousand samples. An environment override (MEMLAB_MIN_SECONDS) that asks for
// less still wins.
inline memlab::SamplingCriteria tiny_kernel_criteria() {
  memlab::SamplingCriteria c = memlab::criteria_from_environment();
  if (c.min_seconds > 0.01) c.min_seconds = 0.01;
  return c;
}

// ---- Counters --------------------------------------------------------------------------------

struct SharedCounts {
  std::optional<double> load_wavefronts_per_instruction, store_wavefronts_per_instruction;
  std::optional<double> load_instructions, store_instructions;
  std::string note;  // why they are missing
};

// Shared-memory load (and, with `stores`, store) wavefronts per instruction over one launch:
// l1tex shared-load wavefronts over smsp shared-load instructions, as labs 04, 06 and 07 read
// them (memlab::read_counters: the launch runs once under the launch watchdog first, then once
// per hardware pass, so it must be idempotent).
inline SharedCounts shared_counts(const std::string& what, const memlab::Launch& launch, bool stores) {
  namespace metric = memlab::counters::metric;
  SharedCounts s;
  std::vector<std::string> metrics = {metric::shared_ld_wavefronts, metric::shared_ld_instructions};
  if (stores) {
    metrics.push_back(metric::shared_st_wavefronts);
    metrics.push_back(metric::shared_st_instructions);
  }
  const std::string failed = attempt("counters", [&] {
    const memlab::CounterValues c = memlab::read_counters(metrics, launch, what);
    if (!c.ok) {
      s.note = "counters unavailable: " + c.reason;
      return;
    }
    s.load_instructions = c[metric::shared_ld_instructions];
    if (*s.load_instructions > 0)
      s.load_wavefronts_per_instruction = c[metric::shared_ld_wavefronts] / *s.load_instructions;
    else
      add_note(s.note, "the counters saw no shared-load instruction");
    if (stores) {
      s.store_instructions = c[metric::shared_st_instructions];
      if (*s.store_instructions > 0)
        s.store_wavefronts_per_instruction = c[metric::shared_st_wavefronts] / *s.store_instructions;
      else
        add_note(s.note, "the counters saw no shared-store instruction");
    }
  });
  add_note(s.note, failed);
  return s;
}

// ---- The program's frame ---------------------------------------------------------------------

// main() of every article benchmark: 77 with "SKIPPED: no GPU" when there is none; otherwise
// `body` prints the CSV. An exception that escapes `body` (a part that could not even start)
// is reported on stderr and still exits 0 when the CSV header was printed: the rows already
// printed, and the notes, say what failed.
inline int run_program(const char* name, const std::function<void(const memlab::DeviceInfo&)>& body) {
  memlab::GpuLookup gpu;
  try {
    gpu = memlab::find_gpu();
  } catch (const std::exception& e) {
    gpu.reason = e.what();
  }
  if (!gpu.device) {
    std::printf("SKIPPED: no GPU\n");
    std::fprintf(stderr, "%s: %s\n", name, gpu.reason.c_str());
    return 77;
  }
  try {
    body(*gpu.device);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
  }
  return 0;
}

}  // namespace article
