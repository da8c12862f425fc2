#include "memlab/timed_work.h"

#include <sstream>

#include "memlab/roofline.h"
#include "memlab/bilingual.h"

namespace memlab {

double PhysicalFloor::ms() const { return set() ? bytes / roofline->bytes_per_second * 1e3 : 0; }

std::string PhysicalFloor::text() const {
  if (!set()) return "";
  std::ostringstream mb, gbps;
  mb.precision(4);
  gbps.precision(4);
  mb << bytes / 1e6;
  gbps << roofline->bytes_per_second / 1e9;
  // roofline_name in English and Chinese ("copy", "复制"), as the floors name it.
  return bilingual("moving " + mb.str() + " MB at this GPU's " + std::string(english_part(roofline_name)) + " rate (" +
                       gbps.str() + " GB/s)",
                   "以这块 GPU 的" + std::string(chinese_part(roofline_name)) + "速率（" + gbps.str() + " GB/s）搬运 " +
                       mb.str() + " MB");
}

}  // namespace memlab
