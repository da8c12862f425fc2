#pragma once
// Timing a grid of launches in rounds (check_timing.cpp): every round times each launch once,
// in the same order, so that a slow drift of the machine (clocks, temperature) touches every
// candidate alike, and any two candidates can be compared round by round, as pairs. Every
// sample is prepared and judged as its work says; the first round and the last are verified
// whole, the rounds between for a secret subset of each launch's samples.
#include <memlab/checker.h>
#include <memlab/text_format.h>

#include <string>
#include <vector>

struct RoundTiming {
  std::vector<std::vector<double>> ms;     // ms[launch][round]; a throttled sample is NaN
  std::vector<memlab::SampleStats> stats;  // per launch, over its kept samples
  std::size_t rounds = 0, throttled = 0;
  bool converged = false;
  double max_rse = 0;        // the target every launch's mean had to reach
  std::size_t verified = 0;  // outputs verified, all launches together
  std::string invalid;       // why the rounds must not be graded (a wrong, impossible or stray sample), or empty
  // For these launches, in English and Chinese (memlab/bilingual.h), or empty.
  std::string doubt(const std::vector<std::size_t>& launches) const;
  double median(std::size_t launch) const { return stats[launch].median; }
};

// Rounds until every launch's mean is known to the criteria's relative standard error (at
// least 10 rounds), or the criteria's time budget is spent; then one more round, verified whole
// (the works may share their buffers, so a sample is verified before the next one runs).
RoundTiming time_in_rounds(const std::vector<memlab::TimedWork>& works, const memlab::SamplingCriteria& criteria);

// time(base) / time(candidate) from the rounds where both samples were kept.
memlab::RatioEstimate time_ratio(const RoundTiming& t, std::size_t base, std::size_t candidate);

using memlab::fixed;
