// memlab-bench-article-reduce-trees: three block-reduction trees over 2^28 floats, identical but for the
// tree, and the shared-memory article's 2048-element timing.
//
// The shared-memory article (section 5.3 "Reorder：从源头设计无冲突的访问模式", measured in 6.3
// "Reduction 的"天然无冲突"设计") contrasts
//   (a) its "Interleaved Addressing": for s = 1, 2, 4, ...: if (tid % (2*s) == 0) sdata[tid] += sdata[tid + s]
//   (c) "Sequential Addressing": for s = blockDim.x/2 .. 1: if (tid < s) sdata[tid] += sdata[tid + s]
// and calls (a) bank-conflicted. It is not: its active lanes are 2s apart inside one 32-word
// warp span, so each load is conflict-free; its cost is divergence. The tree with the conflicts
// is the one the article does not show:
//   (b) interleaved with a strided index: idx = 2*s*tid; if (idx < blockDim.x) sdata[idx] += sdata[idx + s]
// (lab 06's starter). All three load one float per thread (sdata[tid] = in[blockIdx.x*blockDim.x +
// tid]), use 256-thread blocks and write one partial sum per block; only the loop differs.
//
// Timing scope: the first kernel only (2^20 block sums written to global memory). The partial
// sums are then added on the host in double, outside the timing; gbps = 2^28 * 4 bytes read /
// median time. correct: the host's double sum of the GPU's partial sums is within
// gamma(256) * sum|x| (memlab::float_sum_error_bound(256, sum|x|): a float sum of 256 terms in any
// order, per block, added over the blocks) plus 2^-53 * (n + blocks) * sum|x| (the two double sums
// on the host) of the double-precision host sum of the input. Inputs are uniform in [0, 1), so sum|x| = sum.
//
// The 2048-element rows time one launch of 8 blocks of 256 threads of (a) and (c), and an empty
// kernel of the same grid: the article's 0.0039 / 0.0032 ms (A100) are of that order, launch
// latency rather than the reduction.
//
// CSV (stdout), one header for both row kinds:
// tree,elements,scope,ms,gbps,shared_wavefronts_per_load,shared_loads,correct,pair,ratio,ci_low,
// ci_high,pairs,gpu,note. Tree rows leave pair..pairs empty; pair rows leave tree..correct empty.
// A pair row's ratio is the other tree's time over the sequential tree's (interleaved pairs,
// memlab's measure_pair; > 1: sequential is faster), with its 95 % CI.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "article_common.h"
#include "memlab/buffers.h"
#include "memlab/rng.h"
#include "memlab/verify.h"

