#include "student_proxy.h"

#include <memlab/bilingual.h>
#include <memlab/student_calls.h>

#include <map>
#include <utility>

namespace student {

int predicted_tree_step_ways(int step) { return memlab::ask<int>("predicted_tree_step_ways", memlab::args(step)); }

TreePair tree_pair(int step, int tid) {
  // The tree model calls it for every element it sums: the answers of the checked range are
  // kept here after the first question.
  static std::map<std::pair<int, int>, TreePair> known;
  if (auto it = known.find({step, tid}); it != known.end()) return it->second;
  const auto a = memlab::ask<std::vector<int>>("tree_pair", memlab::args(step, tid));
  if (a.size() != 2)
    throw memlab::NoAnswer(memlab::bilingual("tree_pair() answered something that is not {dst, src}",
                                             "tree_pair() 的回答不是 {dst, src}"));
  return known[{step, tid}] = TreePair{a[0], a[1]};
}

void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  memlab::replay("reduce_tree", stream, {in, scratch, out}, memlab::args(n));
}

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  memlab::replay("reduce_fast", stream, {in, scratch, out}, memlab::args(n));
}

}  // namespace student
