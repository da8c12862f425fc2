// memlab-bank-probe's arithmetic and output line, apart from the GPU so that
// they are tested on the CPU.
//
// The probe's kernel repeats one warp access `repeats` times; counts are the
// kernel's minus those of a baseline kernel that does everything except the
// access (the same kernel with every lane inactive).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlab::counters::tools {

struct ProbeCounts {
  double wavefronts = 0;    // shared wavefronts of the probed op (ld or st)
  double conflicts = 0;     // bank conflicts of the probed op
  double instructions = 0;  // shared warp instructions of the probed op
};

struct ProbeAnswer {
  long wavefronts = 0;                    // per instruction, rounded: the ` => N` of the measured file
  double wavefronts_per_instruction = 0;  // before rounding
  double conflicts_per_instruction = 0;
  double instructions = 0;
  std::vector<std::string> warnings;  // why the reading may not be trusted; empty when clean
};

// `any_lane_active` false means the pattern has no active lane: then the
// warp executes no access and every count should be zero.
ProbeAnswer answer_for(const ProbeCounts& counts, int repeats, bool any_lane_active);

// The measured-file line: `pattern_text => N`, and with `details` a trailing
// comment `  # wavefronts/inst=... conflicts/inst=... inst=...`.
std::string measured_line(std::string_view pattern_text, const ProbeAnswer& answer, bool details);

// The pattern part of an input line: everything before an earlier answer
// (`=>`), without trailing blanks, so a measured file can be measured again.
std::string_view pattern_part(std::string_view line);

}  // namespace memlab::counters::tools
