#include "checks.h"

namespace contract {

// nvcc compiles .cu files; only its objects may carry its registration code.
bool StudentFile::compiled_by_nvcc() const {
  return display.size() > 3 && display.compare(display.size() - 3, 3, ".cu") == 0;
}

}  // namespace contract
