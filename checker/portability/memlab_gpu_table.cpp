// memlab-gpu-table: the course's GPU table (memlab/gpu_table.h, the one source of its datasheet
// figures) in the two forms the course text quotes, and the checks that hold them to the table:
//   --csv               prints docs/data/gpu-table.csv: one row per GPU and figure
//                       ("gpu,field,value"), the record that the text's markers
//                       <!--measured:docs/data/gpu-table.csv#gpu=H200 SXM,field=sms--> quote
//                       (docs.measured checks each quoted number against it)
//   --check-csv FILE    fails when FILE is not what --csv prints
//   --check-page FILE   fails when the table between <!--gpu-table:balance--> and
//                       <!--/gpu-table:balance--> in FILE is not the balance table (each GPU's
//                       shared-memory over DRAM bandwidth, lowest first)
// Exit status: 0 when every check holds, 1 when one does not, 2 when a file cannot be read.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "memlab/gpu_table.h"
#include "memlab/text_format.h"

using namespace memlab;

namespace {

// The shortest text that reads back as the same value: "4.8", "33454.08", "233472".
std::string number(double value) {
  std::ostringstream s;
  s << std::setprecision(12) << value;
  return s.str();
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Each figure of one GPU as the text quotes it, in the units it quotes it in.
std::vector<std::pair<std::string, std::string>> fields_of(const GpuSpec& g) {
  constexpr double kKiB = 1024;
  return {
      {"cc", std::to_string(g.cc_major) + "." + std::to_string(g.cc_minor)},
      {"sms", number(g.sms)},
      {"boost_mhz", number(g.boost_mhz)},
      {"dram_gb_per_s", number(g.dram_gb_per_s)},
      {"dram_tb_per_s", number(g.dram_gb_per_s / 1000)},
      {"shared_per_sm_bytes", number(g.shared_per_sm)},
      {"shared_per_sm_kib", number(g.shared_per_sm / kKiB)},
      {"shared_per_block_optin_bytes", number(g.shared_per_block_optin)},
      {"shared_per_block_optin_kib", number(g.shared_per_block_optin / kKiB)},
      {"registers_per_sm", number(g.registers_per_sm)},
      {"max_threads_per_sm", number(g.max_threads_per_sm)},
      {"max_blocks_per_sm", number(g.max_blocks_per_sm)},
      {"l2_mib", number(g.l2_mib)},
      {"shared_gb_per_s", number(g.shared_bytes_per_s() / 1e9)},  // 32 banks x 4 B x SMs x clock
      {"shared_tb_per_s", number(g.shared_bytes_per_s() / 1e12)},
      {"shared_over_dram", number(g.shared_over_dram())},
      {"source", quoted(g.source)},
  };
}

std::string csv_text() {
  std::string out = "gpu,field,value\n";
  for (const GpuSpec& g : gpu_table())
    for (const auto& [field, value] : fields_of(g)) out += quoted(g.name) + "," + field + "," + value + "\n";
  return out;
}

std::string balance_table() {
  std::vector<const GpuSpec*> order;
  for (const GpuSpec& g : gpu_table()) order.push_back(&g);
  std::stable_sort(order.begin(), order.end(),
                   [](const GpuSpec* a, const GpuSpec* b) { return a->shared_over_dram() < b->shared_over_dram(); });
  std::string out = "| GPU | shared memory / DRAM |\n| --- | --- |\n";
  for (const GpuSpec* g : order) out += "| " + g->name + " | " + fixed(g->shared_over_dram(), 0) + "x |\n";
  return out;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"memlab-gpu-table: the course's GPU table as the course text quotes it, and its checks"};
  bool print_csv = false;
  std::string csv_file, page;
  app.add_flag("--csv", print_csv, "print the table as docs/data/gpu-table.csv holds it");
  app.add_option("--check-csv", csv_file, "fail when this file is not what --csv prints");
  app.add_option("--check-page", page,
                 "fail when the table between <!--gpu-table:balance--> and <!--/gpu-table:balance--> in this "
                 "Markdown file is not the balance table");
  CLI11_PARSE(app, argc, argv);
  if (!print_csv && csv_file.empty() && page.empty()) {
    std::cerr << "memlab-gpu-table: give --csv, --check-csv FILE or --check-page FILE (see --help)\n";
    return 2;
  }

  int status = 0;
  if (print_csv) std::cout << csv_text();
  if (!csv_file.empty()) {
    std::string text;
    if (!read_file(csv_file, text)) {
      std::cerr << "memlab-gpu-table: cannot read " << csv_file << "\n";
      return 2;
    }
    if (text != csv_text()) {
      std::cerr << csv_file << ": not the GPU table of checker/core/src/gpu_table.cpp; write it again with\n"
                << "  memlab-gpu-table --csv > " << csv_file << "\n"
                << "(the text's markers that quote it then say which quoted figure changed: test docs.measured)\n";
      status = 1;
    } else {
      std::cout << csv_file << ": the GPU table's " << gpu_table().size()
                << " GPUs, as checker/core/src/gpu_table.cpp has them\n";
    }
  }
  if (!page.empty()) {
    std::string text;
    if (!read_file(page, text)) {
      std::cerr << "memlab-gpu-table: cannot read " << page << "\n";
      return 2;
    }
    const std::string open = "<!--gpu-table:balance-->\n", close = "<!--/gpu-table:balance-->";
    const size_t a = text.find(open), b = text.find(close);
    if (a == std::string::npos || b == std::string::npos || b < a) {
      std::cerr << page << ": no <!--gpu-table:balance--> ... <!--/gpu-table:balance--> region\n";
      status = 1;
    } else if (text.substr(a + open.size(), b - a - open.size()) != balance_table()) {
      std::cerr << page << ": the balance table is not the GPU table's; replace the region with:\n" << balance_table();
      status = 1;
    } else {
      std::cout << page << ": the balance table is the GPU table's\n";
    }
  }
  return status;
}
