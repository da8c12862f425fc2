#!/usr/bin/env bash
# instructor.export_student: memlab-course export-student as an instructor runs it, and the copy
# it writes as a student and GitHub Classroom use it:
#   checker/tests/instructor/run_export_student.sh MEMLAB_COURSE SOURCE_DIR WORK_DIR MEMLAB_SITE FIGURES_DIR
# 1. export-student WORK/copy --git: one commit; a second export needs --force and writes the same.
# 2. Nothing of solutions/ is in the copy: no solutions/ folder, no file equal to a solution file,
#    no "distinctive line" of a solution file in any file. The line check first proves that it
#    catches a line planted by hand.
# 3. No command that needs the solutions in the copy's text, no link to a page left out; the
#    presets build no solution.
# 4. The copy's site renders (--strict) and links no page left out; its translations are up to
#    date with its English pages (check-translations: export-student stamps them again), and no
#    translation (X.zh.md) is there without its English page.
# 5. In the copy: `cmake --preset lab04 && ctest` grades the CPU checks (the starter fails
#    column_read_conflict_free_model by design) and writes build/lab04/results/lab04.json.
# 6. The Classroom workflow's lab 04 command, taken from the copy's classroom.yml and run as the
#    Classroom grader runs it (sh -c in the copy's root, PATH and HOME only): it fails for the
#    starter, its report skips the GPU checks, and it passes with the reference solution's files;
#    its max-score is the lab's CPU points.
# Exit status 0 when every step behaves; each failure is printed with the output it judged.
set -u
tool=$1
src=$2
work=$3
site_tool=$4
figures=$5
failures=0

# shellcheck source=expect.sh
. "$(dirname "$0")/../expect.sh"
expect_empty() {  # name, what was found
  if [ -z "$2" ]; then say "ok: $1"; else fail "$1" "$2"; fi
}
trim_lines() { sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }

rm -rf "$work"
mkdir -p "$work"
copy=$work/copy
start_all=$(date +%s)

# ---- 1. The export ---------------------------------------------------------------------------
out=$("$tool" export-student "$copy" --course "$src" --git 2>&1) || { fail "export-student --git" "$out"; exit 1; }
say "$out"
expect_contains "export-student names the copy" "$out" "Wrote the students' copy of the course to $copy"
expect_contains "export-student stamps the translations for the copy's pages" "$out" "stamps written again for the copy's English pages"
commits=$(git -C "$copy" rev-list --count HEAD 2>&1)
[ "$commits" = 1 ] && say "ok: --git made one commit" || fail "--git: expected one commit" "$commits"
out=$("$tool" export-student "$copy" --course "$src" 2>&1) && fail "a second export into a full folder must fail" "$out"
expect_contains "without --force it says why" "$out" "is not empty"
out=$("$tool" export-student "$copy" --course "$src" --force 2>&1) || fail "export-student --force" "$out"
expect_empty "--force keeps .git and writes the same copy (git status is clean)" "$(git -C "$copy" status --porcelain 2>&1)"

# The copy's files, without its git metadata or build trees (the later steps add those).
copy_files() { (cd "$copy" && find . -path ./.git -prune -o -path ./build -prune -o -type f -print | sed 's|^\./||' | sort); }

# ---- 2. Nothing of solutions/ ----------------------------------------------------------------
[ -e "$copy/solutions" ] && fail "the copy has solutions/" || say "ok: no solutions/ folder"

# Files equal to a file of solutions/ (by content, under any name).
same=""
sums=$(cd "$copy" && copy_files | tr '\n' '\0' | xargs -0 cksum)
while IFS= read -r -d '' sol; do
  [ "$(basename "$sol")" = CTestTestfile.cmake ] && continue  # a guard file, the same in labs/
  sum=$(cksum <"$sol" | cut -d' ' -f1-2)
  while read -r c s name; do
    [ "$c $s" = "$sum" ] && cmp -s "$sol" "$copy/$name" && same+="$name equals ${sol#"$src"/}"$'\n'
  done <<<"$sums"
done < <(find "$src/solutions" -type f -print0)
expect_empty "no file of the copy equals a file of solutions/" "$same"

# Distinctive lines: lines of a solution's student file that its starter does not have, trimmed,
# at least 20 characters, no #include, and found in no other C++/CUDA source of the course
# (those are the course's common code, which every copy holds: loops over lanes, the checkers'
# own reference computations, lab 02's reference model in checker/bank).
find "$src" \( -path "$src/build" -o -path "$src/.git" -o -path "$src/solutions" -o -path "$src/.deps" -o -path "$src/.baseline" \) -prune \
  -o -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' -o -name '*.cu' -o -name '*.cuh' \) -print0 |
  xargs -0 cat | trim_lines | sort -u >"$work/course-code-lines.txt"
