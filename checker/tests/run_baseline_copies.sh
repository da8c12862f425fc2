#!/bin/sh
# The checkers' yardsticks are the starters' kernels: each labs/NN-*/check_baseline.cu keeps a
# copy of its lab's starter code, because the student edits the starter file. This test holds
# every copy to its starter, so that a measured baseline is the starter's kernel.
#   run_baseline_copies.sh LABS_DIR
# A check_baseline.cu names its starter file and the renames it may make, in comment lines:
#   // baseline-copy: source transpose.cu
#   // baseline-copy: rename transpose_tiled conflicting_tile_transpose
# Both files mark the copied lines with a pair of comment lines (text after NAME is ignored):
#   // baseline-copy: begin NAME
#   // baseline-copy: end NAME
# For each NAME, the baseline's lines must be the starter's lines word for word, once every
# identifier named by a rename is replaced (whole identifiers only, comments included). Only the
# layout may differ: a rename changes a line's length, so clang-format may break it elsewhere. Both
# files must mark the same names, each once, in the same order. Exit status 0 when every copy
# holds; 1, with a diff, when one does not.
set -u
labs_dir=${1:?usage: run_baseline_copies.sh LABS_DIR}
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
failures=0
checked=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The marker lines of a file, as "begin NAME" / "end NAME", in order.
markers() {
  sed -n -e 's|^[[:space:]]*// baseline-copy: begin \([A-Za-z0-9_-]*\).*|begin \1|p' \
         -e 's|^[[:space:]]*// baseline-copy: end \([A-Za-z0-9_-]*\).*|end \1|p' "$1"
}

# Fails unless the markers of $1 pair up: begin X, end X, begin Y, end Y, each name once.
# Prints the names in order.
marked_names() {
  markers "$1" | awk -v file="$1" '
    { if ($1 == "begin") { if (open != "") { print file ": begin " $2 " inside " open > "/dev/stderr"; bad = 1 }
                           if ($2 in seen) { print file ": " $2 " is marked twice" > "/dev/stderr"; bad = 1 }
                           seen[$2] = 1; open = $2; names = names " " $2 }
      else { if (open != $2) { print file ": end " $2 " without its begin" > "/dev/stderr"; bad = 1 }
             open = "" } }
    END { if (open != "") { print file ": begin " open " has no end" > "/dev/stderr"; bad = 1 }
          print names; exit bad }'
}

# The lines strictly between the markers of region $2 in file $1.
region() {
  awk -v name="$2" '
    $0 ~ "^[[:space:]]*// baseline-copy: end " name "([[:space:]]|$)" { inside = 0 }
    inside { print }
    $0 ~ "^[[:space:]]*// baseline-copy: begin " name "([[:space:]]|$)" { inside = 1 }' "$1"
}

# Standard input with every identifier of the map ("from=to from=to ...") replaced, whole
# identifiers only.
renamed() {
  awk -v map="$1" '
    BEGIN { n = split(map, pairs, " "); for (i = 1; i <= n; i++) { split(pairs[i], kv, "="); to[kv[1]] = kv[2] } }
    { out = ""; s = $0
      while (match(s, /[A-Za-z_][A-Za-z0-9_]*/)) {
        id = substr(s, RSTART, RLENGTH)
        out = out substr(s, 1, RSTART - 1) ((id in to) ? to[id] : id)
        s = substr(s, RSTART + RLENGTH)
      }
      print out s }'
}

for baseline in "$labs_dir"/[0-9][0-9]-*/check_baseline.cu; do
  [ -f "$baseline" ] || continue
  lab=$(basename "$(dirname "$baseline")")
  source_name=$(sed -n 's|^// baseline-copy: source \([^[:space:]]*\).*|\1|p' "$baseline")
  if [ -z "$source_name" ] || [ "$(echo "$source_name" | wc -l)" -ne 1 ]; then
    fail "$lab/check_baseline.cu names no starter file (one line '// baseline-copy: source FILE')"
    continue
  fi
  starter="$(dirname "$baseline")/$source_name"
  [ -f "$starter" ] || { fail "$lab: the starter file $source_name does not exist"; continue; }
  map=$(sed -n 's|^// baseline-copy: rename \([A-Za-z_][A-Za-z0-9_]*\) \([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*$|\1=\2|p' \
        "$baseline" | tr '\n' ' ')
  names_b=$(marked_names "$baseline") || { fail "$lab/check_baseline.cu: its markers do not pair up"; continue; }
  names_s=$(marked_names "$starter") || { fail "$lab/$source_name: its markers do not pair up"; continue; }
  if [ -z "$names_b" ] || [ "$names_b" = " " ]; then
    fail "$lab/check_baseline.cu marks no copied lines"
    continue
  fi
  [ "$names_b" = "$names_s" ] ||
    fail "$lab: check_baseline.cu marks${names_b}, $source_name marks${names_s:- nothing}"
  for name in $names_b; do
    # One word per line: the comparison ignores where clang-format breaks the lines.
    region "$starter" "$name" | renamed "$map" | tr -s '[:space:]' '\n' >"$work/expected"
    region "$baseline" "$name" | tr -s '[:space:]' '\n' >"$work/copy"
    checked=$((checked + 1))
    if [ ! -s "$work/expected" ]; then
      fail "$lab: region $name of $source_name is empty"
    elif ! cmp -s "$work/expected" "$work/copy"; then
      fail "$lab: region $name of check_baseline.cu is not $source_name's (renames: ${map:-none}); diff of their words, starter first:
$(diff "$work/expected" "$work/copy")"
    fi
  done
done
if [ "$checked" -eq 0 ]; then
  echo "FAIL: no check_baseline.cu with a marked copy in $labs_dir" >&2
  exit 1
fi
if [ "$failures" -gt 0 ]; then
  echo "$failures problem(s) in the starters' copies" >&2
  exit 1
fi
echo "$checked copied region(s) of the starters' code are the starters' own, word for word after the renames"
