#include <fmt/format.h>

#include "memlab/guard_report.h"

#include "memlab/bilingual.h"

namespace memlab {

std::string describe_guard_hit(const std::string& name, std::size_t element_bytes, bool before,
                               std::size_t byte_distance) {
  const std::size_t elements =
      before ? (byte_distance + element_bytes - 1) / element_bytes : byte_distance / element_bytes;
  const std::string en(english_part(name)), zh(chinese_part(name));
  const std::string where = before ? fmt::format("{}[-{}] ({} bytes before its start)", en, elements, byte_distance)
                                   : fmt::format("{}[n+{}] ({} bytes past its end)", en, elements, byte_distance);
  const std::string where_zh = before ? fmt::format("{}[-{}]（在它开头之前 {} 字节处）", zh, elements, byte_distance)
                                      : fmt::format("{}[n+{}]（在它末尾之后 {} 字节处）", zh, elements, byte_distance);
  return bilingual(
      fmt::format("the kernel wrote outside {}: {}; check the bounds test for the last, partial tile", en, where),
      fmt::format("核函数写到了 {} 之外：{}；检查对最后那个不完整的 tile 的边界判断", zh, where_zh));
}

}  // namespace memlab