# A lab's student files, from its lab.json (cmake reads the JSON: no JSON tool needed).
cat >"$work/student_files.cmake" <<'EOF'
cmake_minimum_required(VERSION 3.25)
file(READ "${MANIFEST}" json)
string(JSON n LENGTH "${json}" student_files)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  string(JSON f GET "${json}" student_files ${i})
  message("${f}")
endforeach()
EOF
: >"$work/distinctive.txt"
for sol_dir in "$src"/solutions/[0-9][0-9]-*/; do
  lab=$(basename "$sol_dir")
  for name in $(cmake -DMANIFEST="$src/labs/$lab/lab.json" -P "$work/student_files.cmake" 2>&1); do
    sol=$src/solutions/$lab/$name
    starter=$src/labs/$lab/$name
    [ -f "$sol" ] && [ -f "$starter" ] || { fail "lab $lab: $name is missing from solutions/ or labs/"; continue; }
    count=0
    while IFS= read -r line; do
      [ ${#line} -ge 20 ] || continue
      case $line in '#include'*) continue ;; esac
      grep -qF -- "$line" "$starter" && continue
      grep -qF -- "$line" "$work/course-code-lines.txt" && continue
      printf '%s\n' "$line" >>"$work/distinctive.txt"
      count=$((count + 1))
    done < <(trim_lines <"$sol" | sort -u)
    say "solutions/$lab/$name: $count distinctive lines"
    [ "$count" -gt 0 ] || fail "solutions/$lab/$name has no distinctive line: the check cannot see it leak"
  done
done

# Lines of the solutions that the course text shows on purpose, each where it is shown.
cat >"$work/published.txt" <<'EOF'
docs/concepts/coalescing.md|int col = blockIdx.x * blockDim.x + threadIdx.x;
docs/concepts/coalescing.md|int row = blockIdx.y * blockDim.y + threadIdx.y;
slides/01-coalescing.md|int col = blockIdx.x * blockDim.x + threadIdx.x;
slides/01-coalescing.md|int row = blockIdx.y * blockDim.y + threadIdx.y;
labs/05-swizzle/README.md|template <int B, int M, int S>
labs/05-swizzle/README.md|static constexpr int kSourceBits = ((1 << B) - 1) << (M + S);
labs/06-reorder-reduction/README.md|__device__ float warp_sum(float v) {
labs/06-reorder-reduction/README.md|for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
EOF
# Prints "file:line: text" for every distinctive line in the files of folder $1 that is not
# published there. A translation (X.zh.md) copies its English page's code as it is: what X.md
# publishes, it publishes too.
leaks_in() {
  (cd "$1" && find . -path ./.git -prune -o -path ./build -prune -o -type f -print0 | sed -z 's|^\./||' |
     xargs -0 grep -nHoF -f "$work/distinctive.txt" 2>/dev/null) |
    while IFS= read -r hit; do
      file=${hit%%:*}
      rest=${hit#*:}
      text=${rest#*:}
      case $file in *?.zh.md) page=${file%.zh.md}.md ;; *) page=$file ;; esac
      grep -qxF -- "$page|$text" "$work/published.txt" || printf '%s\n' "$hit"
    done
}
# The check checks itself: one distinctive line planted by hand in a handout must be found.
planted=$work/planted
mkdir -p "$planted/labs/04-padding"
planted_line=$(tail -n 1 "$work/distinctive.txt")
printf 'A handout.\n\n    %s\n' "$planted_line" >"$planted/labs/04-padding/README.md"
found=$(leaks_in "$planted")
expect_contains "the line check finds a solution line planted in a handout" "$found" "labs/04-padding/README.md:3:"
expect_empty "no distinctive line of a solution file is in the copy" "$(leaks_in "$copy")"

# ---- 3. No command that needs the solutions; presets -----------------------------------------
# The copy's text a student reads or runs: Markdown, presets, the workflow, scripts, nav.txt.
# docs/results/ is exempt: it records the course's own verification runs, commands and logs
# included, and its student-copy note says so.
text_files=$(copy_files | grep -E '\.(md|json|yml|sh|txt)$|^checker/tools/[^/]*$' | grep -v '^docs/results/' |
             grep -vE '(^|/)(CMakeLists\.txt|lab\.json|contract\.json)$|^checker/.*/corpus/|^docs/data/')
solution_commands='lab[0-9][0-9]-solution|labNN-solution|all-solution|--preset[= ]ci\b|build/ci/|`ci` preset|verify-labs|bench-harness|time-grading|bench-libraries\.sh [0-9]|\]\([^)]*(solutions/|instructor-guide)'
found=$(cd "$copy" && printf '%s\n' "$text_files" | tr '\n' '\0' | xargs -0 grep -nHE -- "$solution_commands" 2>/dev/null)
expect_empty "no command or link that needs the solutions in the copy's text" "$found"
presets=$(grep -o '"name": "[^"]*"' "$copy/CMakePresets.json" | sort -u | cut -d'"' -f4 | tr '\n' ' ')
case " $presets " in
  *-solution*|*" ci "*|*" instructor "*) fail "the copy's presets build solutions: $presets" ;;
  *" lab04 "*" docs "*|*" docs "*" lab04 "*) say "ok: the copy's presets: $presets" ;;
  *) fail "the copy's presets lack lab04 or docs: $presets" ;;
