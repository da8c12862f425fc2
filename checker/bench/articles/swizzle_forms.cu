// memlab-bench-swizzle-forms: lab 05's swizzled transpose (solutions/05-swizzle/transpose.cu) in
// the two spellings of the same swizzle, 8192 x 8192 floats:
//   xor_row_col          row * 32 + (col ^ row)               (the solution's swizzle())
//   cute_swizzle_5_0_5   Swizzle<5, 0, 5>::apply(row * 32 + col)  (the generic CuTe-style form)
// They are the same function for row, col < 32 (checked on the host below); lab 05's README,
// "How you write the swizzle matters a little", reports the second slower on the H200 (this
// program's run: docs/results/h200/2026-12-02-c7a3f6e/articles/memlab-bench-swizzle-forms.csv),
// because the compiler cannot know col < 32 and keeps its mask and shift. The kernel body is the
// solution's: all four global loads into registers before the first shared store, all four
// shared loads before the first global store. The XOR swizzle is the one the shared-memory
// article (section 5.2 "Swizzle：地址变换消冲突") means; its own
// swizzle() helper cancels the row bits and is not measured here.
//
// Swizzle<B, M, S> is lab 05's (defined in solutions/05-swizzle/transpose.cu, in no header the
// bench could include): the same definition, repeated here.
//
// CSV (stdout): form,expression,ms,gbps,correct,pair,ratio,ci_low,ci_high,pairs,gpu,note. Form
// rows leave pair..pairs empty; the pair row leaves form..correct empty. correct: bit for bit the
// host's transpose. gbps = 2 * N * N * 4 bytes / median time. The pair row's ratio is the
// generic form's time over the XOR form's (interleaved pairs, memlab's measure_pair; > 1: the
// XOR form is faster), with its 95 % CI.
#include <string>
#include <vector>

#include "article_common.h"
#include "memlab/buffers.h"
#include "memlab/rng.h"
#include "memlab/verify.h"

namespace {

// CuTe-style Swizzle<B, M, S> on an offset (lab 05's): XOR the B bits at [M + S, M + S + B) into
// the B bits at [M, M + B).
template <int B, int M, int S>
struct Swizzle {
  static constexpr int kSourceBits = ((1 << B) - 1) << (M + S);
  __host__ __device__ static constexpr int apply(int offset) { return offset ^ ((offset & kSourceBits) >> S); }
};

struct XorForm {
  __host__ __device__ static int at(int row, int col) { return row * 32 + (col ^ row); }
};
struct CuteForm {
  __host__ __device__ static int at(int row, int col) { return Swizzle<5, 0, 5>::apply(row * 32 + col); }
};

constexpr int kN = 8192;
constexpr int kTile = 32;
constexpr int kBlockRows = 8;

// solutions/05-swizzle's transpose_tiled<float>, with the tile index as a parameter.
template <class Form>
__global__ void transpose_swizzled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile * kTile];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  float v[kTile / kBlockRows] = {};
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) v[j / kBlockRows] = in[(size_t)(row + j) * cols + col];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[Form::at(threadIdx.y + j, threadIdx.x)] = v[j / kBlockRows];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;
  row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) v[j / kBlockRows] = tile[Form::at(threadIdx.x, threadIdx.y + j)];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = v[j / kBlockRows];
}

struct Form {
  std::string name, expression;
  void (*kernel)(const float*, float*, int, int);
};

struct Row {
  std::optional<double> ms;
  std::optional<bool> correct;
  std::string note;
};

}  // namespace

