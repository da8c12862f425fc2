#!/usr/bin/env bash
# The Nsight Compute walkthrough of docs/nsight-compute.md, run on a built tree, so that the page
# can show real output. Instructor tool: it profiles the reference solutions too.
#   checker/tools/ncu-walkthrough.sh BUILD_DIR OUT_DIR
# BUILD_DIR is the parent folder of the preset builds (normally `build`): it must hold
# BUILD_DIR/all (the starters) and BUILD_DIR/all-solution (the solutions), as
# checker/tools/verify-labs.sh leaves them. A check program that is missing (bin/labNN_check) is
# built with `cmake --build BUILD_DIR/PRESET --target labNN_graded` first (the check program, its
# recorder and the device code).
#
# Each command's output goes to OUT_DIR/NAME.txt: the exact command on the first line ("$ ..."),
# then its standard output and error, then "exit N" (124: it ran past its time limit). At the
# end the script prints a summary (also OUT_DIR/summary.txt): every file with its exit status,
# the kernel launch each profile caught, and the ratios the page uses. The files:
#   machine.txt, ncu-version, ncu-help, ncu-list-sections, ncu-list-sets: this machine and ncu
#   section-MemoryWorkloadAnalysis_Tables: the section's own file (which metric fills which column)
#   query-metrics-full, query-metrics (the course's names looked up), query-metrics-suffix
#   {starter,solution}-lab04-metrics, -mwa-tables: lab 04's tile, unpadded and padded
#   nvprof-set-memory, nvprof-set-memory-section, nvprof-metric-transactions: the shared-memory
#     article's commands, on lab 04's starter (they are expected to fail)
#   checker-{starter,solution}-lab04-mechanism, -lab01-mechanism, checker-solution-lab03-counters:
#     the check programs alone, with their own CUPTI counters, for comparison
#   {starter,solution}-lab01-matrix-metrics, -array-metrics, -matrix-mwa-tables: lab 01
#   solution-lab03-stride2-metrics, -stride32-metrics: lab 03's sweep at one stride
#   starter-lab04-sass-instructions: the checker's instruction counters next to their sass siblings
# Names start with the variant ("solution-lab04-..." rather than "lab04-solution-...") so that
# docs/nsight-compute.md can name them: the students' copy of the course may not contain
# "labNN-solution" (checker/tests/instructor/run_export_student.sh).
#
# Needs an NVIDIA GPU, `ncu` on PATH (or NCU=/path/to/ncu) and permission to read the GPU's
# performance counters: run as root, or load the driver with NVreg_RestrictProfilingToAdminUsers=0
# (docs/setup.md, "Allowing the hardware counters"). Without it ncu reports ERR_NVGPUCTRPERM;
# the summary says so.
#
# How a kernel is picked: a lab's check program is run with one suite (--suite), and ncu
# profiles one launch of the lab's kernel, chosen by name (--kernel-name regex:NAME) and order
# (--launch-skip N --launch-count 1; the skip counts only launches whose name matches).
#   lab 04, mechanism suite: the first launch of transpose_tiled is the 4096 x 4096 transpose
#     that the checks shared_wavefronts_per_load and declared_pitch_matches_kernel measure
#     (each first runs it once under the launch watchdog, then through the counters).
#   lab 01, mechanism suite: the first scale_matrix_kernel launch is the 4096 x 4096 window of
#     coalesced_sectors_per_request; the first scale_array* launch (scale_array_kernel in the
#     starter, scale_array_float4 in the solution) is the n = 2^24 + 3 array of
#     vectorized_sectors_per_request.
#   lab 03, correctness suite: it runs sweep_shared at strides 1, 2, ..., 64 in turn, one launch
#     of shared_stride_loads each, so --launch-skip S-1 picks stride S.
# Under ncu the check program's own counters cannot run (CUPTI serves one profiler per process):
# its mechanism checks print "skipped ... another profiler ... is attached". That is expected.
# So the script also runs the same mechanism suites WITHOUT ncu (checker-*.txt), to print the
# checker's own counters of the same launches for comparison.
#
# The suites profiled here do no timing; MEMLAB_MIN_SECONDS / MEMLAB_MAX_SECONDS are set low
# anyway (docs/methodology.md, adaptive sampling) so that a suite that does time stays short
# (lab 03's mechanism suite, run without ncu, is limited to its counter test case).
#
# NCU_WALKTHROUGH_TAR=FILE: also write OUT_DIR as one .tar.gz archive (FILE outside OUT_DIR).
#
# Time: each command has a time limit (NCU_WALKTHROUGH_TIMEOUT, default 180 s; lists and queries
# less) and the whole script a budget (NCU_WALKTHROUGH_BUDGET, default 540 s): once it is spent,
# the remaining commands are listed as not run. Commands run in order of importance. No
# command's failure stops the script (set -u, not -e). Exit status: 0 when every ncu profile
# (the nvprof-era ones aside) caught its kernel, 1 otherwise, 2 on bad arguments.
set -u

