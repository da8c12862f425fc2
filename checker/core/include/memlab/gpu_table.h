#pragma once
// The GPUs the course is meant for, from sm_75 on: datasheet figures in one place. The checks
// never read this table (they measure the GPU they run on); memlab-portability predicts every
// timed check on each of these GPUs from it, and CPU tests hold the figures that lab headers
// must restate (lab 08's DeviceLimits, the bank model's largest shared memory) to it.
// The course text quotes it through docs/data/gpu-table.csv, which memlab-gpu-table prints from
// this table (test course.gpu_table_copies, with docs/your-gpu.md's balance table; docs.measured
// checks each quoted figure against the file). Change a figure here, then write the file again.
#include <string>
#include <vector>

namespace memlab {

struct GpuSpec {
  std::string name;  // "H200 SXM 141 GB"
  int cc_major = 0, cc_minor = 0;
  int sms = 0;
  double boost_mhz = 0;            // the maximum SM clock the vendor gives
  double dram_gb_per_s = 0;        // datasheet memory bandwidth, 1e9 bytes per second
  int shared_per_sm = 0;           // bytes of shared memory an SM can give to blocks
  int shared_per_block_optin = 0;  // the most one block may use, after opting in
  int registers_per_sm = 0;        // 32-bit registers
  int max_threads_per_sm = 0;
  int max_blocks_per_sm = 0;
  double l2_mib = 0;
  std::string source;  // where the figures come from

  // Shared-memory bandwidth in theory: 32 banks x 4 bytes x SMs x clock.
  double shared_bytes_per_s() const { return 128.0 * sms * boost_mhz * 1e6; }
  double shared_wavefronts_per_s() const { return double(sms) * boost_mhz * 1e6; }
  // How many times the shared memory's bandwidth exceeds DRAM's: the balance that decides how
  // much a bank conflict costs against a kernel's DRAM traffic.
  double shared_over_dram() const { return shared_bytes_per_s() / (dram_gb_per_s * 1e9); }
};

// Ten GPUs from the T4 (sm_75) to the RTX 5090 (sm_120), oldest first.
const std::vector<GpuSpec>& gpu_table();
// The entry whose name is `name`; throws std::out_of_range naming the known GPUs.
const GpuSpec& gpu_spec(const std::string& name);

}  // namespace memlab
