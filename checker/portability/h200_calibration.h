#pragma once
// What the H200 measured for the kernels memlab-portability predicts: the run of
// docs/results/h200-log.md "2026-12-01, commit 97f0133: every lab and every known-wrong
// submission" (the verification table there). The model carries each kernel's efficiency from
// the H200 to other GPUs: a kernel that reached a given share of its bottleneck's rate on the
// H200 is predicted to reach the same share of it on every GPU. That is an assumption, and the
// table says so. The H200's datasheet figures (SMs, clock, DRAM bandwidth) are not restated here:
// they are the entry "H200 SXM" of the course's GPU table (memlab/gpu_table.h).
namespace memlab::h200 {

// Rates the H200 measured; lab_predictions.cpp sets them against the table's datasheet figures.
inline constexpr double kCopyGBps = 3889;  // float4 copy roofline (lab 04's report)
inline constexpr double kReadGBps = 3924;  // float4 read roofline (lab 06's report)
inline constexpr double kSharedOfTheory =
    0.910;  // lab 03: stride-1 shared loads, of SMs x 128 B x the maximum SM clock

// Lab 01 (8192 x 8192 floats, 2 x 256 MiB moved): the starter's column-walking kernel and the
// coalesced one-float-per-thread kernel; the starter's scalar scale_array and the float4 one.
inline constexpr double kLab01StarterMs = 0.986, kLab01CoalescedMs = 0.224;
inline constexpr double kLab01ScalarArrayGBps = 2468;  // lab 01's report: vectorized_fraction_of_copy_roofline, starter
inline constexpr double kLab01VectorFraction = 1.008;

// Lab 03: values of its shared-memory-only checks, which the model predicts do not depend on
// the GPU's balance (both sides of each ratio are shared-memory bound).
inline constexpr double kLab03StarterStride1 = 0.023, kLab03SolutionStride1 = 0.910;
inline constexpr double kLab03StarterBand = 36.7, kLab03SolutionBand = 0.062;  // worst stride's excess
inline constexpr double kLab03StarterPure2way = 1.00, kLab03SolutionPure2way = 1.94;
inline constexpr double kLab03Mixed2way = 1.00;

// Labs 04 and 05 (8192 x 8192 floats): the starters' 32-way tile and the conflict-free tiles.
inline constexpr double kLab04StarterMs = 0.314, kLab04SolutionMs = 0.158;
inline constexpr double kLab05StarterMs = 0.344, kLab05SolutionMs = 0.161;

// Lab 06 (2^27 floats): the trees, the float4 + shuffle sum and CUB.
inline constexpr double kLab06StarterTreeMs = 0.751, kLab06SolutionTreeMs = 0.594;
inline constexpr double kLab06FastFraction = 1.001, kLab06FastVsCub = 1.01;

// Lab 07 (64 x 64 tiles of 16-bit values): both tiles against the copy roofline.
inline constexpr double kLab07StarterFraction = 0.800, kLab07SolutionFraction = 0.810;
inline constexpr double kLab07SolutionSpeedup = 1.01;

// Lab 08 (16128 x 16128 floats): the starter's unpadded/512 and the fastest candidate.
inline constexpr double kLab08StarterMs = 1.1994, kLab08FastestMs = 0.5599;

}  // namespace memlab::h200
