#include "repeatability_table.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "memlab/result_files.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace memlab {

int repeatability_table(const std::vector<fs::path>& reports, std::ostream& out) {
  std::map<std::string, std::vector<double>> values;
  std::map<std::string, std::map<std::string, int>> verdicts;
  std::vector<std::string> order;
  for (const auto& path : reports) {
    if (!fs::exists(path)) throw std::runtime_error("no such report: " + path.string());
    // Fields are read with at(): operator[] on a const json with a missing key is undefined.
    try {
      const json lab = json::parse(read_text_file(path));
      for (const auto& c : lab.at("checks")) {
        const std::string key =
            lab.at("lab").get<std::string>() + " " + lab.value("variant", "?") + " " + c.at("id").get<std::string>();
        if (!verdicts.count(key)) order.push_back(key);
        ++verdicts[key][c.at("verdict").get<std::string>()];
        if (!c.at("measured").is_null()) values[key].push_back(c.at("measured").get<double>());
      }
    } catch (const json::exception& e) {
      throw std::runtime_error(path.string() + ": not a report: " + e.what());
    }
  }
  out << "| lab variant check | runs | verdicts | min | median | max | spread (max-min)/median |\n"
      << "| --- | --- | --- | --- | --- | --- | --- |\n";
  bool agree = true;
  for (const auto& key : order) {
    std::ostringstream v;
    int runs = 0;
    for (const auto& [verdict, n] : verdicts[key]) {
      v << (runs ? ", " : "") << verdict << " " << n;
      runs += n;
    }
    agree = agree && verdicts[key].size() == 1;
    std::vector<double> x = values[key];
    std::sort(x.begin(), x.end());
    out << "| " << key << " | " << runs << " | " << v.str() << " | ";
    if (x.empty()) {
      out << "| | | |\n";
      continue;
    }
    const double median = x[x.size() / 2];
    out << x.front() << " | " << median << " | " << x.back() << " | "
        << (median != 0 ? 100 * (x.back() - x.front()) / median : 0) << " % |\n";
  }
  out << "\nverdicts " << (agree ? "agree in every run" : "DISAGREE between runs") << "\n";
  return agree ? 0 : 1;
}

}  // namespace memlab
