#include <string_view>

#include "memlab/bilingual.h"
#include "memlab/counters.h"

namespace memlab {

std::string counters_unavailable(const std::string& reason) {
  constexpr std::string_view kEnglish = "hardware counters unavailable: ";
  if (english_part(reason).substr(0, kEnglish.size()) == kEnglish) return reason;
  return join_bilingual({bilingual(kEnglish, "硬件计数器不可用："), reason});
}

}  // namespace memlab