esac
out=$(cmake -DSOURCE_DIR="$copy" -DCHECK_ONLY=ON -P "$copy/cmake/GeneratePresets.cmake" 2>&1) ||
  fail "the copy's own GeneratePresets.cmake must find its presets up to date" "$out"
grep -q 'instructor-guide' "$copy/docs/nav.txt" && fail "docs/nav.txt of the copy names the instructor guide" || say "ok: nav.txt"

# ---- 4. The copy's site ----------------------------------------------------------------------
# The docs workflow would compile the site tools again (minutes on 2 cores) to run the same
# checks; the course's own memlab-site renders the copy's text instead (same sources).
out=$("$site_tool" site --root "$copy" --out "$work/site" --strict --figures "$figures" 2>&1) ||
  fail "the copy's site renders without a warning (--strict)" "$out"
out=$("$site_tool" check-links --root "$copy" --figures "$figures" 2>&1) || fail "check-links on the copy" "$out"
for check in check-thresholds check-tables check-translations; do
  out=$("$site_tool" $check --root "$copy" 2>&1) || fail "$check on the copy" "$out"
done
expect_contains "check-translations compared the copy's translations" "$out" "pages compared with their English pages"
expect_empty "every translation of the copy has its English page there" \
  "$(copy_files | grep '\.zh\.md$' | while IFS= read -r zh; do [ -f "$copy/${zh%.zh.md}.md" ] || echo "$zh"; done)"
expect_empty "the copy's site links no page that stays out" \
  "$(grep -rnoE '(href|src)="[^"]*(instructor-guide|solutions/)[^"]*"' "$work/site" 2>/dev/null)"

# ---- 5. A student's first run: cmake --preset lab04 && ctest ----------------------------------
cd "$copy" || exit 2
start=$(date +%s)
out=$(cmake --preset lab04 2>&1) || { fail "cmake --preset lab04 in the copy" "$out"; exit 1; }
out=$(ctest 2>&1)
rc=$?
say "cold cmake --preset lab04 && ctest in the copy: $(($(date +%s) - start)) s"
[ $rc -ne 0 ] && say "ok: ctest fails for the starter (exit status $rc)" || fail "ctest of the starter must fail" "$out"
expect_contains "the starter fails its CPU mechanism check" "$out" "[FAIL        ] column_read_conflict_free_model"

# A lab's report: every CPU check graded (pass or fail), every other check skipped without a GPU.
cat >"$work/report_check.cmake" <<'EOF'
cmake_minimum_required(VERSION 3.25)  # quoted strings in if() are strings, not variables
file(READ "${REPORT}" json)
string(JSON n LENGTH "${json}" checks)
math(EXPR last "${n} - 1")
set(cpu_checks 0)
foreach(i RANGE ${last})
  string(JSON id GET "${json}" checks ${i} id)
  string(JSON suite GET "${json}" checks ${i} suite)
  string(JSON verdict GET "${json}" checks ${i} verdict)
  if(suite STREQUAL "cpu")
    math(EXPR cpu_checks "${cpu_checks} + 1")
    if(NOT verdict MATCHES "^(pass|fail)$")
      message(SEND_ERROR "${id}: a CPU check was not graded (${verdict})")
    endif()
  endif()
  message(STATUS "${id} ${suite} ${verdict}")
endforeach()
if(cpu_checks EQUAL 0)
  message(SEND_ERROR "the report has no CPU check")
