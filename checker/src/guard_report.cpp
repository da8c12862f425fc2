#include <sstream>

#include "memlab/buffers.h"

namespace memlab {

std::string describe_guard_hit(const std::string& name, std::size_t element_bytes, bool before,
                               std::size_t byte_distance) {
  std::ostringstream out;
  out << "the kernel wrote outside " << name << ": ";
  if (before) {
    std::size_t elements = (byte_distance + element_bytes - 1) / element_bytes;
    out << name << "[-" << elements << "] (" << byte_distance << " bytes before its start)";
  } else {
    out << name << "[n+" << byte_distance / element_bytes << "] (" << byte_distance
        << " bytes past its end)";
  }
  out << "; check the bounds test for the last, partial tile";
  return out.str();
}

}  // namespace memlab
