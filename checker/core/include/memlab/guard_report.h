#pragma once
// What the report says about a write outside a device array: pure text, no CUDA, so that it is
// unit-tested on the CPU. The guarded arrays themselves are memlab/buffers.h (the measure layer).
#include <cstddef>
#include <string>

namespace memlab {

// Describes where a changed guard byte lies, in elements relative to the array: "out[-3]" or
// "out[n+0] (one past the end)".
std::string describe_guard_hit(const std::string& name, std::size_t element_bytes, bool before,
                               std::size_t byte_distance);

}  // namespace memlab
