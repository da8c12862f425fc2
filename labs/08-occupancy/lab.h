#pragma once
// Lab 08, occupancy: the contract between your occupancy.cpp and the checker.
//
// The checker owns twelve transpose kernels, the candidates. Each block stages one tile of
// 224 x 64 floats in shared memory, stored in one of three layouts, and runs with one of four
// block sizes. You (a) predict how many blocks of a kernel fit on one SM at once, and
// (b) choose the candidate to run. README.md shows the kernel.
#include <array>

// ---- The candidates ----------------------------------------------------------------------------

enum class Layout {
  unpadded,  // tile[r][c] at word r * 64 + c: a column of the tile is one bank (32-way conflict)
  padded,    // word r * 65 + c: one spare float per row, a column spreads over all 32 banks
  swizzled,  // word r * 64 + (c ^ (r % 32)): no spare float, a column spreads over all 32 banks
};

constexpr int kTileRows = 224;  // a block reads a 224 x 64 tile of the input
constexpr int kTileCols = 64;   // and writes it as a 64 x 224 tile of the output

// Floats from one tile row to the next, and the tile's size in bytes. The tile is dynamic
// shared memory (a block may hold more than 48 KB only that way, after opting in).
constexpr int tile_pitch(Layout layout) { return layout == Layout::padded ? kTileCols + 1 : kTileCols; }
constexpr int tile_bytes(Layout layout) { return kTileRows * tile_pitch(layout) * 4; }

struct Candidate {
  Layout layout;
  int threads;  // per block: 128, 256, 512 or 1024
};
constexpr bool operator==(Candidate a, Candidate b) { return a.layout == b.layout && a.threads == b.threads; }
constexpr bool operator!=(Candidate a, Candidate b) { return !(a == b); }

inline constexpr std::array<Candidate, 12> kCandidates = {{
    {Layout::unpadded, 128},
    {Layout::unpadded, 256},
    {Layout::unpadded, 512},
    {Layout::unpadded, 1024},
    {Layout::padded, 128},
    {Layout::padded, 256},
    {Layout::padded, 512},
    {Layout::padded, 1024},
    {Layout::swizzled, 128},
    {Layout::swizzled, 256},
    {Layout::swizzled, 512},
    {Layout::swizzled, 1024},
}};

// ---- What occupancy depends on -----------------------------------------------------------------

// What one block of a kernel asks of an SM.
struct KernelResources {
  int threads_per_block;
  int registers_per_thread;
  int static_shared_bytes;   // __shared__ arrays declared in the kernel
  int dynamic_shared_bytes;  // the third launch parameter, <<<grid, block, bytes>>>
};

// Registers per thread the CPU checks assume for every candidate: the kernels' launch bounds
// make the compiler fit a full SM of threads, which on sm_80 and sm_90 means at most 32.
// On the GPU, the checker uses the register count of the compiled kernel instead.
constexpr int kRegistersPerThread = 32;

constexpr KernelResources resources_of(Candidate c) {
  return {c.threads, kRegistersPerThread, 0, tile_bytes(c.layout)};
}

// The limits of one SM, as the CUDA runtime reports them (cudaDeviceProp) plus the
// allocation rules of the hardware.
struct DeviceLimits {
  const char* name;
  int cc_major, cc_minor;         // compute capability
  int warp_size;                  // 32
  int max_threads_per_block;      // 1024
  int max_threads_per_sm;         // 2048 on sm_80 and sm_90; 1536 on sm_86 and sm_89
  int max_blocks_per_sm;          // 32 on sm_80 and sm_90; 24 on sm_89; 16 on sm_86
  int registers_per_sm;           // 65536 32-bit registers
  int register_alloc_unit;        // a warp's registers are allocated in units of this many (256)
  int warp_schedulers;            // 4: the register file is split evenly among the SM's four
                                  // schedulers, and each warp lives on one of them
  int shared_per_sm;              // bytes of shared memory the SM can give to blocks
  int shared_per_block_optin;     // the most one block may use, after opting in
  int reserved_shared_per_block;  // bytes the driver keeps for each resident block (1 KB)
  int shared_alloc_unit;          // a block's shared memory, reservation included, is
                                  // allocated in units of this many bytes (128)
};

// The three parts the CPU checks use (values as cudaGetDeviceProperties reports them).
inline constexpr DeviceLimits kH200 = {"H200 (sm_90)", 9,      0,    32, 1024, 2048, 32, 65536, 256, 4,
                                       233472,         232448, 1024, 128};  // 228 KB per SM, 227 KB per block
inline constexpr DeviceLimits kA100 = {"A100 (sm_80)", 8,      0,    32, 1024, 2048, 32, 65536, 256, 4,
                                       167936,         166912, 1024, 128};  // 164 KB per SM, 163 KB per block
inline constexpr DeviceLimits kRtx4090 = {
    "RTX 4090 (sm_89)", 8, 9, 32, 1024, 1536, 24, 65536, 256, 4, 102400, 101376, 1024, 128};  // 100 KB per SM, 99 KB
                                                                                              // per block

// ---- Your part (occupancy.cpp) -----------------------------------------------------------------

// (a) How many blocks of a kernel that uses `k` can be resident on one SM of `gpu` at once:
// the smallest of the limits set by warps, registers, shared memory and the block count, each
// computed the way the hardware allocates that resource; 0 when a single block cannot run.
// Work it out by hand from `gpu`: the point is to know the rules, not to call the CUDA
// occupancy calculator. The checker compares you with that calculator on the CPU
// (cuda_occupancy.h, for the three parts above) and on the GPU (the runtime's occupancy API).
int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu);

// (b) The candidate to run on `gpu`, the GPU the checks run on. The checker times all twelve
// on the same matrix and requires yours to be within 5 % of the fastest.
Candidate choose_candidate(const DeviceLimits& gpu);