endif()
EOF
report=$copy/build/lab04/results/lab04.json
if [ -f "$report" ]; then
  out=$(cmake -DREPORT="$report" -P "$work/report_check.cmake" 2>&1) && say "ok: lab04.json grades every CPU check" ||
    fail "lab04.json" "$out"
  expect_contains "lab04.json: the starter fails column_read_conflict_free_model" "$out" "column_read_conflict_free_model cpu fail"
else
  fail "no build/lab04/results/lab04.json in the copy" "$(ls "$copy/build/lab04/results" 2>&1)"
fi

# ---- 6. The Classroom workflow's lab 04 step ---------------------------------------------------
workflow=$copy/.github/workflows/classroom.yml
# The step's `command:` and `max-score:` after its `id: lab04` line (single-quoted YAML scalars).
step_value() {
  awk -v key="$1" '$0 ~ /^ *id: lab04$/ { inside = 1 } inside && $1 == key":" { sub("^ *" key ": *", ""); print; exit }' "$workflow" |
    sed "s/^'\(.*\)'$/\1/; s/''/'/g"
}
command=$(step_value command)
max_score=$(step_value max-score)
say "the workflow's lab 04 step: command '$command', max-score $max_score"
[ -n "$command" ] || fail "classroom.yml has no command for lab 04" "$(cat "$workflow")"
cat >"$work/cpu_points.cmake" <<'EOF'
cmake_minimum_required(VERSION 3.25)
file(READ "${MANIFEST}" json)
string(JSON n LENGTH "${json}" checks)
math(EXPR last "${n} - 1")
set(points 0)
foreach(i RANGE ${last})
  string(JSON suite GET "${json}" checks ${i} suite)
  if(suite STREQUAL "cpu")
    string(JSON p GET "${json}" checks ${i} points)
    math(EXPR points "${points} + ${p}")
  endif()
endforeach()
message("${points}")
EOF
points=$(cmake -DMANIFEST="$copy/labs/04-padding/lab.json" -P "$work/cpu_points.cmake" 2>&1)
[ "$max_score" = "$points" ] && say "ok: max-score $max_score = the CPU points of lab 04's lab.json" ||
  fail "max-score $max_score, but lab 04's CPU checks are worth $points points"

# As the grader runs it: /bin/sh -c COMMAND in the repository root, with PATH and HOME only.
# (And the settings of the course's shared compiler cache, cmake/SharedCompilerCache.cmake, if set,
# with the locale: ccache hashes LANG and LC_*, so without them every compile of this step missed
# the cache that the copy's own build had just filled, 454 s instead of about 70.)
mapfile -t cache_settings < <(env | grep -E '^(CCACHE_[A-Z]+|CMAKE_(C|CXX|CUDA)_COMPILER_LAUNCHER|LANG|LC_[A-Z]+)=')
run_step() { env -i PATH="$PATH" HOME="${HOME:-/tmp}" FORCE_COLOR=true "${cache_settings[@]}" sh -c "$command" 2>&1; }
start=$(date +%s)
out=$(run_step)
rc=$?
say "the Classroom step for lab 04, cold (build/classroom): $(($(date +%s) - start)) s, exit status $rc"
[ $rc -ne 0 ] && say "ok: the step fails for the starter (0 of $max_score points)" || fail "the step must fail for the starter" "$out"
expect_contains "the step ran the CPU checks" "$out" "[FAIL        ] column_read_conflict_free_model"
report=$copy/build/classroom/results/lab04.json
if [ -f "$report" ]; then
  out=$(cmake -DREPORT="$report" -P "$work/report_check.cmake" 2>&1) && say "ok: the step's report grades every CPU check" ||
    fail "the step's lab04.json" "$out"
  # The GPU is hidden: a GPU check is skipped with its reason, never reported as failed.
  expect_contains "the step's report skips the GPU checks" "$out" "exact_transpose correctness skip"
else
  fail "the step wrote no build/classroom/results/lab04.json"
fi

# With the reference solution's files the same step passes: it would give the lab's points.
for f in "$src"/solutions/04-padding/*.cpp "$src"/solutions/04-padding/*.cu; do cp "$f" "$copy/labs/04-padding/"; done
start=$(date +%s)
out=$(run_step)
rc=$?
say "the Classroom step for lab 04 with the solution's files, warm: $(($(date +%s) - start)) s, exit status $rc"
[ $rc -eq 0 ] && say "ok: the step passes with the solution's files ($max_score points)" || fail "the step must pass with the solution's files" "$out"

say "instructor.export_student: $(($(date +%s) - start_all)) s in all"
say "$failures failure(s)"
[ "$failures" -eq 0 ]