namespace {

constexpr unsigned kBlock = 256;

// (a) The article's tree (section 5.3).
__global__ void reduce_modulo(const float* g_idata, float* g_odata) {
  __shared__ float sdata[kBlock];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// (b) Interleaved addressing with a strided index: the tree with bank conflicts.
__global__ void reduce_interleaved(const float* g_idata, float* g_odata) {
  __shared__ float sdata[kBlock];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    unsigned int idx = 2 * s * tid;
    if (idx < blockDim.x) sdata[idx] += sdata[idx + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// (c) Sequential addressing (the article's section 5.3 fix).
__global__ void reduce_sequential(const float* g_idata, float* g_odata) {
  __shared__ float sdata[kBlock];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// The same launch with nothing to do: what a launch of this grid costs by itself.
__global__ void empty_kernel(const float*, float*) {}

using KernelFn = void (*)(const float*, float*);

struct Tree {
  std::string name;
  KernelFn kernel;
  std::size_t elements;
  bool reduces;  // false: the empty kernel (nothing to check, no shared memory)
};

struct Row {
  std::optional<double> ms, wavefronts, loads;
  std::optional<bool> correct;
  std::string note;
};

// Sum of the partial sums in double, and its distance from the exact sum.
struct SumCheck {
  bool ok = false;
  std::string text;
};

// `reference`: the host's double sum of the n inputs. Tolerance: the float trees' bound (256 terms
// per block, summed over the blocks) plus both double sums' own (n and blocks terms, unit 2^-53).
SumCheck check_sum(const std::vector<float>& partials, double reference, double sum_abs, std::size_t n) {
  double got = 0;
  for (float p : partials) got += p;
  const double tolerance = memlab::float_sum_error_bound(kBlock, sum_abs) +
                           std::ldexp(1.0, -53) * static_cast<double>(n + partials.size()) * sum_abs;
  const double exact = reference;
  SumCheck c;
  c.ok = std::isfinite(got) && std::fabs(got - exact) <= tolerance;
  if (!c.ok) {
    char text[200];
    std::snprintf(text, sizeof text, "sum %.9g differs from the host's %.9g by %.3g (tolerance %.3g)", got, exact,
                  std::fabs(got - exact), tolerance);
    c.text = text;
  }
  return c;
}

}  // namespace

int main() {
  return article::run_program("memlab-bench-article-reduce-trees", [](const memlab::DeviceInfo& device) {
    using article::add_note;
    article::print_csv_row({"tree", "elements", "scope", "ms", "gbps", "shared_wavefronts_per_load", "shared_loads",
                            "correct", "pair", "ratio", "ci_low", "ci_high", "pairs", "gpu", "note"});
    const std::string gpu = article::gpu_text(device);
    const std::size_t big = std::size_t(1) << 28, small = 2048;
    static_assert(((std::size_t(1) << 28) % kBlock) == 0 && (2048 % kBlock) == 0, "whole blocks only");

    const std::vector<Tree> trees = {
        {"modulo", reduce_modulo, big, true},
        {"interleaved", reduce_interleaved, big, true},
        {"sequential", reduce_sequential, big, true},
        {"modulo_2048", reduce_modulo, small, true},
        {"sequential_2048", reduce_sequential, small, true},
        {"empty_kernel_2048", empty_kernel, small, false},
    };
    const std::string big_scope =
        "first kernel only (2^20 block sums to global); block sums added on the host in double, untimed";
    const std::string small_scope = "one launch of 8 blocks x 256 threads; block sums added on the host, untimed";
    std::vector<Row> rows(trees.size());

    std::optional<memlab::DeviceArray<float>> in_big, in_small, partials;
    double exact_big = 0, exact_small = 0;  // the inputs are >= 0: these are also sum|x|
    const std::string setup = article::attempt("setup", [&] {
      in_big.emplace(big, "in");
      in_small.emplace(small, "in_2048");
      partials.emplace(big / kBlock, "partials");
      memlab::InputGenerator inputs(1);
      std::vector<float> host = inputs.floats(big, 0.0f, 1.0f);
      for (float v : host) exact_big += v;
      in_big->upload(host);
      host = inputs.floats(small, 0.0f, 1.0f);
      for (float v : host) exact_small += v;
      in_small->upload(host);
    });

    auto launch_of = [&](const Tree& t) -> memlab::Launch {
      const float* in = t.elements == big ? in_big->data() : in_small->data();
      float* out = partials->data();
      const unsigned blocks = static_cast<unsigned>(t.elements / kBlock);
      KernelFn kernel = t.kernel;
      return [=](cudaStream_t s) { kernel<<<blocks, kBlock, 0, s>>>(in, out); };
    };

    struct PairRow {
      std::string name, base;
      article::PairTiming timing;
    };
    std::vector<PairRow> pairs = {{"sequential_vs_modulo", "modulo", {}},
                                  {"sequential_vs_interleaved", "interleaved", {}}};

    if (setup.empty()) {
      for (std::size_t k = 0; k < trees.size(); ++k) {
        const Tree& t = trees[k];
        if (!t.reduces) continue;
        add_note(rows[k].note, article::attempt("correctness", [&] {
                   partials->poison();
                   article::run_once(t.name, launch_of(t));
                   std::vector<float> sums = partials->download();
                   sums.resize(t.elements / kBlock);
                   const double reference = t.elements == big ? exact_big : exact_small;
                   const SumCheck c = check_sum(sums, reference, reference, t.elements);
                   rows[k].correct = c.ok;
                   add_note(rows[k].note, c.text);
                 }));
      }

      std::optional<memlab::KernelTimer> timer;
      const std::string timer_failed = article::attempt("timer", [&] { timer.emplace(); });
      for (std::size_t k = 0; k < trees.size(); ++k) {
        if (!timer) {
          add_note(rows[k].note, timer_failed);
          continue;
        }
        const Tree& t = trees[k];
        add_note(rows[k].note, article::attempt("timing", [&] {
                   const article::Timing timing = article::time_launch(
                       *timer, launch_of(t),
                       t.elements == big ? memlab::criteria_from_environment() : article::tiny_kernel_criteria());
                   rows[k].ms = timing.ms;
                   add_note(rows[k].note, timing.note);
                 }));
      }
      const Tree& sequential = trees[2];
      for (PairRow& p : pairs) {
        if (!timer) {
          add_note(p.timing.note, timer_failed);
          continue;
        }
        const Tree& base = p.base == "modulo" ? trees[0] : trees[1];
        article::PairTiming timing;
        const std::string failed = article::attempt("pair timing", [&] {
          timing =
              article::time_pair(*timer, launch_of(base), launch_of(sequential), memlab::criteria_from_environment());
        });
        p.timing = timing;
        add_note(p.timing.note, failed);
        add_note(p.timing.note, "ratio = " + p.base + " ms / sequential ms");
      }

      for (std::size_t k = 0; k < trees.size(); ++k) {
        const Tree& t = trees[k];
        if (!t.reduces) continue;
        const article::SharedCounts c = article::shared_counts(t.name, launch_of(t), false);
        rows[k].wavefronts = c.load_wavefronts_per_instruction;
        rows[k].loads = c.load_instructions;
        add_note(rows[k].note, c.note);
      }
    } else {
      for (Row& r : rows) r.note = setup;
      for (PairRow& p : pairs) p.timing.note = setup;
    }

    for (std::size_t k = 0; k < trees.size(); ++k) {
      const Tree& t = trees[k];
      const Row& r = rows[k];
      std::optional<double> gbps;
      if (t.reduces && r.ms && *r.ms > 0) gbps = t.elements * sizeof(float) / *r.ms / 1e6;
      std::string note = r.note;
      if (!t.reduces) add_note(note, "no shared memory, nothing to check: the launch alone");
      const std::string scope = t.elements == big ? big_scope
                                : t.reduces       ? small_scope
                                                  : "one launch of an empty kernel, 8 blocks x 256 threads";
      article::print_csv_row({t.name, std::to_string(t.elements), scope, article::fixed(r.ms, 4),
                              article::fixed(gbps, 1), article::fixed(r.wavefronts, 3), article::fixed(r.loads, 0),
                              article::yes_no(r.correct), "", "", "", "", "", gpu, note});
    }
    for (const PairRow& p : pairs)
      article::print_csv_row({"", "", "", "", "", "", "", "", p.name, article::fixed(p.timing.ratio, 3),
                              article::fixed(p.timing.low, 3), article::fixed(p.timing.high, 3),
                              p.timing.pairs ? std::to_string(p.timing.pairs) : "", gpu, p.timing.note});
  });
}
