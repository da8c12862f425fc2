// memlab-bench-calibration: the small experiments that the course text quotes beside the labs,
// in one program, so that each of their numbers comes from a recorded run of the course's own
// code (docs/results/h200/*/calibration.csv). Each row is one experiment:
//
//   roofline      device copy with float4 loads (grid-stride), with one float per thread, and
//                 a read-only sum with CUB, 2^28 floats (1 GiB each way)
//   gather        out[i] = in[i * stride], 2^26 outputs, stride 1 to 32 (lab 01's subject)
//   offset        out[i] = in[i + offset], 2^26 floats, a start 0, 1, 16 or 32 floats past an
//                 aligned address
//   shared        every lane of 264 blocks of 1024 threads loads s[lane * stride + (r % 32)]
//                 4096 times through a volatile pointer: a kernel that does nothing but shared
//                 loads, for 2-, 4- and 8-byte elements (labs 02, 03 and 07)
//   broadcast     all 32 lanes load one address of 4, 8 or 16 bytes (concepts/broadcast.md)
//   transpose     8192 x 8192 and 2048 x 2048 floats: a tiled copy with the transpose's access
//                 pattern, a transpose without shared memory, the 32 x 32 tile, the padded
//                 32 x 33 tile, the XOR-swizzled tile, and cuBLAS's cublasSgeam (labs 04, 05)
//   reduce        2^28 floats: grid-stride accumulation and then the `tid % (2*s)` tree or
//                 sequential addressing, float4 loads with warp shuffles, and CUB (lab 06)
//
// Times are memlab's (KernelTimer: L2 flushed before every sample, adaptive sampling, median),
// except in the rows whose `timing` is "warm": there the launches run back to back with the L2
// not flushed (20 event-timed launches after 3 warm-ups, their median), so that data that fits
// in L2 may stay there; the text's L2 example compares the two.
// Counters: shared-load wavefronts and bank conflicts per shared-load instruction (the shared
// rows), global-load sectors per request (the gather rows), from memlab's counters (CUPTI).
//
// CSV (stdout): experiment,variant,param,elements,timing,ms,gbps,fraction,wavefronts_per_load,
// conflicts_per_load,sectors_per_request,correct,gpu,note. variant and param name the case:
// gather: stride, N (out[i] = in[i * N]); offset: floats, N (out[i] = in[i + N]); shared:
// 2-byte, 4-byte or 8-byte, the stride in elements; broadcast: bytes, 4, 8 or 16; transpose: the
// kernel, NxN; reduce and roofline: the kernel, its launch. elements: of the input (the shared
// rows: of the array). gbps counts the useful bytes: read
// plus written for copies, gathers and transposes, read for sums, 2, 4 or 8 per lane per load for
// the shared rows. fraction: of the row's reference (`note` names it): the float4 copy for the
// roofline rows, stride 1 for gather, offset 0, stride 1 for the shared rows (and of theory,
// SMs x 32 banks x 4 B x the maximum SM clock, in the note), the tiled copy for transposes.
#include <cublas_v2.h>
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "article_common.h"
#include "memlab/buffers.h"
#include "memlab/roofline.h"