usage() {
  echo "usage: $0 BUILD_DIR OUT_DIR   (BUILD_DIR holds all/ and all-solution/, e.g. build)" >&2
  exit 2
}
[ $# -eq 2 ] || usage
BUILD=$(cd "$1" 2>/dev/null && pwd) || { echo "error: no folder $1" >&2; usage; }
mkdir -p "$2" || exit 2
OUT=$(cd "$2" && pwd) || exit 2
ROOT=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
cd "$ROOT" || exit 2

NCU=${NCU:-ncu}
LIMIT=${NCU_WALKTHROUGH_TIMEOUT:-180}
BUDGET=${NCU_WALKTHROUGH_BUDGET:-540}
START=$(date +%s)
SEED=1
export MEMLAB_MIN_SECONDS=0.2 MEMLAB_MAX_SECONDS=1 MEMLAB_LAUNCH_TIMEOUT=120

# The course's ten metrics, exactly as the checker names them
# (checker/counters/include/memlab/counters.h, namespace memlab::counters::metric).
METRICS=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
METRICS=$METRICS,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
METRICS=$METRICS,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
METRICS=$METRICS,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
METRICS=$METRICS,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
# The sibling instruction counters Nsight Compute also has (compared with the checker's once).
SASS_METRICS=smsp__inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum
SASS_METRICS=$SASS_METRICS,smsp__inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_shared_st.sum
# Base names looked up in `ncu --query-metrics`: the ten, the two siblings, and the nvprof-era
# names of the shared-memory article (expected to be missing).
QUERY_NAMES="$(echo "$METRICS" | tr ',' '\n' | sed 's/\.sum$//')
smsp__sass_inst_executed_op_shared_ld
smsp__sass_inst_executed_op_shared_st
shared_load_transactions
shared_store_transactions"

# ---- bookkeeping ------------------------------------------------------------------------------
ROWS=()          # "name<TAB>exit<TAB>note", in order
PROFILES=()      # names of the ncu runs that must catch a kernel
declare -A BUILD_TRIED=()  # PRESET/NN whose missing check program was already tried
PERM_DENIED=0

rel() {  # a path relative to the repository root when it is inside it (commands stay readable)
  case $1 in
    "$ROOT"/*) printf '%s' "${1#"$ROOT"/}" ;;
    *) printf '%s' "$1" ;;
  esac
}
# A word as a shell would need it: bare when it holds only safe characters, else in single quotes.
shquote() {
  case $1 in
    *[!A-Za-z0-9_./,:=+@%-]* | '') printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
  esac
}
command_line() {  # command_line WORD...: "$ WORD WORD ..." as one would type it
  local w line='$'
  for w in "$@"; do line="$line $(shquote "$w")"; done
  printf '%s\n' "$line"
}
seconds_left() { echo $((BUDGET - ($(date +%s) - START))); }
record() { ROWS+=("$1	$2	$3"); }

# run_to NAME SECONDS COMMAND...: OUT_DIR/NAME.txt gets "$ COMMAND", its output, "exit N".
run_to() {
  local name=$1 secs=$2
  shift 2
  local file="$OUT/$name.txt" left rc note=""
  command_line "$@" >"$file"
  left=$(seconds_left)
  if [ "$left" -lt 30 ]; then
    echo "not run: the script's time budget (NCU_WALKTHROUGH_BUDGET=$BUDGET s) was spent" >>"$file"
    record "$name" "-" "not run (time budget spent)"
    return 1
  fi
  [ "$secs" -gt $((left - 20)) ] && secs=$((left - 20))
  timeout -k 15 "$secs" "$@" >>"$file" 2>&1 </dev/null
  rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    note="ran past its limit of $secs s"
  fi
  echo "exit $rc${note:+ ($note)}" >>"$file"
  if grep -q 'ERR_NVGPUCTRPERM' "$file"; then
    PERM_DENIED=1
    note="${note:+$note; }ERR_NVGPUCTRPERM: no permission to read GPU counters"
  fi
  record "$name" "$rc" "$note"
  return "$rc"
}

# The kernel line ncu prints above each profiled launch: name, grid x block, context, stream.
kernel_line() { grep -m 1 -E '\) \([0-9]+, [0-9]+, [0-9]+\)x\([0-9]+, [0-9]+, [0-9]+\), Context' "$1" | sed 's/^ *//'; }
# A profile caught its kernel when ncu printed a result for it (a "==PROF== Profiling" line alone
# is not enough: a permission error comes after it).
caught_kernel() { [ -f "$1" ] && [ -n "$(kernel_line "$1")" ]; }

# ---- what this machine has --------------------------------------------------------------------
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "host: $(hostname)"
  echo "user id: $(id -u) ($(id -un))"
  echo "repository: $ROOT (commit $(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown))"
  echo "BUILD_DIR: $BUILD"
  echo "ncu: $(command -v "$NCU" || echo "NOT FOUND ($NCU)")"
  echo "RmProfilingAdminOnly (1: counters for root only):"
  grep RmProfilingAdminOnly /proc/driver/nvidia/params 2>&1 | sed 's/^/  /'
  echo "GPU (name, driver, max SM clock, MIG): $(timeout 30 nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,mig.mode.current \
        --format=csv,noheader 2>&1 | head -n 1)"
  echo "environment set by the script: MEMLAB_MIN_SECONDS=$MEMLAB_MIN_SECONDS MEMLAB_MAX_SECONDS=$MEMLAB_MAX_SECONDS MEMLAB_LAUNCH_TIMEOUT=$MEMLAB_LAUNCH_TIMEOUT"
} >"$OUT/machine.txt" 2>&1
record machine 0 ""

if ! command -v "$NCU" >/dev/null 2>&1; then
  echo "error: $NCU is not on PATH (set NCU=/path/to/ncu)" | tee "$OUT/summary.txt" >&2
  exit 1
fi

# ---- ncu itself: version, options, sections, sets ---------------------------------------------
run_to ncu-version 60 "$NCU" --version
run_to ncu-help 60 "$NCU" --help
run_to ncu-list-sections 60 "$NCU" --list-sections
run_to ncu-list-sets 60 "$NCU" --list-sets

# The section with the Shared Memory table. Its identifier is checked in the list, not assumed.
SECTION=MemoryWorkloadAnalysis_Tables
SECTION_NOTE="$SECTION: listed by ncu --list-sections"
if ! grep -qE "^${SECTION}[[:space:]]" "$OUT/ncu-list-sections.txt"; then
  other=$(grep -oiE '^MemoryWorkloadAnalysis[A-Za-z_]*Table[A-Za-z_]*' "$OUT/ncu-list-sections.txt" | head -n 1)
  if [ -n "$other" ]; then
    SECTION_NOTE="$SECTION is not listed; using $other, the listed identifier that names the tables"
    SECTION=$other
  else
    SECTION_NOTE="$SECTION is not listed and no other identifier names the tables; tried it anyway"
  fi
fi

# Options of this ncu: without --print-details the Tables section prints no table (ncu 2025.3.1
# warns "No metrics to show for section(s)"); --print-units base prints counts unscaled (without
# it ncu rescales sectors with prefixes, as it does bytes).
DETAILS=()
UNITS=()
if ! grep -q -- '--print-details' "$OUT/ncu-help.txt" && grep -q -- '--metrics' "$OUT/ncu-help.txt"; then
  DETAILS_NOTE="this ncu's --help lists no --print-details: the Tables runs go without it"
else
  DETAILS=(--print-details all)
  DETAILS_NOTE="--print-details all"
fi
grep -q -- '--print-units' "$OUT/ncu-help.txt" && UNITS=(--print-units base)

# The section's own file: which metrics each table column shows.
ncu_real=$(readlink -f "$(command -v "$NCU")")
section_file=$(timeout 30 find "$(dirname "$ncu_real")/.." "${HOME:-/root}/Documents/NVIDIA Nsight Compute" \
                 -name "$SECTION.section" -type f 2>/dev/null | head -n 1)
if [ -n "$section_file" ]; then
  run_to "section-$SECTION" 30 cat "$section_file"
else
  echo "\$ find ... -name $SECTION.section: not found next to $ncu_real or in ~/Documents/NVIDIA Nsight Compute" \
    >"$OUT/section-$SECTION.txt"
  record "section-$SECTION" "-" "section file not found"
fi

# ---- the metric names exist on this GPU -------------------------------------------------------
run_to query-metrics-full 120 "$NCU" --query-metrics
names_regex=$(echo "$QUERY_NAMES" | paste -sd '|' -)
{
  printf '%s | %s\n' "$(command_line "$NCU" --query-metrics)" "$(shquote grep) -E $(shquote "(^|[[:space:]])($names_regex)([[:space:]]|\$)")"
  grep -E "(^|[[:space:]])($names_regex)([[:space:]]|\$)" "$OUT/query-metrics-full.txt"
  echo "exit ${PIPESTATUS[0]} (grep; ncu's own exit status is the last line of query-metrics-full.txt)"
  echo
  echo "# The script's check of each base name against the full list (query-metrics-full.txt):"
  while IFS= read -r n; do
    if grep -qE "(^|[[:space:]])$n([[:space:]]|\$)" "$OUT/query-metrics-full.txt"; then
      echo "listed:     $n"
    else
      echo "NOT listed: $n"
    fi
  done <<<"$QUERY_NAMES"
} >"$OUT/query-metrics.txt" 2>&1
record query-metrics "$(tail -n +2 "$OUT/query-metrics.txt" | grep -m 1 '^exit ' | cut -d' ' -f2)" ""
run_to query-metrics-suffix 120 "$NCU" --query-metrics --query-metrics-mode suffix \
  --metrics "$(echo "$QUERY_NAMES" | grep -v '^shared_' | paste -sd ',' -)"

# ---- the check programs -----------------------------------------------------------------------
# program PRESET NN: sets PROG to BUILD_DIR/PRESET/bin/labNN_check, building it when missing;
# empty when it cannot be had.
program() {
  PROG="$BUILD/$1/bin/lab$2_check"
  if [ ! -x "$PROG" ] && [ -z "${BUILD_TRIED[$1/$2]:-}" ]; then
    BUILD_TRIED[$1/$2]=1
    if [ -f "$BUILD/$1/build.ninja" ] || [ -f "$BUILD/$1/Makefile" ]; then
      run_to "build-$1-lab$2" 600 cmake --build "$BUILD/$1" --target "lab$2_graded"
    else
      echo "not run: $BUILD/$1 is not a configured build folder" >"$OUT/build-$1-lab$2.txt"
      record "build-$1-lab$2" "-" "$BUILD/$1 is not a configured build folder"
    fi
  fi
  [ -x "$PROG" ] || PROG=""
}
lab_dir() {
  local d
  for d in "labs/$1"-*/; do [ -d "$d" ] && { printf '%s' "${d%/}"; return; }; done
}
variant_of() { [ "$1" = all ] && echo starter || echo solution; }

# profile NAME PRESET NN SUITE KERNEL_REGEX SKIP NCU_OPTION...: one launch of the lab's kernel.
profile() {
  local name=$1 preset=$2 lab=$3 suite=$4 kernel=$5 skip=$6
  shift 6
  program "$preset" "$lab"
  if [ -z "$PROG" ]; then
    echo "not run: no check program $BUILD/$preset/bin/lab${lab}_check" >"$OUT/$name.txt"
    record "$name" "-" "no check program"
    PROFILES+=("$name")
    return 1
  fi
  local filter=(--kernel-name "regex:$kernel" --launch-count 1)
  [ "$skip" -gt 0 ] && filter+=(--launch-skip "$skip")
  mkdir -p "$OUT/program-results/$name"
  PROFILES+=("$name")
  run_to "$name" "$LIMIT" "$NCU" --clock-control none "$@" "${filter[@]}" "$(rel "$PROG")" --lab-dir "$(lab_dir "$lab")" \
    --results-dir "$(rel "$OUT/program-results/$name")" --variant "$(variant_of "$preset")" --suite "$suite" --seed "$SEED"
}

# tables NAME PRESET NN SUITE KERNEL SKIP: the Tables section. When ncu still warns "No metrics
# to show for section(s)" (no table printed with "--print-details all"), once more as NAME-body
# with "--print-details body".
tables() {
  local name=$1
  profile "$1" "$2" "$3" "$4" "$5" "$6" --section "$SECTION" "${DETAILS[@]}" "${UNITS[@]}"
  if [ "${#DETAILS[@]}" -gt 0 ] && grep -q 'No metrics to show for section' "$OUT/$name.txt"; then
    profile "$name-body" "$2" "$3" "$4" "$5" "$6" --section "$SECTION" --print-details body "${UNITS[@]}"
  fi
}

# checker NAME PRESET NN SUITE [DOCTEST_OPTION]: the check program alone, its own counters.
checker() {
  local name=$1 preset=$2 lab=$3 suite=$4
  shift 4
  program "$preset" "$lab"
  if [ -z "$PROG" ]; then
    echo "not run: no check program $BUILD/$preset/bin/lab${lab}_check" >"$OUT/$name.txt"
    record "$name" "-" "no check program"
    return 1
  fi
  mkdir -p "$OUT/program-results/$name"
  run_to "$name" "$LIMIT" "$(rel "$PROG")" --lab-dir "$(lab_dir "$lab")" \
    --results-dir "$(rel "$OUT/program-results/$name")" --variant "$(variant_of "$preset")" --suite "$suite" --seed "$SEED" "$@"
}

# ---- lab 04: the shared-memory tile, unpadded (starter) and padded (solution) -----------------
profile starter-lab04-metrics all 04 mechanism transpose_tiled 0 --metrics "$METRICS" "${UNITS[@]}"
profile solution-lab04-metrics all-solution 04 mechanism transpose_tiled 0 --metrics "$METRICS" "${UNITS[@]}"
tables starter-lab04-mwa-tables all 04 mechanism transpose_tiled 0
tables solution-lab04-mwa-tables all-solution 04 mechanism transpose_tiled 0

# ---- the shared-memory article's nvprof-era commands, on lab 04's starter ---------------------
profile nvprof-set-memory all 04 mechanism transpose_tiled 0 --set memory
profile nvprof-set-memory-section all 04 mechanism transpose_tiled 0 --set memory --section "$SECTION"
profile nvprof-metric-transactions all 04 mechanism transpose_tiled 0 --metrics shared_load_transactions,shared_store_transactions

# ---- the checker's own counters of the same launches (no ncu) ---------------------------------
checker checker-starter-lab04-mechanism all 04 mechanism
checker checker-solution-lab04-mechanism all-solution 04 mechanism

# ---- lab 01: global loads, row per lane (starter) and column per lane (solution) --------------
profile starter-lab01-matrix-metrics all 01 mechanism scale_matrix_kernel 0 --metrics "$METRICS" "${UNITS[@]}"
profile solution-lab01-matrix-metrics all-solution 01 mechanism scale_matrix_kernel 0 --metrics "$METRICS" "${UNITS[@]}"
profile starter-lab01-array-metrics all 01 mechanism scale_array 0 --metrics "$METRICS" "${UNITS[@]}"
profile solution-lab01-array-metrics all-solution 01 mechanism scale_array 0 --metrics "$METRICS" "${UNITS[@]}"
checker checker-starter-lab01-mechanism all 01 mechanism
checker checker-solution-lab01-mechanism all-solution 01 mechanism
tables starter-lab01-matrix-mwa-tables all 01 mechanism scale_matrix_kernel 0
tables solution-lab01-matrix-mwa-tables all-solution 01 mechanism scale_matrix_kernel 0

# ---- lab 03: one strided shared load, stride 2 (2 ways) and 32 (32 ways), the solution --------
profile solution-lab03-stride2-metrics all-solution 03 correctness shared_stride_loads 1 --metrics "$METRICS" "${UNITS[@]}"
profile solution-lab03-stride32-metrics all-solution 03 correctness shared_stride_loads 31 --metrics "$METRICS" "${UNITS[@]}"
checker checker-solution-lab03-counters all-solution 03 mechanism "--test-case=hardware counters*"

# ---- the sibling instruction counters, once ---------------------------------------------------
profile starter-lab04-sass-instructions all 04 mechanism transpose_tiled 0 --metrics "$SASS_METRICS" "${UNITS[@]}"

# ---- summary ----------------------------------------------------------------------------------
value() {  # value FILE METRIC: the metric's value as ncu printed it, thousands separators removed
  awk -v m="$2" '$1 == m { v = $NF; gsub(",", "", v); print v; exit }' "$1"
}
ratio() {  # ratio A B: A / B with 3 decimals, or n/a
  awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b + 0 > 0) printf "%.3f", a / b; else printf "n/a" }'
}
summary() {
  echo "ncu walkthrough: $(date -u '+%Y-%m-%d %H:%M UTC'), $(($(date +%s) - START)) s, output in $OUT"
  echo "ncu: $(grep -m 1 '^Version' "$OUT/ncu-version.txt" 2>/dev/null || echo 'version unknown')"
  grep -m 1 '^GPU' "$OUT/machine.txt"
  echo "section: $SECTION_NOTE"
  echo "details option for the Tables runs: $DETAILS_NOTE"
  if [ "$PERM_DENIED" -eq 1 ]; then
    echo
    echo "PERMISSION: ncu reported ERR_NVGPUCTRPERM. Reading GPU counters needs root, or the driver"
    echo "option NVreg_RestrictProfilingToAdminUsers=0 (docs/setup.md, 'Allowing the hardware counters')."
  fi
  echo
  echo "| file | exit | note |"
  echo "| --- | --- | --- |"
  local row
  for row in "${ROWS[@]}"; do
    IFS='	' read -r n rc note <<<"$row"
    echo "| $n.txt | $rc | $note |"
  done
  echo
  echo "Launches profiled (the kernel line ncu printed):"
  local name f
  for name in "${PROFILES[@]}"; do
    f="$OUT/$name.txt"
    if caught_kernel "$f"; then
      echo "  $name: $(kernel_line "$f")"
    else
      echo "  $name: NO KERNEL PROFILED"
    fi
  done
  echo
  echo "Ratios from the --metrics runs (ld = loads, st = stores):"
  echo "| file | shared ld wavefronts/instr | shared st wavefronts/instr | ld bank conflicts/instr | st bank conflicts/instr | global ld sectors/request | global st sectors/request |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
  for f in "$OUT"/*-metrics.txt; do
    [ -f "$f" ] || continue
    caught_kernel "$f" || continue
    local lw sw lc sc li si gls glr gss gsr
    lw=$(value "$f" l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum)
    sw=$(value "$f" l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum)
    lc=$(value "$f" l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum)
    sc=$(value "$f" l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum)
    li=$(value "$f" smsp__inst_executed_op_shared_ld.sum)
    si=$(value "$f" smsp__inst_executed_op_shared_st.sum)
    gls=$(value "$f" l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum)
    glr=$(value "$f" l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum)
    gss=$(value "$f" l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum)
    gsr=$(value "$f" l1tex__t_requests_pipe_lsu_mem_global_op_st.sum)
    echo "| $(basename "$f") | $(ratio "$lw" "$li") ($lw / $li) | $(ratio "$sw" "$si") ($sw / $si) | $(ratio "$lc" "$li") | $(ratio "$sc" "$si") | $(ratio "$gls" "$glr") ($gls / $glr) | $(ratio "$gss" "$gsr") ($gss / $gsr) |"
  done
  f="$OUT/starter-lab04-sass-instructions.txt"
  if [ -f "$f" ] && caught_kernel "$f"; then
    echo
    echo "Instruction counters, lab 04 starter: smsp__inst_executed_op_shared_ld.sum = $(value "$f" smsp__inst_executed_op_shared_ld.sum)," \
         "smsp__sass_inst_executed_op_shared_ld.sum = $(value "$f" smsp__sass_inst_executed_op_shared_ld.sum);" \
         "st: $(value "$f" smsp__inst_executed_op_shared_st.sum) and $(value "$f" smsp__sass_inst_executed_op_shared_st.sum)"
  fi
  echo
  echo "The checker's own counters (no ncu), as its mechanism suites printed them:"
  for f in "$OUT"/checker-*.txt; do
    [ -f "$f" ] || continue
    echo "  $(basename "$f"):"
    grep -E '^  measured .*(wavefronts|sectors|pitch|ways)' "$f" | sed 's/^ */    /'
  done
  echo
  echo "Under ncu, the check program's own counter checks (expected: skipped, another profiler attached):"
  for f in "$OUT"/starter-lab04-metrics.txt "$OUT"/starter-lab01-matrix-metrics.txt; do
    [ -f "$f" ] || continue
    echo "  $(basename "$f"): $(grep -m 1 -E '^  measured (shared_wavefronts_per_load|coalesced_sectors_per_request):' "$f" | sed 's/^ *//' | cut -c1-200)"
  done
  echo
  echo "The nvprof-era commands (their last ==ERROR== or ==WARNING== line):"
  for f in "$OUT"/nvprof-*.txt; do
    [ -f "$f" ] || continue
    echo "  $(basename "$f"): $(grep -E '^==(ERROR|WARNING)==' "$f" | tail -n 1 | cut -c1-200) [$(tail -n 1 "$f")]"
  done
}
summary | tee "$OUT/summary.txt"

# One archive of OUT_DIR, for a machine that returns only a few files (NCU_WALKTHROUGH_TAR=FILE).
if [ -n "${NCU_WALKTHROUGH_TAR:-}" ]; then
  if timeout 120 tar -czf "$NCU_WALKTHROUGH_TAR" -C "$(dirname "$OUT")" "$(basename "$OUT")"; then
    echo "archive: $NCU_WALKTHROUGH_TAR"
  else
    echo "archive: tar -czf $NCU_WALKTHROUGH_TAR failed"
  fi
fi

status=0
for name in "${PROFILES[@]}"; do
  caught_kernel "$OUT/$name.txt" || case $name in nvprof-*) ;; *) status=1 ;; esac
done
exit "$status"
