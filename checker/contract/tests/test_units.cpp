// The contract's parsers on their own: depfiles, mangled names, header patterns, paths; and the
// texts of its violations, in English and Chinese.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "contract_file.h"
#include "depfile.h"
#include "english_sentence.h"
#include "memlab/bilingual.h"
#include "paths.h"
#include "policy.h"
#include "symbol_names.h"
#include "violation_text.h"

using namespace contract;
using memlab::bilingual;
using memlab::chinese_part;
using memlab::english_part;

TEST_CASE("depfiles: targets are dropped, continuations and escapes are read") {
  const auto deps = parse_depfile(
      "transpose.cu.o : transpose.cu \\\n    /usr/include/stdio.h \\\n  /tmp/my\\ dir/lab.h\n"
      "/usr/include/stdio.h:\nx.o: a$$b.h \\\r\n c.h\n");
  CHECK(deps == std::vector<std::string>{"transpose.cu", "/usr/include/stdio.h", "/tmp/my dir/lab.h", "a$b.h", "c.h"});
  CHECK(parse_depfile("x.o: y.cpp").front() == "y.cpp");
  CHECK(parse_depfile("").empty());
}

TEST_CASE("depfiles: what `ninja -t deps` prints (Ninja deletes the .d files it reads)") {
  const auto deps = parse_depfile(
      "sub/transpose.cu.o: #deps 3, deps mtime 1700000000 (VALID)\n"
      "    /build/submission/04-padding/transpose.cu\n    /usr/include/stdio.h\n    "
      "/build/submission/04-padding/lab.h\n\n");
  CHECK(deps == std::vector<std::string>{"/build/submission/04-padding/transpose.cu", "/usr/include/stdio.h",
                                         "/build/submission/04-padding/lab.h"});
}

TEST_CASE("outer scope from the mangling, not from demangled text") {
  CHECK(outer_scope("_ZN6memlab4seedEv") == "memlab");
  CHECK(outer_scope("_ZNK6memlab3Foo3getEv") == "memlab");
  CHECK(outer_scope("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED1Ev") == "std");
  CHECK(outer_scope("_ZSt20__throw_length_errorPKc") == "std");
  CHECK(outer_scope("_ZTISt13runtime_error") == "std");
  CHECK(outer_scope("_ZTVN10__cxxabiv117__class_type_infoE") == "__cxxabiv1");
  CHECK(outer_scope("_Z9transposePKfPfiiP11CUstream_st").empty());
  CHECK(outer_scope("_Z2tkIfEvPT_").empty());  // a template function's return type is no scope
  CHECK(outer_scope("_ZN3cub17CUB_300000_SM_7506DeviceReduce3SumEv") == "cub");
  CHECK(outer_scope("_ZN45_GLOBAL__N__4b6106fb_12_transpose_cu_8c7304db15transpose_tiledEPKfPfii") ==
        "(anonymous namespace)");
  CHECK(outer_scope("_ZGVZN6memlab1fEvE1x") == "memlab");  // guard of a local static
  CHECK(outer_scope("_ZZN5lab0213step_patternsEvE5cache") == "lab02");
  CHECK(outer_scope("_Znwm").empty());
  CHECK(outer_scope("cudaEventElapsedTime").empty());
  CHECK(english_part(reserved_scope("lab05", false)) == "checker internals");
  CHECK(reserved_scope("cub", false).rfind("library kernels", 0) == 0);
  CHECK(reserved_scope("cub", true).empty());
  CHECK(reserved_scope("dim3", false).empty());
}

TEST_CASE("kernel stubs name their kernels") {
  std::string kernel;
  REQUIRE(kernel_of_stub("_Z21__device_stub__Z2gkPiPi", kernel));
  CHECK(kernel == "_Z2gkPi");
  REQUIRE(kernel_of_stub("_ZL26__device_stub__Z2tkIfEvPT_Pf", kernel));
  CHECK(kernel == "_Z2tkIfEvPT_");
  CHECK_FALSE(kernel_of_stub("_Z9transposePKfPfiiP11CUstream_st", kernel));
  CHECK_FALSE(kernel_of_stub("__device_stub__Z2gkPi", kernel));
  CHECK(global_identifier("_Z2ckPi") == "ck");
  CHECK(demangle("_Z20transpose_tile_pitchv") == "transpose_tile_pitch()");
  CHECK(demangle("getenv") == "getenv");
}

