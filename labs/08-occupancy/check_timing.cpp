#include "check_timing.h"

#include <memlab/bilingual.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace {

constexpr std::size_t kMinRounds = 10;
constexpr std::size_t kMaxRounds = 1000;

std::vector<double> kept(const std::vector<double>& samples) {
  std::vector<double> out;
  for (double s : samples)
    if (!std::isnan(s)) out.push_back(s);
  return out;
}

}  // namespace

RoundTiming time_in_rounds(const std::vector<memlab::TimedWork>& works, const memlab::SamplingCriteria& criteria) {
  memlab::KernelTimer& timer = memlab::timer();
  RoundTiming t;
  t.max_rse = criteria.max_rse;
  t.ms.resize(works.size());
  t.stats.resize(works.size());
  for (const auto& work : works) timer.time_once(work.launch);  // warm-up: modules loaded, clocks up

  std::vector<memlab::SampleTag> tags(works.size());
  std::vector<memlab::SampleChecks> checks;
  for (std::size_t i = 0; i < works.size(); ++i) checks.push_back(timer.checks_for(works[i], tags[i]));
  std::vector<memlab::SampleJudge> judges;
  judges.reserve(works.size());
  for (const auto& c : checks) judges.emplace_back(c);

  double spent_ms = 0;
  const std::size_t min_rounds = std::max(kMinRounds, criteria.min_samples);
  bool final_round = false;
  while (true) {
    const std::size_t round = t.rounds + 1;
    for (std::size_t i = 0; i < works.size(); ++i) {
      tags[i] = timer.next_tag(round);
      const memlab::Sample s = timer.time_once(works[i], tags[i]);
      std::string why = judges[i].after(s, round);
      // The final round is verified sample by sample: finish() verifies the sample just taken
      // (unless after() did) before the next work overwrites the shared output, then judges the
      // stream evidence of all the rounds.
      if (why.empty() && final_round) why = judges[i].finish(round);
      if (!why.empty()) {
        t.invalid = why;
        t.rounds = round;
        return t;
      }
      spent_ms += s.ms;
      t.throttled += s.throttled ? 1 : 0;
      t.ms[i].push_back(s.throttled ? NAN : s.ms);
    }
    t.rounds = round;
    if (final_round) break;
    bool all_known = true;
    for (std::size_t i = 0; i < works.size(); ++i) {
      t.stats[i] = memlab::summarize(kept(t.ms[i]));
      all_known = all_known && t.stats[i].n >= 2 && t.stats[i].rse <= criteria.max_rse;
    }
    if (t.rounds >= min_rounds && all_known) t.converged = true;
    final_round = t.converged || spent_ms > criteria.max_seconds * 1e3 || t.rounds + 1 >= kMaxRounds;
  }
  for (std::size_t i = 0; i < works.size(); ++i) {
    t.stats[i] = memlab::summarize(kept(t.ms[i]));
    t.verified += judges[i].verified();
  }
  return t;
}

std::string RoundTiming::doubt(const std::vector<std::size_t>& launches) const {
  std::string out, out_zh;  // in English and in Chinese
  const auto add = [&](const std::string& text) {
    out_zh += fmt::format("{}{}", out.empty() ? "" : "；", memlab::chinese_part(text));
    out += fmt::format("{}{}", out.empty() ? "" : "; ", memlab::english_part(text));
  };
  if (!converged) {
    double worst = 0;
    for (std::size_t i : launches) worst = std::max(worst, stats[i].rse);
    add(memlab::bilingual(
        fmt::format("machine too noisy: after {} rounds a mean was known only to {} %", rounds, fixed(100 * worst, 1)),
        fmt::format("机器太嘈杂：{} 轮之后，均值的精度只达到 {} %", rounds, fixed(100 * worst, 1))));
  }
  for (std::size_t i : launches) {
    const memlab::ShapeReport shape = memlab::inspect_shape(kept(ms[i]));
    if (!shape.note.empty()) add(shape.note);
  }
  if (throttled > 0 && !out.empty())
    add(memlab::bilingual(fmt::format("{} throttled samples discarded", throttled),
                          fmt::format("丢弃了 {} 个降频样本", throttled)));
  return out.empty() ? "" : memlab::bilingual(out, out_zh);
}

memlab::RatioEstimate time_ratio(const RoundTiming& t, std::size_t base, std::size_t candidate) {
  std::vector<double> b, c;
  for (std::size_t r = 0; r < t.rounds; ++r) {
    if (std::isnan(t.ms[base][r]) || std::isnan(t.ms[candidate][r])) continue;
    b.push_back(t.ms[base][r]);
    c.push_back(t.ms[candidate][r]);
  }
  return memlab::ratio_from_pairs(b, c);
}
