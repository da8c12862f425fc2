// Lab 06 starter, predict first: before you change tree_pair() in reduce.cu, predict the bank
// conflicts of the starter's interleaved tree, step by step (README.md, "Predict first"). The
// checker compares your answers with the course's bank model.
#include "lab.h"

int predicted_tree_step_ways(int step) {
  // TODO(lab 06, predict first): replace each placeholder 1 with your prediction for that step
  // of the interleaved tree. 1 means "no bank conflict"; it is not the answer for most steps.
  constexpr int kWays[kTreeSteps] = {
      1,  // step 0: 128 threads add, lanes 2 words apart
      1,  // step 1: 64 threads, 4 words apart
      1,  // step 2: 32 threads, 8 words apart
      1,  // step 3: 16 threads, 16 words apart
      1,  // step 4: 8 threads, 32 words apart
      1,  // step 5: 4 threads, 64 words apart
      1,  // step 6: 2 threads, 128 words apart
      1,  // step 7: 1 thread
  };
  return step >= 0 && step < kTreeSteps ? kWays[step] : 0;
}