namespace {

namespace metric = memlab::counters::metric;

// ---- One row ---------------------------------------------------------------------------------

struct Row {
  std::string experiment, variant, param;
  std::size_t elements = 0;
  std::string timing = "memlab";
  std::optional<double> ms, gbps, fraction, wavefronts, conflicts, sectors;
  std::optional<bool> correct;
  std::string note;
};

// A row with its name filled in and nothing measured yet.
Row row_of(std::string experiment, std::string variant, std::string param, std::size_t elements) {
  Row r;
  r.experiment = std::move(experiment);
  r.variant = std::move(variant);
  r.param = std::move(param);
  r.elements = elements;
  return r;
}

std::string gpu_column;

void print_header() {
  article::print_csv_row({"experiment", "variant", "param", "elements", "timing", "ms", "gbps", "fraction",
                          "wavefronts_per_load", "conflicts_per_load", "sectors_per_request", "correct", "gpu",
                          "note"});
}

void print(const Row& r) {
  using article::fixed;
  article::print_csv_row({r.experiment, r.variant, r.param, std::to_string(r.elements), r.timing, fixed(r.ms, 4),
                          fixed(r.gbps, 1), fixed(r.fraction, 3), fixed(r.wavefronts, 3), fixed(r.conflicts, 3),
                          fixed(r.sectors, 2), article::yes_no(r.correct), gpu_column, r.note});
}

// ---- Timing ----------------------------------------------------------------------------------

// Made in main and destroyed there, before the CUDA runtime shuts down.
std::optional<memlab::KernelTimer> the_timer;
memlab::KernelTimer& timer() {
  if (!the_timer) the_timer.emplace();
  return *the_timer;
}

// memlab's timing into `row`: its median and, from `bytes`, the rate.
void time_into(Row& row, const memlab::Launch& launch, double bytes) {
  article::add_note(row.note, article::attempt("timing", [&] {
                      const article::Timing t =
                          article::time_launch(timer(), launch, memlab::criteria_from_environment());
                      row.ms = t.ms;
                      article::add_note(row.note, t.note);
                    }));
  if (row.ms && *row.ms > 0) row.gbps = bytes / *row.ms / 1e6;
}

// Back to back, L2 not flushed: 3 warm-up launches, then the median of 20 event-timed ones.
void time_warm_into(Row& row, const memlab::Launch& launch, double bytes) {
  row.timing = "warm";
  article::add_note(row.note, article::attempt("warm timing", [&] {
                      cudaStream_t s = nullptr;
                      cudaEvent_t start = nullptr, stop = nullptr;
                      MEMLAB_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
                      MEMLAB_CUDA(cudaEventCreate(&start));
                      MEMLAB_CUDA(cudaEventCreate(&stop));
                      std::vector<double> times;
                      for (int i = 0; i < 23; ++i) {
                        MEMLAB_CUDA(cudaEventRecord(start, s));
                        launch(s);
                        MEMLAB_CUDA(cudaEventRecord(stop, s));
                        MEMLAB_CUDA(cudaEventSynchronize(stop));
                        MEMLAB_CUDA(cudaGetLastError());
                        float ms = 0;
                        MEMLAB_CUDA(cudaEventElapsedTime(&ms, start, stop));
                        if (i >= 3) times.push_back(ms);
                      }
                      cudaEventDestroy(start);
                      cudaEventDestroy(stop);
                      cudaStreamDestroy(s);
                      std::sort(times.begin(), times.end());
                      row.ms = (times[9] + times[10]) / 2;
                    }));
  if (row.ms && *row.ms > 0) row.gbps = bytes / *row.ms / 1e6;
}

void fraction_of(Row& row, const Row& reference) {
  if (row.gbps && reference.gbps && *reference.gbps > 0) row.fraction = *row.gbps / *reference.gbps;
}

// ---- Device memory: copies, gathers, offsets, sums -------------------------------------------

__global__ void copy_float4(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

__global__ void copy_float(const float* __restrict__ in, float* __restrict__ out, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__global__ void gather(const float* __restrict__ in, float* __restrict__ out, std::size_t n, int stride) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i * stride];
}

__global__ void copy_from(const float* __restrict__ in, float* __restrict__ out, std::size_t n, int offset) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i + offset];
}

// in[j] = j mod 1 000 003, exact in a float: an output says which input it read.
__global__ void fill_index(float* in, std::size_t n) {
  for (std::size_t j = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; j < n;
       j += std::size_t(gridDim.x) * blockDim.x)
    in[j] = float(j % 1000003u);
}

float index_value(std::size_t j) { return float(j % 1000003u); }

unsigned blocks_for(std::size_t n, unsigned block) { return unsigned((n + block - 1) / block); }

