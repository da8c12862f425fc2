#include <fmt/format.h>

#include "memlab/buffers.h"

namespace memlab {

std::string describe_guard_hit(const std::string& name, std::size_t element_bytes, bool before,
                               std::size_t byte_distance) {
  const std::string where =
      before ? fmt::format("{}[-{}] ({} bytes before its start)", name,
                           (byte_distance + element_bytes - 1) / element_bytes, byte_distance)
             : fmt::format("{}[n+{}] ({} bytes past its end)", name, byte_distance / element_bytes, byte_distance);
  return fmt::format("the kernel wrote outside {}: {}; check the bounds test for the last, partial tile", name, where);
}

}  // namespace memlab
