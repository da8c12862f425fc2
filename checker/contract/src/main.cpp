// memlab-contract: judges a submission's compiled objects and depfiles against its lab's
// contract before any of its code runs. Exit 0: the contract holds; 1: it is violated; 2: the
// tool could not judge (bad arguments, unreadable files). result.json is written in all three.
// Its violations and error are in English and Chinese (memlab/bilingual.h): the judge keeps both,
// and the report shows the reader's language. The console gets the English.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "built_in.h"
#include "checks.h"
#include "memlab/bilingual.h"
#include "paths.h"
#include "violation_text.h"

namespace {

using namespace contract;
using memlab::bilingual;
using memlab::english_part;

void write_result(const std::string& out, bool ok, const Violations& violations, const std::string& error) {
  if (out.empty()) return;
  nlohmann::json j{{"ok", ok}, {"violations", violations}};
  if (!error.empty()) j["error"] = error;
  std::ofstream file(out);
  file << j.dump(2) << "\n";
}

// At most `limit` violations of one kind per file: CUB alone brings hundreds.
void append_capped(Violations& all, const Violations& some, const StudentFile& f, const std::string& kind) {
  constexpr std::size_t limit = 12;
  for (std::size_t i = 0; i < some.size() && i < limit; ++i) all.push_back(some[i]);
  if (some.size() > limit) {
    const std::string more = std::to_string(some.size() - limit);
    all.push_back(with_class(f.display + " has " + more + " more violations of the same kind",
                             f.display + " 还有 " + more + " 处同一类的违反之处", kind));
  }
}

Submission make_submission(const std::string& contract_path, const std::string& lab_header,
                           const std::vector<std::string>& extra_system, const std::vector<std::string>& extra_course,
                           const std::string& objdump, const std::string& dep_base) {
  Submission s;
  s.lab = load_contract(contract_path);
  if (!std::filesystem::is_regular_file(lab_header))
    throw std::runtime_error(bilingual("no lab header at " + lab_header, "找不到 lab.h：" + lab_header));
  const std::string cwd = std::filesystem::current_path().string();
  s.tools.dep_base = dep_base.empty() ? cwd : canonical_path(dep_base, cwd);
  s.lab_header = canonical_path(lab_header, cwd);
  s.lab_header_names.push_back(s.lab_header);
  const std::string original = line_directive_path(s.lab_header);
  if (!original.empty())
    s.lab_header_names.push_back(canonical_path(original, std::filesystem::path(s.lab_header).parent_path()));
  const auto beside_contract = std::filesystem::path(contract_path).parent_path() / "lab.h";
  if (std::filesystem::is_regular_file(beside_contract))
    s.lab_header_names.push_back(canonical_path(beside_contract, cwd));

  s.tools.objdump = objdump.empty() ? built_in_objdump() : objdump;
  for (const auto& list : {built_in_system_dirs(), extra_system})
    for (const std::string& d : list) s.tools.system_dirs.push_back(canonical_path(d, cwd));
  for (const auto& list : {built_in_course_dirs(), extra_course})
    for (const std::string& d : list) s.tools.course_dirs.push_back(canonical_path(d, cwd));
  for (const BaselineEntry& e : built_in_baseline()) {
    std::set<std::string>& pulled = s.tools.baseline[e.entry];
    for (const std::string& h : e.headers) {
      const std::vector<std::string> names = relative_names(canonical_path(h, cwd), s.tools.system_dirs);
      if (!names.empty()) pulled.insert(names.front());
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"memlab-contract: check a submission's compiled objects against its lab's contract"};
  std::string contract_path, lab_header, out, objdump, dep_base;
  std::vector<std::vector<std::string>> file_args;
  std::vector<std::string> extra_system, extra_course;
  app.add_option("--contract", contract_path, "the lab's contract.json")->required();
  app.add_option("--lab-header", lab_header, "the staged copy of lab.h the student's files compiled against")
      ->required();
  app.add_option("--file", file_args, "DISPLAY OBJECT DEPFILE: one student file (repeat per file)")
      ->expected(3)
      ->required();
  app.add_option("--out", out, "result.json to write")->required();
  app.add_option("--objdump", objdump, "objdump to disassemble with (default: the one CMake found)");
  app.add_option("--system-include", extra_system, "another system include folder (repeatable)");
  app.add_option("--course-dir", extra_course, "another folder of course files (repeatable)");
  app.add_option("--dep-base", dep_base, "folder relative depfile paths start from (default: the current folder)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    write_result(out, false, {}, e.what());
    return 2;
  }

  try {
    const Submission s = make_submission(contract_path, lab_header, extra_system, extra_course, objdump, dep_base);
    Violations all;
    for (const std::vector<std::string>& args : file_args) {
      const StudentFile f{args.at(0), args.at(1), args.at(2)};
      if (!std::filesystem::is_regular_file(f.depfile))
        throw std::runtime_error(bilingual("no depfile at " + f.depfile, "找不到依赖文件：" + f.depfile));
      const ElfObject object = ElfObject::read(f.object);
      Violations includes, definitions, references, startup, instructions;
      check_includes(s, f, includes);
      check_definitions(s, f, object, definitions);
      check_references(s, f, object, references);
      check_startup(s, f, object, startup);
      check_instructions(s, f, object, instructions);
      append_capped(all, includes, f, bilingual("includes", "包含"));
      append_capped(all, definitions, f, bilingual("defines", "定义"));
      append_capped(all, references, f, bilingual("references", "引用"));
      append_capped(all, startup, f, bilingual("runs before main", "在 main 之前运行"));
      append_capped(all, instructions, f, bilingual("instructions", "指令"));
    }
    for (const std::string& v : all) std::cerr << "contract: " << english_part(v) << "\n";
    write_result(out, all.empty(), all, "");
    return all.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "memlab-contract: " << english_part(e.what()) << "\n";
    write_result(out, false, {}, e.what());
    return 2;
  }
}