void device_memory_rows(const memlab::DeviceInfo& device) {
  // Rooflines: 2^28 floats each way.
  const std::size_t n = std::size_t(1) << 28;
  std::vector<Row> rows;
  {
    memlab::DeviceArray<float> in(n, "in"), out(n, "out");
    fill_index<<<device.sm_count * 8, 256>>>(in.data(), n);
    MEMLAB_CUDA(cudaDeviceSynchronize());
    const float* src = in.data();
    float* dst = out.data();
    const unsigned grid4 = unsigned(device.sm_count) * 8;
    Row c4 = row_of("roofline", "copy_float4", "grid-stride, 256 threads", n);
    time_into(
        c4, [=](cudaStream_t s) { copy_float4<<<grid4, 256, 0, s>>>((const float4*)src, (float4*)dst, n / 4); },
        2.0 * n * sizeof(float));
    Row c1 = row_of("roofline", "copy_float", "one float per thread, 256 threads", n);
    time_into(
        c1, [=](cudaStream_t s) { copy_float<<<blocks_for(n, 256), 256, 0, s>>>(src, dst, n); },
        2.0 * n * sizeof(float));
    std::vector<float> head(1 << 20);
    MEMLAB_CUDA(cudaMemcpy(head.data(), dst, head.size() * sizeof(float), cudaMemcpyDeviceToHost));
    bool same = true;
    for (std::size_t j = 0; j < head.size(); ++j) same = same && head[j] == index_value(j);
    c1.correct = same;
    article::add_note(c1.note, "correct: the first 2^20 outputs");

    Row sum = row_of("roofline", "cub_device_reduce_sum", "cub::DeviceReduce::Sum", n);
    article::add_note(sum.note, article::attempt("cub", [&] {
                        std::size_t temp_bytes = 0;
                        float* total = dst;
                        MEMLAB_CUDA(cub::DeviceReduce::Sum(nullptr, temp_bytes, src, total, static_cast<int>(n)));
                        memlab::DeviceArray<unsigned char> temp(temp_bytes, "cub temp");
                        void* scratch = temp.data();
                        time_into(
                            sum,
                            [=](cudaStream_t s) {
                              std::size_t bytes = temp_bytes;
                              cub::DeviceReduce::Sum(scratch, bytes, src, total, static_cast<int>(n), s);
                            },
                            double(n) * sizeof(float));
                      }));
    fraction_of(c1, c4);
    fraction_of(sum, c4);
    c4.fraction = 1.0;
    article::add_note(c4.note, "fraction: of copy_float4");
    article::add_note(c1.note, "fraction: of copy_float4");
    article::add_note(sum.note, "fraction: of copy_float4; bytes read only");
    print(c4);
    print(c1);
    print(sum);
  }

  // Gathers: 2^26 outputs from an input of 2^26 * 32 floats (8 GiB), filled once.
  const std::size_t outputs = std::size_t(1) << 26;
  {
    memlab::DeviceArray<float> in(outputs * 32 + 32, "in"), out(outputs, "out");
    fill_index<<<device.sm_count * 8, 256>>>(in.data(), in.size());
    MEMLAB_CUDA(cudaDeviceSynchronize());
    const float* src = in.data();
    float* dst = out.data();
    Row first;
    for (int stride : {1, 2, 4, 8, 16, 32}) {
      Row g = row_of("gather", "stride", std::to_string(stride), outputs);
      const memlab::Launch launch = [=](cudaStream_t s) {
        gather<<<blocks_for(outputs, 256), 256, 0, s>>>(src, dst, outputs, stride);
      };
      article::add_note(g.note, article::attempt("correctness", [&] {
                          out.poison();
                          article::run_once("gather", launch);
                          out.check_guards();
                          const std::vector<float> got = out.download();
                          bool same = true;
                          for (std::size_t i = 0; i < outputs && same; ++i) same = got[i] == index_value(i * stride);
                          g.correct = same;
                        }));
      time_into(g, launch, 2.0 * outputs * sizeof(float));
      article::add_note(g.note, article::attempt("counters", [&] {
                          const memlab::CounterValues c = memlab::read_counters(
                              {metric::global_ld_sectors, metric::global_ld_requests}, launch, "gather");
                          if (!c.ok) {
                            article::add_note(g.note, "counters unavailable: " + c.reason);
                          } else if (c[metric::global_ld_requests] > 0) {
                            g.sectors = c[metric::global_ld_sectors] / c[metric::global_ld_requests];
                          }
                        }));
      if (stride == 1) first = g;
      fraction_of(g, first);
      article::add_note(g.note, "gbps: useful bytes read + written; fraction: of stride 1");
      print(g);
    }
    Row aligned;
    for (int offset : {0, 1, 16, 32}) {
      Row o = row_of("offset", "floats", std::to_string(offset), outputs);
      time_into(
          o, [=](cudaStream_t s) { copy_from<<<blocks_for(outputs, 256), 256, 0, s>>>(src, dst, outputs, offset); },
          2.0 * outputs * sizeof(float));
      if (offset == 0) aligned = o;
      fraction_of(o, aligned);
      article::add_note(o.note, "fraction: of offset 0");
      print(o);
    }
  }
}

