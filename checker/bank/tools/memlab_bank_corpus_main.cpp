// memlab-bank-corpus: writes the bank-model pattern corpus, checks that the committed copy
// is current, and checks the model against a file of measured wavefronts (formats in
// memlab/bank_corpus.h).
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

#include "memlab/bank_corpus.h"

namespace {

constexpr const char* kProgram = "memlab-bank-corpus";
constexpr std::size_t kMostProblemsShown = 40;

int generate(const std::string& path) {
  if (path.empty()) {
    std::cout << memlab::bank::corpus_text();
    return 0;
  }
  std::ofstream out(path);
  out << memlab::bank::corpus_text();
  out.close();
  if (!out) {
    std::cerr << kProgram << ": cannot write " << path << '\n';
    return 1;
  }
  std::cout << "wrote " << memlab::bank::corpus_patterns().size() << " patterns to " << path << '\n';
  return 0;
}

int verify(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << kProgram << ": cannot read " << path << '\n';
    return 1;
  }
  std::stringstream committed;
  committed << in.rdbuf();
  const std::string expected = memlab::bank::corpus_text();
  if (committed.str() == expected) {
    std::cout << path << " is current (" << memlab::bank::corpus_patterns().size() << " patterns)\n";
    return 0;
  }
  std::istringstream have(committed.str()), want(expected);
  std::string have_line, want_line;
  long line = 1;
  while (std::getline(want, want_line) && std::getline(have, have_line) && have_line == want_line) ++line;
  std::cerr << kProgram << ": " << path << " differs from the generator from line " << line
            << "; regenerate it with `memlab-bank-corpus generate --out " << path << "`\n";
  return 1;
}

int check(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << kProgram << ": cannot read " << path << '\n';
    return 1;
  }
  const auto result = memlab::bank::check_measured(in);
  for (std::size_t i = 0; i < result.problems.size() && i < kMostProblemsShown; ++i)
    std::cerr << path << ": " << result.problems[i] << '\n';
  if (result.problems.size() > kMostProblemsShown)
    std::cerr << "... and " << result.problems.size() - kMostProblemsShown << " more\n";
  if (result.lines_checked == 0 && result.problems.empty()) {
    std::cerr << kProgram << ": " << path << " holds no measured line\n";
    return 1;
  }
  std::cout << result.lines_checked << " measured patterns checked, " << result.problems.size() << " problems\n";
  return result.problems.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"memlab-bank-corpus: the bank model's pattern corpus", kProgram};
  app.require_subcommand(1);
  std::string out_path, verify_path, measured_path;
  app.add_subcommand("generate", "Write the corpus (to standard output, or --out FILE)")->add_option("--out", out_path);
  auto* verify_cmd = app.add_subcommand("verify", "Fail when FILE is not what generate writes");
  verify_cmd->add_option("FILE", verify_path)->required();
  auto* check_cmd =
      app.add_subcommand("check-measured", "Fail unless the model reproduces every measured line of FILE");
  check_cmd->add_option("FILE", measured_path)->required();
  try {
    app.parse(argc, argv);
    if (*verify_cmd) return verify(verify_path);
    if (*check_cmd) return check(measured_path);
    return generate(out_path);
  } catch (const CLI::ParseError& error) {
    return app.exit(error);
  } catch (const std::exception& error) {
    std::cerr << kProgram << ": " << error.what() << '\n';
    return 1;
  }
}
