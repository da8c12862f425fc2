// Known wrong: prints a report in which every check passes and ends the process with _Exit(0)
// before the checker can run anything. A green exit status is not a verdict; ending the
// process is forbidden by the submission contract, so this earns no points at all.
#include <cstdio>
#include <cstdlib>

#include "lab.h"

namespace {

constexpr int kTile = 32;
constexpr int kBlockRows = 8;
constexpr int kTilePitch = kTile;  // the starter's tile: the column read is still a 32-way conflict

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTilePitch];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;
  row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

// Whatever the checker asks first, answer with a finished, all-green report and leave.
void print_green_report_and_leave() {
  const char* ids[] = {"predictions_well_formed",
                       "predictions_match_bank_model",
                       "tile_fits",
                       "column_read_conflict_free_model",
                       "exact_transpose",
                       "stays_in_bounds",
                       "speedup_vs_starter",
                       "fraction_of_copy_roofline",
                       "shared_wavefronts_per_load",
                       "declared_pitch_matches_kernel"};
  for (const char* id : ids) std::printf("  [PASS        ] %-32s measured ok  required ok\n", id);
  std::printf("Score: 18 / 18\n");
  std::fflush(stdout);
  std::_Exit(0);
}

}  // namespace

int transpose_tile_pitch() {
  print_green_report_and_leave();
  return kTilePitch;
}

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  print_green_report_and_leave();
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