TEST_CASE("references: the common allowlist and the classes of what is refused") {
  CHECK(common_reference_allowed("memcpy"));
  CHECK(common_reference_allowed("sqrtf"));
  CHECK(common_reference_allowed("__cudaLaunchKernel"));
  CHECK(common_reference_allowed("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED1Ev"));
  CHECK_FALSE(common_reference_allowed("_ZNSt6chrono3_V212steady_clock3nowEv"));
  CHECK_FALSE(common_reference_allowed(
      "_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE"));
  CHECK_FALSE(common_reference_allowed("getenv"));
  CHECK_FALSE(common_reference_allowed("_ZN6memlab4seedEv"));
  CHECK(english_part(reference_class("exit", false)) == "ends the process");
  CHECK(chinese_part(reference_class("exit", false)) == "结束进程");
  CHECK(english_part(reference_class("pthread_create", false)) == "threads");
  CHECK(reference_class("cudaEventSynchronize", false).rfind("CUDA events", 0) == 0);
  CHECK(english_part(reference_class("cuLaunchKernel", false)) == "driver API");
  CHECK(reference_class("cupti_Subscribe", false).rfind("CUPTI", 0) == 0);
  CHECK(english_part(reference_class("_ZN6memlab4seedEv", false)) == "checker internals");
  CHECK(english_part(reference_class("_ZNSt6chrono3_V212steady_clock3nowEv", false)) == "time");
  CHECK(common_cuda_api("cudaGetLastError"));
  CHECK_FALSE(common_cuda_api("cudaDeviceSynchronize"));
}

TEST_CASE("header patterns and paths") {
  CHECK(header_matches("cub/cub.cuh", "cub/"));
  CHECK_FALSE(header_matches("cuda/std/cub.h", "cub/"));
  CHECK(header_matches("cupti_activity.h", "cupti*"));
  CHECK(header_matches("thread", "thread"));
  CHECK_FALSE(header_matches("bits/std_thread.h", "thread"));
  CHECK(is_inside("/usr/include/stdio.h", "/usr/include"));
  CHECK_FALSE(is_inside("/usr/include2/x.h", "/usr/include"));
  CHECK(relative_names("/opt/cuda/include/cccl/cub/cub.cuh", {"/opt/cuda/include", "/opt/cuda/include/cccl"}) ==
        std::vector<std::string>{"cub/cub.cuh", "cccl/cub/cub.cuh"});
  CHECK(signature_key("f(int const *, float)") == signature_key("f(int const*,float)"));
}

TEST_CASE("contracts refuse unknown keys and empty defines") {
  const std::string path = "contract_unit_test.json";
  auto write = [&](const char* text) { std::ofstream(path) << text; };
  write(R"j({"defines": ["f()"], "cuda_api": ["cudaMemsetAsync"],
             "forbidden_headers": {"x.h": {"en": "why", "zh": "原因"}}})j");
  const LabContract c = load_contract(path);
  CHECK(c.defines.size() == 1);
  CHECK(c.forbidden_headers.at(0).reason == bilingual("why", "原因"));
  CHECK_FALSE(c.library_kernels);
  write(R"j({"defines": ["f()"], "cuda_apis": []})j");
  CHECK_THROWS_AS(load_contract(path), std::runtime_error);
  write(R"j({"defines": []})j");
  CHECK_THROWS_AS(load_contract(path), std::runtime_error);
  // A forbidden header's reason reaches the report: it needs both languages.
  write(R"j({"defines": ["f()"], "forbidden_headers": {"x.h": "why"}})j");
  CHECK_THROWS_AS(load_contract(path), std::runtime_error);
  write(R"j({"defines": ["f()"], "forbidden_headers": {"x.h": {"en": "why"}}})j");
  CHECK_THROWS_AS(load_contract(path), std::runtime_error);
  std::remove(path.c_str());
}

// The tables of classes are read positionally, where course.chinese_texts cannot follow them:
// each class is held to both languages here.
TEST_CASE("every class a violation can end with is in English and Chinese") {
  for (const bool library_kernels : {false, true}) {
    LabContract lab;
    lab.library_kernels = library_kernels;
    lab.forbidden_headers.push_back({"x.h", bilingual("the lab's reason", "本实验的原因")});
    const std::vector<std::string> classes = every_class_text(lab);
    CHECK(classes.size() > 40);
    for (const std::string& text : classes) {
      INFO(text);
      CHECK(text.find(memlab::kLanguageSeparator) != std::string::npos);
      CHECK_FALSE(english_part(text).empty());
      CHECK_FALSE(chinese_part(text).empty());
      CHECK(memlab::test::english_sentence(chinese_part(text)).empty());
    }
  }
}

TEST_CASE("a violation's sentence: the same parts in English and in Chinese order") {
  const std::string v =
      with_class("transpose.cu references exit", "transpose.cu 引用了 exit", reference_class("exit", false));
  CHECK(english_part(v) == "transpose.cu references exit (ends the process)");
  CHECK(chinese_part(v) == "transpose.cu 引用了 exit（结束进程）");
}
