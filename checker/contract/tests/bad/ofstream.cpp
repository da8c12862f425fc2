// lab: 08-occupancy
// as: occupancy.cpp
// Writes a file through the C++ streams.
// expect: occupancy.cpp includes fstream (files)
// expect: occupancy.cpp references std::basic_ofstream
#include <fstream>

#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) {
  std::ofstream out("/tmp/leak.txt");
  out << "hello";
  return {Layout::padded, 256};
}