int main() {
  return article::run_program("memlab-bench-swizzle-forms", [](const memlab::DeviceInfo& device) {
    using article::add_note;
    article::print_csv_row(
        {"form", "expression", "ms", "gbps", "correct", "pair", "ratio", "ci_low", "ci_high", "pairs", "gpu", "note"});
    const std::string gpu = article::gpu_text(device);
    const std::size_t count = (std::size_t)kN * kN;
    const double bytes = 2.0 * count * sizeof(float);
    const std::vector<Form> forms = {
        {"xor_row_col", "row * 32 + (col ^ row)", transpose_swizzled<XorForm>},
        {"cute_swizzle_5_0_5", "Swizzle<5,0,5>::apply(row * 32 + col)", transpose_swizzled<CuteForm>},
    };
    std::vector<Row> rows(forms.size());
    article::PairTiming pair;

    // The two forms are one function on the tile (host check, no GPU needed).
    std::string same;
    for (int r = 0; r < kTile && same.empty(); ++r)
      for (int c = 0; c < kTile && same.empty(); ++c)
        if (XorForm::at(r, c) != CuteForm::at(r, c))
          same = "the forms differ at (" + std::to_string(r) + ", " + std::to_string(c) + ")";
    for (Row& r : rows) add_note(r.note, same);

    std::optional<memlab::DeviceArray<float>> in, out;
    std::vector<float> want;
    const std::string setup = article::attempt("setup", [&] {
      in.emplace(count, "in");
      out.emplace(count, "out");
      memlab::InputGenerator inputs(1);
      const std::vector<float> host = inputs.floats(count);
      in->upload(host);
      want.resize(count);
      for (int r0 = 0; r0 < kN; r0 += 64)
        for (int c0 = 0; c0 < kN; c0 += 64)
          for (int r = r0; r < r0 + 64; ++r)
            for (int c = c0; c < c0 + 64; ++c) want[(std::size_t)c * kN + r] = host[(std::size_t)r * kN + c];
    });
    auto launch_of = [&](const Form& f) -> memlab::Launch {
      const float* src = in->data();
      float* dst = out->data();
      auto kernel = f.kernel;
      return [=](cudaStream_t s) {
        kernel<<<dim3(kN / kTile, kN / kTile), dim3(kTile, kBlockRows), 0, s>>>(src, dst, kN, kN);
      };
    };

    if (setup.empty()) {
      for (std::size_t k = 0; k < forms.size(); ++k)
        add_note(rows[k].note, article::attempt("correctness", [&] {
                   out->poison();
                   article::run_once(forms[k].name, launch_of(forms[k]));
                   out->check_guards();
                   const memlab::Comparison c = memlab::compare_exact(out->download(), want);
                   rows[k].correct = c.ok();
                   if (!c.ok()) add_note(rows[k].note, std::to_string(c.mismatches) + " elements differ");
                 }));

      std::optional<memlab::KernelTimer> timer;
      const std::string timer_failed = article::attempt("timer", [&] { timer.emplace(); });
      for (std::size_t k = 0; k < forms.size(); ++k) {
        if (!timer) {
          add_note(rows[k].note, timer_failed);
          continue;
        }
        add_note(rows[k].note, article::attempt("timing", [&] {
                   const article::Timing t =
                       article::time_launch(*timer, launch_of(forms[k]), memlab::criteria_from_environment());
                   rows[k].ms = t.ms;
                   add_note(rows[k].note, t.note);
                 }));
      }
      if (timer) {
        article::PairTiming timing;
        const std::string failed = article::attempt("pair timing", [&] {
          timing =
              article::time_pair(*timer, launch_of(forms[1]), launch_of(forms[0]), memlab::criteria_from_environment());
        });
        pair = timing;
        add_note(pair.note, failed);
      } else {
        add_note(pair.note, timer_failed);
      }
      add_note(pair.note, "ratio = cute_swizzle_5_0_5 ms / xor_row_col ms");
    } else {
      for (Row& r : rows) add_note(r.note, setup);
      pair.note = setup;
    }

    for (std::size_t k = 0; k < forms.size(); ++k) {
      const Row& r = rows[k];
      std::optional<double> gbps;
      if (r.ms && *r.ms > 0) gbps = bytes / *r.ms / 1e6;
      article::print_csv_row({forms[k].name, forms[k].expression, article::fixed(r.ms, 4), article::fixed(gbps, 1),
                              article::yes_no(r.correct), "", "", "", "", "", gpu, r.note});
    }
    article::print_csv_row({"", "", "", "", "", "xor_vs_cute_swizzle", article::fixed(pair.ratio, 3),
                            article::fixed(pair.low, 3), article::fixed(pair.high, 3),
                            pair.pairs ? std::to_string(pair.pairs) : "", gpu, pair.note});
  });
}
