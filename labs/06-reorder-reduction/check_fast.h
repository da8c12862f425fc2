#pragma once
// Lab 06, Part B on the hardware counters: does reduce_fast() add in registers and read its input
// once? check.cpp reads the counters around reduce_fast(); this judges them on the CPU, so that the
// CPU tests can feed it the numbers of known designs.
//
// Both values are totals over the work (the input's 32-byte sectors, fixed by n), never ratios of
// two counters: an added instruction only raises them.
//   shared wavefronts (loads + stores) per input sector: a tree of 256 one-value threads costs
//     45 conflict-free wavefronts per 256 values (25 loads, 20 stores), 1.41 per sector; a
//     grid-stride kernel adds thousands of values in registers before its block's one tree.
//   global-load sectors over the input's sectors: at least 1 (every byte read) and at most
//     1 + kFastExtraSectors (read once, by coalesced loads: a second read gives 2, lanes that each
//     walk their own run of floats up to 8).
#include <cstddef>
#include <string>

namespace lab06 {

// Room for what an honest design reads besides the input: its block sums (the starter's two
// upper levels read 1/256 + 1/65536 of the input more, 0.4 %; a grid-stride kernel's second
// pass reads one float per block, under 0.03 %).
inline constexpr double kFastExtraSectors = 0.05;

struct MeasuredFast {
  double shared_load_wavefronts = 0, shared_store_wavefronts = 0;
  double global_load_sectors = 0;
};

// The counters over the work of n floats. `problem` is non-empty, in English and Chinese, when
// the global loads do not read the input exactly once: then the check fails, whatever the
// shared-memory value.
struct FastCounters {
  double input_sectors = 0;
  double shared_per_sector = 0;  // (shared load + store wavefronts) / input sectors: the check's value
  double sectors_read = 0;       // global-load sectors / input sectors
  std::string problem;
  std::string describe() const;  // in English and Chinese
};
FastCounters fast_counters(const MeasuredFast& measured, std::size_t n);

}  // namespace lab06
