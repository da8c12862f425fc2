// The GPU table (memlab/gpu_table.h) is the one place for datasheet figures: the lab headers
// that must restate some of them (lab 08's DeviceLimits, the bank model's largest shared
// memory) and the docs' figure of an H200 SM (docs/figures/h200-shared-steps.svg) are held to it
// here. The course text quotes the table through docs/data/gpu-table.csv (memlab-gpu-table).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "lab.h"  // labs/08-occupancy/lab.h
#include "memlab/bank_model.h"
#include "memlab/gpu_table.h"

using namespace memlab;

TEST_CASE("gpu table: at least ten GPUs from sm_75 on, each named once") {
  const auto& t = gpu_table();
  CHECK(t.size() >= 10);
  std::set<std::string> names;
  for (const GpuSpec& g : t) {
    CHECK(names.insert(g.name).second);
    CHECK(g.cc_major * 10 + g.cc_minor >= 75);
    CHECK(g.sms > 0);
    CHECK(g.dram_gb_per_s > 0);
    CHECK(g.shared_per_block_optin <= g.shared_per_sm);
  }
  // The balance the course's issue on portability quotes: about 7x on the H200, 41x on an RTX 4090.
  CHECK(gpu_spec("H200 SXM").shared_over_dram() == doctest::Approx(6.97).epsilon(0.01));
  CHECK(gpu_spec("RTX 4090").shared_over_dram() == doctest::Approx(40.96).epsilon(0.01));
  CHECK_THROWS_AS(gpu_spec("GTX 480"), std::out_of_range);
}

TEST_CASE("gpu table: lab 08's DeviceLimits and the bank model restate it") {
  auto same = [](const DeviceLimits& d, const GpuSpec& g) {
    CHECK(d.cc_major == g.cc_major);
    CHECK(d.cc_minor == g.cc_minor);
    CHECK(d.max_threads_per_sm == g.max_threads_per_sm);
    CHECK(d.max_blocks_per_sm == g.max_blocks_per_sm);
    CHECK(d.registers_per_sm == g.registers_per_sm);
    CHECK(d.shared_per_sm == g.shared_per_sm);
    CHECK(d.shared_per_block_optin == g.shared_per_block_optin);
  };
  same(kH200, gpu_spec("H200 SXM"));
  same(kA100, gpu_spec("A100 40 GB SXM"));
  same(kRtx4090, gpu_spec("RTX 4090"));
  int largest = 0;
  for (const GpuSpec& g : gpu_table()) largest = std::max(largest, g.shared_per_sm);
  CHECK(bank::kMaxSharedBytes == static_cast<std::uint32_t>(largest));
}

TEST_CASE("gpu table: the docs' figure of one H200 SM restates it") {
  // The committed figure, in both languages (docs.figures holds it to memlab-figures' drawing).
  for (const char* file : {"h200-shared-steps.svg", "h200-shared-steps.zh.svg"}) {
    CAPTURE(file);
    std::ifstream in(std::string(MEMLAB_SOURCE_DIR "/docs/figures/") + file);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const std::string t = text.str();
    // Its title writes the bytes with a space between digit groups: "233 472 bytes", "233 472 字节".
    std::smatch m;
    REQUIRE(std::regex_search(t, m, std::regex("H200 SM[^0-9]*?(\\(|（)([0-9 ]+) (bytes|字节)")));
    std::string bytes = m[2].str();
    bytes.erase(std::remove(bytes.begin(), bytes.end(), ' '), bytes.end());
    CHECK(std::stoi(bytes) == gpu_spec("H200 SXM").shared_per_sm);
  }
}
