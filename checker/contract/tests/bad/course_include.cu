// lab: 04-padding
// as: transpose.cu
// Reaches the checker's own header by a relative path, and calls the baseline it times against.
// expect: transpose.cu includes
// expect: labs/04-padding/check_baseline.h (a course file
// expect: transpose.cu references baseline_transpose(float const*, float*, int, int, CUstream_st*) (not provided to
// submissions
// expect-zh: （课程的文件：
#include "lab.h"
#include "@COURSE_FROM_STAGE@/labs/04-padding/check_baseline.h"

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  baseline_transpose(in, out, rows, cols, stream);
}
