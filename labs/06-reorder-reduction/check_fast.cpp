#include "check_fast.h"

#include <memlab/bilingual.h>
#include <memlab/text_format.h>

#include <fmt/format.h>

namespace lab06 {

using memlab::fixed;

FastCounters fast_counters(const MeasuredFast& m, std::size_t n) {
  FastCounters c;
  c.input_sectors = static_cast<double>(n) * sizeof(float) / 32;
  c.shared_per_sector = (m.shared_load_wavefronts + m.shared_store_wavefronts) / c.input_sectors;
  c.sectors_read = m.global_load_sectors / c.input_sectors;
  if (c.sectors_read < 1)
    c.problem = memlab::bilingual(
        fmt::format("reduce_fast()'s global loads read {:.0f} sectors, {} times the input's {:.0f}: every call must "
                    "read every value from memory",
                    m.global_load_sectors, fixed(c.sectors_read, 3), c.input_sectors),
        fmt::format("reduce_fast() 的全局内存加载只读了 {:.0f} 个扇区，是输入 {:.0f} 个扇区的 {} 倍：每次调用都必须"
                    "从内存中读取每一个值",
                    m.global_load_sectors, c.input_sectors, fixed(c.sectors_read, 3)));
  else if (c.sectors_read > 1 + kFastExtraSectors)
    c.problem = memlab::bilingual(
        fmt::format("reduce_fast() loaded {} times the input's sectors ({:.0f} of {:.0f}; at most {} allowed): read "
                    "each value once, and let the lanes of a warp read neighbouring words",
                    fixed(c.sectors_read, 2), m.global_load_sectors, c.input_sectors, fixed(1 + kFastExtraSectors, 2)),
        fmt::format("reduce_fast() 加载的扇区数是输入的 {} 倍（{:.0f} / {:.0f}；最多允许 {} 倍）：每个值只读一次，"
                    "并让一个 warp 的各 lane 读相邻的字",
                    fixed(c.sectors_read, 2), m.global_load_sectors, c.input_sectors, fixed(1 + kFastExtraSectors, 2)));
  return c;
}

std::string FastCounters::describe() const {
  return memlab::bilingual(
      fmt::format("{} shared-memory wavefronts (loads and stores) per 32-byte sector of input; global loads read {} "
                  "times the input's {:.0f} sectors",
                  fixed(shared_per_sector, 4), fixed(sectors_read, 4), input_sectors),
      fmt::format(
          "每 32 字节的输入扇区用 {} 个共享内存 wavefront（加载和写入）；全局内存加载读取了输入 {:.0f} 个扇区的 {} "
          "倍",
          fixed(shared_per_sector, 4), input_sectors, fixed(sectors_read, 4)));
}

}  // namespace lab06