// ---- Shared memory: strides and broadcasts ---------------------------------------------------

constexpr int kSharedBlocksPerSm = 2;
constexpr int kSharedThreads = 1024;
constexpr int kSharedLoads = 4096;

// Every lane loads s[lane * stride + (r % 32)]; the volatile pointer keeps each load. The sum
// is written only when it equals an impossible value, so the loads are not dead code.
template <class T>
__global__ void shared_stride(unsigned long long* sink, int stride, int words) {
  extern __shared__ unsigned char raw[];
  T* s = reinterpret_cast<T*>(raw);
  for (int i = threadIdx.x; i < words; i += blockDim.x) s[i] = T(i);
  __syncthreads();
  volatile T* v = s;
  const int base = (threadIdx.x & 31) * stride;
  unsigned long long sum = 0;
  for (int r = 0; r < kSharedLoads; ++r) sum += v[base + (r & 31)];
  if (sum == 0xFFFFFFFFFFFFull) sink[0] = sum;
}

// All 32 lanes load one element of W bytes (W = 4, 8, 16), the element r % 32 in step r. The
// loads are written in PTX so that each is one volatile load of exactly W bytes (a volatile
// uint2 or uint4 in C++ would become 4-byte loads).
template <int W>
__global__ void shared_broadcast(unsigned long long* sink) {
  __shared__ uint4 s[32];
  if (threadIdx.x < 32) s[threadIdx.x] = make_uint4(threadIdx.x, 1, 2, 3);
  __syncthreads();
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(s));
  unsigned long long sum = 0;
  for (int r = 0; r < kSharedLoads; ++r) {
    const unsigned at = base + (r & 31) * 16;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if constexpr (W == 4) {
      asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(a) : "r"(at));
    } else if constexpr (W == 8) {
      asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "r"(at));
    } else {
      asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(at));
    }
    sum += a + b + c + d;
  }
  if (sum == 0xFFFFFFFFFFFFull) sink[0] = sum;
}

void shared_counters(Row& row, const memlab::Launch& launch, const std::string& what) {
  article::add_note(
      row.note, article::attempt("counters", [&] {
        const memlab::CounterValues c = memlab::read_counters(
            {metric::shared_ld_wavefronts, metric::shared_ld_instructions, metric::shared_ld_bank_conflicts}, launch,
            what);
        if (!c.ok) {
          article::add_note(row.note, "counters unavailable: " + c.reason);
          return;
        }
        const double instructions = c[metric::shared_ld_instructions];
        if (instructions <= 0) return;
        row.wavefronts = c[metric::shared_ld_wavefronts] / instructions;
        row.conflicts = c[metric::shared_ld_bank_conflicts] / instructions;
      }));
}

template <class T>
void shared_stride_rows(const memlab::DeviceInfo& device, unsigned long long* sink, const std::vector<int>& strides,
                        const std::string& element) {
  const double theory = memlab::theoretical_shared_bytes_per_second();
  const unsigned blocks = unsigned(device.sm_count) * kSharedBlocksPerSm;
  Row first;
  for (int stride : strides) {
    const int words = 31 * stride + 32;
    const std::size_t bytes = std::size_t(words) * sizeof(T);
    Row r = row_of("shared", element, std::to_string(stride), std::size_t(words));
    const memlab::Launch launch = [=](cudaStream_t s) {
      shared_stride<T><<<blocks, kSharedThreads, bytes, s>>>(sink, stride, words);
    };
    time_into(r, launch, double(blocks) * kSharedThreads * kSharedLoads * sizeof(T));
    shared_counters(r, launch, "shared_stride");
    if (stride == 1) first = r;
    fraction_of(r, first);
    std::string of_theory;
    if (r.gbps && theory > 0) of_theory = article::fixed(*r.gbps * 1e9 / theory, 3);
    article::add_note(r.note, "fraction: of stride 1; of theory " + of_theory + " (" + article::fixed(theory / 1e9, 0) +
                                  " GB/s = SMs x 32 banks x 4 B x max SM clock)");
    print(r);
  }
}

