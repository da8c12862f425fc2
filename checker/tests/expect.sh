# The assertions of the course's shell tests (run_student_loop.sh, run_new_lab_scaffold.sh,
# instructor/run_export_student.sh), sourced by each. A failure is counted in $failures and printed
# with the tail of the output it judged; the test ends with its own count.
failures=0

say() { printf '%s\n' "$*"; }
fail() {
  say "FAIL: $1"
  [ -n "${2:-}" ] && say "---- output ----" && say "$2" | tail -n 60 && say "----------------"
  failures=$((failures + 1))
}
expect_contains() {  # name, output, text
  case $2 in *"$3"*) say "ok: $1" ;; *) fail "$1: the output lacks \"$3\"" "$2" ;; esac
}
