// main() of a lab's check program; everything else is in harness.cpp.
#include <iostream>

#include "memlab/checker.h"

int main(int argc, char** argv) {
  try {
    return memlab::run_check_program(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "checker error: " << e.what() << "\n";
    return 2;
  }
}