void shared_memory_rows(const memlab::DeviceInfo& device) {
  memlab::DeviceArray<unsigned long long> sink(1, "sink");
  shared_stride_rows<std::uint32_t>(device, sink.data(), {1, 2, 3, 4, 6, 8, 12, 16, 24, 31, 32, 33, 64, 128}, "4-byte");
  shared_stride_rows<std::uint64_t>(device, sink.data(), {1, 2, 4, 8, 16, 32}, "8-byte");
  shared_stride_rows<std::uint16_t>(device, sink.data(), {1, 2, 4, 8, 16, 32, 64}, "2-byte");

  unsigned long long* out = sink.data();
  const auto broadcast = [&](int width, const memlab::Launch& launch) {
    Row r = row_of("broadcast", "bytes", std::to_string(width), 32);
    shared_counters(r, launch, "shared_broadcast");
    print(r);
  };
  broadcast(4, [=](cudaStream_t s) { shared_broadcast<4><<<device.sm_count, 32, 0, s>>>(out); });
  broadcast(8, [=](cudaStream_t s) { shared_broadcast<8><<<device.sm_count, 32, 0, s>>>(out); });
  broadcast(16, [=](cudaStream_t s) { shared_broadcast<16><<<device.sm_count, 32, 0, s>>>(out); });
}

// ---- Transposes ------------------------------------------------------------------------------

constexpr int kTile = 32;
constexpr int kRows = 8;  // block 32 x 8: each thread moves 4 elements

enum class Tile { copy, row_major, padded, swizzled };

// One tile through shared memory, or (copy) the same access pattern without the transpose.
template <Tile tile>
__global__ void tiled(const float* __restrict__ in, float* __restrict__ out, int n) {
  constexpr int pitch = tile == Tile::padded ? kTile + 1 : kTile;
  __shared__ float s[kTile * pitch];
  auto at = [](int row, int col) { return tile == Tile::swizzled ? row * kTile + (col ^ row) : row * pitch + col; };
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  if constexpr (tile == Tile::copy) {
    for (int j = 0; j < kTile; j += kRows) out[(std::size_t)(y + j) * n + x] = in[(std::size_t)(y + j) * n + x];
  } else {
    for (int j = 0; j < kTile; j += kRows) s[at(threadIdx.y + j, threadIdx.x)] = in[(std::size_t)(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * kTile + threadIdx.x;
    y = blockIdx.x * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += kRows) out[(std::size_t)(y + j) * n + x] = s[at(threadIdx.x, threadIdx.y + j)];
  }
}

// No shared memory: coalesced reads, writes n floats apart.
__global__ void naive_transpose(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) out[(std::size_t)x * n + y + j] = in[(std::size_t)(y + j) * n + x];
}

