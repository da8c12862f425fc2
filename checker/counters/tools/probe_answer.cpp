#include "probe_answer.h"

#include "memlab/text_format.h"

#include <cmath>
#include <cstdio>

namespace memlab::counters::tools {
using memlab::fixed;

ProbeAnswer answer_for(const ProbeCounts& counts, int repeats, bool any_lane_active) {
  ProbeAnswer answer;
  answer.instructions = counts.instructions;
  answer.wavefronts_per_instruction = counts.wavefronts / repeats;
  answer.conflicts_per_instruction = counts.conflicts / repeats;
  answer.wavefronts = std::lround(answer.wavefronts_per_instruction);

  const double off_by = std::fabs(answer.wavefronts_per_instruction - static_cast<double>(answer.wavefronts));
  if (off_by > 0.1) {
    answer.warnings.push_back(fixed(answer.wavefronts_per_instruction, 3) + " wavefronts per instruction is " +
                              fixed(off_by, 3) + " away from the nearest integer; reported " +
                              std::to_string(answer.wavefronts));
  }
  const double expected_instructions = any_lane_active ? repeats : 0;
  if (counts.instructions != expected_instructions) {
    answer.warnings.push_back("counted " + fixed(counts.instructions, 0) +
                              " shared instructions of this kind beyond the baseline, expected " +
                              fixed(expected_instructions, 0) + ": the kernel did not issue exactly the probed access");
  }
  return answer;
}

std::string measured_line(std::string_view pattern_text, const ProbeAnswer& answer, bool details) {
  std::string line = std::string(pattern_text) + " => " + std::to_string(answer.wavefronts);
  if (details) {
    line += "  # wavefronts/inst=" + fixed(answer.wavefronts_per_instruction, 3) +
            " conflicts/inst=" + fixed(answer.conflicts_per_instruction, 3) + " inst=" + fixed(answer.instructions, 0);
  }
  return line;
}

std::string_view pattern_part(std::string_view line) {
  std::string_view part = line.substr(0, line.find("=>"));
  while (!part.empty() && (part.back() == ' ' || part.back() == '\t' || part.back() == '\r')) part.remove_suffix(1);
  return part;
}

}  // namespace memlab::counters::tools
