#!/usr/bin/env bash
# The CI recipes of docs/plugins.md and docs/ci.md (the blocks marked <!-- ci-recipe -->), run as a solver's CI runs them: as scripts in a folder outside this repository, against an installed prefix, with a small C solver (ci_recipes/my_solver.c). An unchanged solver must pass; a changed search must fail the script and leave the baseline as it was.
#
#   bash tests/install/ci_recipes_test.sh PREFIX WORK    (install_test.sh calls it with its prefix)
set -euo pipefail

prefix=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
docs=$here/../../docs
fail() {
  echo "ci_recipes_test: $*" >&2
  exit 1
}

# recipe FILE: the shell block after the page's <!-- ci-recipe --> line.
recipe() {
  awk '/^<!-- ci-recipe -->$/ { marked = 1; next }
       marked && /^```sh$/ { inside = 1; next }
       inside && /^```$/ { exit }
       inside { print }' "$1"
}

# A user's folder: the installed prefix as sb-prefix, the solver's source,
# the recipe as ci/gate.sh.
setup() {  # NAME PAGE
  local folder=$work/user-$1
  mkdir -p "$folder/build" "$folder/ci"
  ln -s "$prefix" "$folder/sb-prefix"
  cp "$here/ci_recipes/my_solver.c" "$folder/my_solver.c"
  recipe "$docs/$2" >"$folder/ci/gate.sh"
  [[ -s $folder/ci/gate.sh ]] || fail "docs/$2 has no <!-- ci-recipe --> block"
  echo "$folder"
}
# build FOLDER REVERSED: the solver as the CMake build of plugins.md's recipe
# would leave it (build/libmy_solver.so); the ci.md recipe compiles its own.
build() {
  sed -i "s/^#define MY_SOLVER_REVERSED [01]$/#define MY_SOLVER_REVERSED $2/" "$1/my_solver.c"
  grep -q "^#define MY_SOLVER_REVERSED $2$" "$1/my_solver.c" || fail "cannot set the solver's order"
  cc -shared -fPIC -O2 -I"$prefix/include/sudoku-bench" "$1/my_solver.c" \
    -o "$1/build/libmy_solver.so"
}
# gate FOLDER LOG: the recipe's exit code.
gate() {
  local status=0
  (cd "$1" && PATH="$prefix/bin:$PATH" sh ci/gate.sh) >"$1/$2.log" 2>&1 || status=$?
  echo "$status"
}
expect() {  # FOLDER LOG WANTED
  local got
  got=$(gate "$1" "$2")
  [[ $got == "$3" ]] || { cat "$1/$2.log" >&2; fail "${1##*/} $2: exit $got, not $3"; }
}

# plugins.md: the last good report is the next baseline.
plugins=$(setup plugins plugins.md)
build "$plugins" 0
expect "$plugins" first 0
[[ -f $plugins/previous.csv ]] || fail "plugins.md's recipe kept no baseline"
# The gate says how many answers it held to the counts: with the recipe's
# budget, nearly all of regression.txt's (issue 44: 2,000 nodes checked 26%).
grep -q "my-solver: 2,893 of 3,000 answers checked against the file's counts; 107 over the node budget, unchecked$" \
  "$plugins/first.log" || { cat "$plugins/first.log" >&2; fail "the gate does not say how many answers it checked"; }
expect "$plugins" unchanged 0
cp "$plugins/previous.csv" "$work/previous.kept"
build "$plugins" 1
expect "$plugins" changed 1
cmp -s "$plugins/previous.csv" "$work/previous.kept" || fail "plugins.md's recipe moved the baseline on a FAIL"
grep -q 'bless a new baseline: cp current.csv previous.csv$' "$plugins/changed.log" ||
  { cat "$plugins/changed.log" >&2; fail "the FAIL does not print how to bless in the user's files"; }
grep -q '\.ci/regression' "$plugins/changed.log" && fail "the FAIL names this repository's script"

# ci.md: a committed baseline, blessed by hand; no CMake.
ci=$(setup ci ci.md)
expect "$ci" first 2  # no baseline yet: compare refuses
cp "$ci/current.csv" "$ci/ci/baseline.csv"
cp "$ci/current.csv" "$work/baseline.kept"
expect "$ci" unchanged 0
build "$ci" 1  # the recipe rebuilds from the changed source
expect "$ci" changed 1
cmp -s "$ci/ci/baseline.csv" "$work/baseline.kept" || fail "ci.md's recipe moved the baseline"
grep -q 'cp current.csv ci/baseline.csv$' "$ci/changed.log" ||
  { cat "$ci/changed.log" >&2; fail "ci.md's FAIL does not print how to bless"; }
echo "ci_recipes_test: plugins.md's and ci.md's CI recipes pass an unchanged solver and fail a changed search, baseline kept: ok"