void transpose_rows(int n, bool warm_too) {
  const std::size_t count = std::size_t(n) * n;
  const double bytes = 2.0 * count * sizeof(float);
  memlab::DeviceArray<float> in(count, "in"), out(count, "out");
  memlab::InputGenerator inputs(2);
  const std::vector<float> host = inputs.floats(count);
  in.upload(host);
  const float* src = in.data();
  float* dst = out.data();
  const dim3 grid(n / kTile, n / kTile), block(kTile, kRows);

  cublasHandle_t handle = nullptr;
  const std::string cublas_failed = article::attempt("cublas", [&] {
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasCreate failed");
  });

  struct Variant {
    const char* name;
    memlab::Launch launch;
  };
  const float one = 1.0f, zero = 0.0f;
  std::vector<Variant> variants = {
      {"tiled_copy", [=](cudaStream_t s) { tiled<Tile::copy><<<grid, block, 0, s>>>(src, dst, n); }},
      {"naive_no_shared", [=](cudaStream_t s) { naive_transpose<<<grid, block, 0, s>>>(src, dst, n); }},
      {"tile_32x32", [=](cudaStream_t s) { tiled<Tile::row_major><<<grid, block, 0, s>>>(src, dst, n); }},
      {"tile_32x33_padded", [=](cudaStream_t s) { tiled<Tile::padded><<<grid, block, 0, s>>>(src, dst, n); }},
      {"tile_xor_swizzle", [=](cudaStream_t s) { tiled<Tile::swizzled><<<grid, block, 0, s>>>(src, dst, n); }},
  };
  if (handle) {
    variants.push_back({"cublas_sgeam", [=](cudaStream_t s) {
                          cublasSetStream(handle, s);
                          // Column-major C = A^T: rows of our row-major matrix are its columns.
                          cublasSgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, src, n, &zero, dst, n, dst, n);
                        }});
  }

  for (const bool warm : {false, true}) {
    if (warm && !warm_too) break;
    Row copy;
    for (const Variant& v : variants) {
      Row r = row_of("transpose", v.name, std::to_string(n) + "x" + std::to_string(n), count);
      article::add_note(r.note, article::attempt("correctness", [&] {
                          out.poison();
                          article::run_once(v.name, v.launch);
                          out.check_guards();
                          const std::vector<float> got = out.download();
                          bool same = true;
                          const bool transposes = std::string(v.name) != "tiled_copy";
                          for (std::size_t i = 0; i < count && same; ++i) {
                            const std::size_t row = i / n, col = i % n;
                            same = got[i] == (transposes ? host[col * n + row] : host[i]);
                          }
                          r.correct = same;
                        }));
      if (warm)
        time_warm_into(r, v.launch, bytes);
      else
        time_into(r, v.launch, bytes);
      if (!warm && std::string(v.name).rfind("tile_", 0) == 0) shared_counters(r, v.launch, v.name);
      if (std::string(v.name) == "tiled_copy") copy = r;
      fraction_of(r, copy);
      article::add_note(r.note, "fraction: of tiled_copy");
      print(r);
    }
    if (!handle) {
      Row r = row_of("transpose", "cublas_sgeam", std::to_string(n) + "x" + std::to_string(n), count);
      r.note = cublas_failed;
      print(r);
    }
  }
  if (handle) cublasDestroy(handle);
}

// ---- Reductions ------------------------------------------------------------------------------

constexpr int kReduceBlock = 256;

enum class Tree { modulo, sequential };

// Each thread first adds its grid-stride share, then the block's tree adds the 256 sums.
template <Tree tree>
__global__ void grid_stride_sum(const float* __restrict__ in, float* __restrict__ partial, std::size_t n) {
  __shared__ float s[kReduceBlock];
  const unsigned tid = threadIdx.x;
  float sum = 0;
  for (std::size_t i = blockIdx.x * std::size_t(kReduceBlock) + tid; i < n; i += std::size_t(gridDim.x) * kReduceBlock)
    sum += in[i];
  s[tid] = sum;
  __syncthreads();
  if constexpr (tree == Tree::modulo) {
    for (unsigned step = 1; step < kReduceBlock; step *= 2) {
      if (tid % (2 * step) == 0) s[tid] += s[tid + step];
      __syncthreads();
    }
  } else {
    for (unsigned step = kReduceBlock / 2; step > 0; step /= 2) {
      if (tid < step) s[tid] += s[tid + step];
      __syncthreads();
    }
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

// float4 loads, a warp shuffle tree, one atomic per warp.
__global__ void shuffle_sum(const float4* __restrict__ in, float* __restrict__ total, std::size_t n4) {
  float sum = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const float4 v = in[i];
    sum += (v.x + v.y) + (v.z + v.w);
  }
  for (int d = 16; d > 0; d /= 2) sum += __shfl_down_sync(0xFFFFFFFFu, sum, d);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, sum);
}

