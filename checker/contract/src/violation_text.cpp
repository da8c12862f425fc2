#include "violation_text.h"

#include "memlab/bilingual.h"

namespace contract {

std::string with_class(std::string_view en, std::string_view zh, std::string_view why) {
  return memlab::bilingual(std::string(en) + " (" + std::string(memlab::english_part(why)) + ")",
                           std::string(zh) + "（" + std::string(memlab::chinese_part(why)) + "）");
}

}  // namespace contract
