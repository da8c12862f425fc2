#include "memlab/sampling.h"

#include <sstream>

namespace memlab {

namespace {

std::string join_doubts(bool converged, const SamplingCriteria& c, double rse, std::size_t throttled,
                        const std::vector<const ShapeReport*>& shapes) {
  std::ostringstream out;
  if (!converged) {
    out << "machine too noisy: the mean was known only to " << static_cast<int>(rse * 1000 + 0.5) / 10.0
        << " % after " << c.max_seconds << " s of samples (needed " << c.max_rse * 100 << " %)";
  }
  for (const ShapeReport* s : shapes) {
    if (s->note.empty()) continue;
    if (out.tellp() > 0) out << "; ";
    out << s->note;
  }
  if (throttled > 0 && out.tellp() > 0) out << " (" << throttled << " throttled samples discarded)";
  return out.str();
}

}  // namespace

std::string Measurement::doubt() const {
  return join_doubts(converged, criteria, stats.rse, throttled_discarded, {&shape});
}

std::string PairMeasurement::doubt() const {
  return join_doubts(converged, criteria, ratio.relative_half_width() / 2, throttled_discarded,
                     {&base_shape, &candidate_shape});
}

Measurement sample_until_stable(const std::function<Sample()>& take, const SamplingCriteria& c) {
  Measurement m;
  m.criteria = c;
  double spent_ms = 0;
  std::size_t attempts = 0;
  while (attempts < c.max_samples) {
    Sample s = take();
    ++attempts;
    spent_ms += s.ms;
    if (s.throttled) {
      ++m.throttled_discarded;
    } else {
      m.samples_ms.push_back(s.ms);
    }
    const bool enough = m.samples_ms.size() >= c.min_samples && spent_ms >= c.min_seconds * 1e3;
    if (enough) {
      m.stats = summarize(m.samples_ms);
      if (m.stats.rse <= c.max_rse) {
        m.converged = true;
        break;
      }
    }
    if (spent_ms >= c.max_seconds * 1e3) break;
  }
  m.stats = summarize(m.samples_ms);
  if (m.samples_ms.size() < c.min_samples) m.converged = false;
  m.shape = inspect_shape(m.samples_ms);
  return m;
}

PairMeasurement sample_pairs_until_stable(const std::function<Sample()>& take_base,
                                          const std::function<Sample()>& take_candidate,
                                          const SamplingCriteria& c) {
  PairMeasurement m;
  m.criteria = c;
  double spent_ms = 0;
  std::size_t attempts = 0;
  while (attempts < c.max_samples) {
    Sample b = take_base();
    Sample k = take_candidate();
    ++attempts;
    spent_ms += b.ms + k.ms;
    if (b.throttled || k.throttled) {
      ++m.throttled_discarded;
    } else {
      m.base_ms.push_back(b.ms);
      m.candidate_ms.push_back(k.ms);
    }
    const bool enough = m.base_ms.size() >= c.min_samples && spent_ms >= c.min_seconds * 1e3;
    if (enough) {
      m.ratio = ratio_from_pairs(m.base_ms, m.candidate_ms);
      // The CI's half-width plays the role of the RSE bound (about two standard errors).
      if (m.ratio.relative_half_width() <= 2 * c.max_rse) {
        m.converged = true;
        break;
      }
    }
    if (spent_ms >= c.max_seconds * 1e3) break;
  }
  m.ratio = ratio_from_pairs(m.base_ms, m.candidate_ms);
  if (m.base_ms.size() < c.min_samples) m.converged = false;
  m.base_shape = inspect_shape(m.base_ms);
  m.candidate_shape = inspect_shape(m.candidate_ms);
  return m;
}

}  // namespace memlab