void reduce_rows(const memlab::DeviceInfo& device) {
  const std::size_t n = std::size_t(1) << 28;
  memlab::DeviceArray<float> in(n, "in");
  memlab::DeviceArray<float> partial(std::size_t(device.sm_count) * 64, "partial");
  memlab::InputGenerator inputs(3);
  const std::vector<float> host = inputs.floats(n, 0.0f, 1.0f);
  in.upload(host);
  double exact = 0;
  for (float x : host) exact += x;
  const float* src = in.data();
  float* part = partial.data();
  const unsigned grid = unsigned(device.sm_count) * 8;
  const double bytes = double(n) * sizeof(float);
  // Within 1e-5 of the exact sum: far looser than the float error bound of these orders for
  // inputs in [0, 1), far tighter than any wrong sum.
  const auto near = [&](double got) { return std::fabs(got - exact) <= 1e-5 * exact; };

  const auto tree_row = [&](const char* name, const memlab::Launch& launch) {
    Row r = row_of("reduce", name, "grid " + std::to_string(grid) + " x 256", n);
    article::add_note(r.note, article::attempt("correctness", [&] {
                        partial.poison();
                        article::run_once(name, launch);
                        partial.check_guards();
                        const std::vector<float> sums = partial.download();
                        double got = 0;
                        for (unsigned b = 0; b < grid; ++b) got += sums[b];
                        r.correct = near(got);
                      }));
    time_into(r, launch, bytes);
    article::add_note(r.note, "gbps: bytes read; the block sums are added on the host, outside the time");
    print(r);
  };
  tree_row("grid_stride_then_modulo_tree",
           [=](cudaStream_t s) { grid_stride_sum<Tree::modulo><<<grid, kReduceBlock, 0, s>>>(src, part, n); });
  tree_row("grid_stride_then_sequential_tree",
           [=](cudaStream_t s) { grid_stride_sum<Tree::sequential><<<grid, kReduceBlock, 0, s>>>(src, part, n); });

  {
    Row r = row_of("reduce", "float4_warp_shuffle", "grid " + std::to_string(grid) + " x 256", n);
    float* total = part;
    const memlab::Launch launch = [=](cudaStream_t s) {
      cudaMemsetAsync(total, 0, sizeof(float), s);
      shuffle_sum<<<grid, 256, 0, s>>>(reinterpret_cast<const float4*>(src), total, n / 4);
    };
    article::add_note(r.note, article::attempt("correctness", [&] {
                        article::run_once("float4_warp_shuffle", launch);
                        r.correct = near(partial.download()[0]);
                      }));
    time_into(r, launch, bytes);
    article::add_note(r.note, "gbps: bytes read; the time includes a 4-byte memset");
    print(r);
  }
  {
    Row r = row_of("reduce", "cub_device_reduce_sum", "cub::DeviceReduce::Sum", n);
    article::add_note(r.note, article::attempt("cub", [&] {
                        std::size_t temp_bytes = 0;
                        float* total = part;
                        MEMLAB_CUDA(cub::DeviceReduce::Sum(nullptr, temp_bytes, src, total, static_cast<int>(n)));
                        memlab::DeviceArray<unsigned char> temp(temp_bytes, "cub temp");
                        void* scratch = temp.data();
                        const memlab::Launch launch = [=](cudaStream_t s) {
                          std::size_t b = temp_bytes;
                          cub::DeviceReduce::Sum(scratch, b, src, total, static_cast<int>(n), s);
                        };
                        article::run_once("cub", launch);
                        r.correct = near(partial.download()[0]);
                        time_into(r, launch, bytes);
                      }));
    print(r);
  }
}

}  // namespace

int main() {
  return article::run_program("memlab-bench-calibration", [](const memlab::DeviceInfo& device) {
    gpu_column = article::gpu_text(device);
    print_header();
    // Each part on its own: one that fails leaves a row with its error and the others still run.
    const auto part = [](const char* what, const std::function<void()>& body) {
      const std::string failed = article::attempt(what, body);
      if (!failed.empty()) {
        Row r = row_of(what, "", "", 0);
        r.note = failed;
        print(r);
      }
    };
    part("device memory", [&] { device_memory_rows(device); });
    part("shared memory", [&] { shared_memory_rows(device); });
    part("transpose 8192", [&] { transpose_rows(8192, false); });
    part("transpose 2048", [&] { transpose_rows(2048, true); });
    part("reduce", [&] { reduce_rows(device); });
    the_timer.reset();
  });
}
