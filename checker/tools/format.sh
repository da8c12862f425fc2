#!/bin/sh
# The course's C++ and CUDA sources in the style of .clang-format (clang-format 14, Debian's):
#   checker/tools/format.sh           reformat every tracked .cpp .h .hpp .cu .cuh file in place
#   checker/tools/format.sh --check   list the files that differ; exit status 1 if any does
# The test course.format runs the check. CLANG_FORMAT names another clang-format (e.g.
# clang-format-14); another major version may format some lines differently from CI's.
# Files come from `git ls-files` in a git checkout, else from every such file outside build/.
set -u
cd "$(dirname "$0")/../.." || exit 2

mode=fix
case ${1:-} in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: checker/tools/format.sh [--check]" >&2; exit 2 ;;
esac

clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "FAIL: $clang_format not found: install it (Debian: apt-get install clang-format), or set CLANG_FORMAT" >&2
  exit 1
fi
[ -f .clang-format ] || { echo "FAIL: no .clang-format at $(pwd)" >&2; exit 1; }

list=$(mktemp) || exit 2
out=$(mktemp) || exit 2
trap 'rm -f "$list" "$out"' EXIT
if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Tracked files that exist (a file deleted but not yet committed is left out).
  git ls-files -- '*.cpp' '*.h' '*.hpp' '*.cu' '*.cuh' | while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done >"$list"
else
  find . \( -path ./build -o -path ./.git -o -path ./.deps \) -prune -o -type f \
    \( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name '*.cu' -o -name '*.cuh' \) -print |
    sed 's|^\./||' | sort >"$list"
fi
count=$(wc -l <"$list")

if [ "$mode" = fix ]; then
  tr '\n' '\0' <"$list" | xargs -0 -r "$clang_format" -i --style=file || exit 1
  echo "formatted $count files with $("$clang_format" --version)"
  exit 0
fi

# --dry-run -Werror: one "FILE:LINE:COL: error: code should be clang-formatted" per difference.
tr '\n' '\0' <"$list" | xargs -0 -r "$clang_format" --dry-run -Werror --ferror-limit=1 --style=file >"$out" 2>&1
status=$?
differ=$(sed -n 's/^\(.*\):[0-9][0-9]*:[0-9][0-9]*: error: code should be clang-formatted.*/\1/p' "$out" | sort -u)
if [ -n "$differ" ]; then
  n=$(printf '%s\n' "$differ" | wc -l)
  printf '%s\n' "$differ"
  echo "FAIL: $n of $count files differ from .clang-format ($("$clang_format" --version)); fix them with: checker/tools/format.sh" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  head -20 "$out" >&2
  echo "FAIL: $clang_format could not check the files (exit status $status)" >&2
  exit 1
fi
echo "ok: $count files match .clang-format ($("$clang_format" --version))"
