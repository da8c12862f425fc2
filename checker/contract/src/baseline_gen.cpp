// contract_baseline_gen: builds the include rule's baseline when memlab-contract is built.
// For each allowed entry header (the CUDA runtime, cuda_fp16.h, cooperative_groups.h, the
// C++ standard library headers, ...) it asks the compiler which headers that one include
// pulls in, and writes them as C++ arrays (contract_baseline.inc) for built_in.cpp.
//
// Usage: contract_baseline_gen OUT WORKDIR NVCC CXX CUDA_INCLUDE [--nvcc-host H]
//        --cuda ENTRY... --std ENTRY...
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "depfile.h"
#include "paths.h"
#include "subprocess.h"

namespace {

namespace fs = std::filesystem;
using contract::canonical_path;

// The canonical headers one `#include <entry>` pulls in (the entry itself included), or an
// empty list when this toolkit has no such header.
std::vector<std::string> closure(const std::vector<std::string>& compile, const fs::path& probe,
                                 const std::string& entry) {
  { std::ofstream(probe) << "#include <" << entry << ">\n"; }
  const fs::path depfile = probe.string() + ".d";
  std::vector<std::string> argv = compile;
  argv.insert(argv.end(), {"-M", probe.string(), probe.extension() == ".cu" ? "-o" : "-MF", depfile.string()});
  try {
    contract::run_and_capture(argv, /*quiet=*/true);  // a header this toolkit lacks is no error
  } catch (const std::exception&) {
    return {};
  }
  std::vector<std::string> headers;
  for (const std::string& dep : contract::read_depfile(depfile.string()))
    if (fs::path(dep).filename() != probe.filename())
      headers.push_back(canonical_path(dep, probe.parent_path().string()));
  return headers;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 5) {
    std::cerr
        << "usage: contract_baseline_gen OUT WORKDIR NVCC CXX CUDA_INCLUDE [--nvcc-host H] --cuda ... --std ...\n";
    return 2;
  }
  const fs::path out = args[0], work = args[1];
  const std::string nvcc = args[2], cxx = args[3], cuda_include = args[4];
  std::vector<std::string> nvcc_compile = {nvcc, "-std=c++17", "-x", "cu"};
  std::vector<std::string> cuda_entries, std_entries, *list = nullptr;
  for (std::size_t i = 5; i < args.size(); ++i) {
    if (args[i] == "--nvcc-host" && i + 1 < args.size()) {
      nvcc_compile.insert(nvcc_compile.end(), {"-ccbin", args[++i]});
    } else if (args[i] == "--cuda") {
      list = &cuda_entries;
    } else if (args[i] == "--std") {
      list = &std_entries;
    } else if (list != nullptr) {
      list->push_back(args[i]);
    }
  }
  const std::vector<std::string> cxx_compile = {cxx, "-std=c++17", "-I" + cuda_include};
  fs::create_directories(work);

  // One probe per (compiler, entry); nvcc is slow to start, so the probes run side by side.
  struct Probe {
    const std::vector<std::string>* compile;
    std::string entry;
    fs::path file;
    std::vector<std::string> headers;
  };
  std::vector<Probe> probes;
  for (const std::string& e : cuda_entries) {
    probes.push_back({&nvcc_compile, e, work / ("probe" + std::to_string(probes.size()) + ".cu"), {}});
    probes.push_back({&cxx_compile, e, work / ("probe" + std::to_string(probes.size()) + ".cpp"), {}});
  }
  for (const std::string& e : std_entries)
    probes.push_back({&cxx_compile, e, work / ("probe" + std::to_string(probes.size()) + ".cpp"), {}});
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
  for (unsigned w = 0; w < std::max(1u, std::thread::hardware_concurrency()); ++w)
    workers.emplace_back([&] {
      for (std::size_t i; (i = next++) < probes.size();)
        probes[i].headers = closure(*probes[i].compile, probes[i].file, probes[i].entry);
    });
  for (std::thread& t : workers) t.join();

  // entry (as written) -> the union of what nvcc and g++ pull in for it
  std::map<std::string, std::set<std::string>> closures;
  for (const Probe& p : probes) closures[p.entry].insert(p.headers.begin(), p.headers.end());
  if (closures["cuda_runtime.h"].empty()) {
    std::cerr << "contract_baseline_gen: neither " << nvcc << " nor " << cxx << " could preprocess <cuda_runtime.h>\n";
    return 1;
  }

  // One table of paths, then per entry: its header's index, the count, the indices.
  std::map<std::string, int> index;
  std::vector<std::string> paths;
  auto id = [&](const std::string& p) {
    auto [it, fresh] = index.emplace(p, static_cast<int>(paths.size()));
    if (fresh) paths.push_back(p);
    return it->second;
  };
  std::vector<int> table;
  for (const auto& [entry, headers] : closures) {
    if (headers.empty()) continue;  // this toolkit has no such header
    table.push_back(-1);            // an entry starts: its name follows as the next index
    table.push_back(id(entry));
    table.push_back(static_cast<int>(headers.size()));
    for (const std::string& h : headers) table.push_back(id(h));
  }
  const fs::path tmp = out.string() + ".tmp";
  {
    std::ofstream o(tmp);
    o << "// Generated by contract_baseline_gen when memlab-contract was built: do not edit.\n";
    o << "static const char* const kBaselineStrings[] = {\n";
    for (const std::string& p : paths) o << "    \"" << p << "\",\n";
    o << "};\nstatic const int kBaselineTable[] = {\n";
    for (std::size_t i = 0; i < table.size(); ++i) o << table[i] << ((i + 1) % 16 == 0 ? ",\n" : ",");
    o << "\n};\n";
  }
  // Rewritten only when it changes, so that the tool is not rebuilt for nothing.
  auto text = [](const fs::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  std::error_code ec;
  if (text(out) != text(tmp))
    fs::rename(tmp, out);
  else
    fs::remove(tmp, ec);
  std::cout << "contract baseline: " << closures.size() << " entry headers, " << paths.size() << " headers\n";
  return 0;
}
