#pragma once
// The programs memlab-course runs: the cmake and ctest it was built with, and itself (Slurm job
// scripts call it back).
#include <string>

namespace memlab::course {

std::string cmake_program();
std::string ctest_program();
std::string this_program();  // the absolute path of the running memlab-course

}  // namespace memlab::course
