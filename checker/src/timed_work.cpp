#include "memlab/timed_work.h"

#include <sstream>

#include "memlab/roofline.h"

namespace memlab {

double PhysicalFloor::ms() const { return set() ? bytes / roofline->bytes_per_second * 1e3 : 0; }

std::string PhysicalFloor::text() const {
  if (!set()) return "";
  std::ostringstream out;
  out.precision(4);
  out << "moving " << bytes / 1e6 << " MB at this GPU's " << roofline_name << " rate ("
      << roofline->bytes_per_second / 1e9 << " GB/s)";
  return out.str();
}

}  // namespace memlab
