#!/usr/bin/env bash
# Remakes every corpus in datasets/ with the project's own generator; each file's header names its commands.
#
#   bash tools/make_datasets.sh [BUILD_DIR]     (default build; needs BUILD_DIR/tools/gen)
#
# gen's output depends only on its arguments (any thread count, any counting
# solver that finishes within the budget), so rerunning this rewrites the
# same bytes.
set -euo pipefail

cd "$(dirname "$0")/.."
gen="${1:-build}/tools/gen"
out=datasets
[[ -x $gen ]] || { echo "make_datasets: no $gen; build first" >&2; exit 2; }

# corpus NAME DESCRIPTION GEN_ARGS...: one file from one or more gen runs, in order.
corpus() {
  local name=$1 what=$2
  shift 2
  {
    echo "# $name: $what"
    echo "# Made by tools/make_datasets.sh with the project's generator, these runs in order:"
    local args
    for args in "$@"; do echo "#   build/tools/gen $args"; done
    for args in "$@"; do
      # shellcheck disable=SC2086  # each run's arguments are one string
      "$gen" $args
    done
  } >"$out/$name.tmp"
  mv "$out/$name.tmp" "$out/$name"
}

corpus easy.txt "5,000 unique puzzles with 36 to 45 clues: quick for every strategy" \
  "--count 5000 --seed 1 --clues 36..45 --solver dlx"

corpus minimal.txt "2,000 minimal puzzles: unique, and no clue can be removed" \
  "--count 2000 --seed 2 --kind minimal --solver dlx"

corpus regression.txt "3,000 unique puzzles of mixed difficulty, the CI baseline set" \
  "--count 1000 --seed 3 --clues 28..45 --solver dlx" \
  "--count 1500 --seed 4 --kind minimal --solver dlx" \
  "--count 500 --seed 5 --clues 22..23 --solver dlx"

corpus mixed.txt "2,000 unique puzzles from easy to the generator's sparsest (22 clues)" \
  "--count 600 --seed 6 --clues 30..40 --solver dlx" \
  "--count 800 --seed 7 --kind minimal --solver dlx" \
  "--count 600 --seed 8 --clues 22 --solver dlx"

# The edge cases: every line a reader and the engine's accounting must get
# right, each after a comment saying what it is.
edge() {
  local -a unique multiple nosolution invalid
  mapfile -t unique < <("$gen" --count 10 --seed 9 --solver dlx)
  mapfile -t multiple < <("$gen" --count 3 --seed 10 --kind multiple --clues 24..30 --solver dlx)
  mapfile -t nosolution < <("$gen" --count 3 --seed 11 --kind nosolution --clues 24..30 --solver dlx)
  mapfile -t invalid < <("$gen" --count 3 --seed 12 --kind invalid --clues 24..30 --solver dlx)
  local dots81 solved
  dots81=$(printf '.%.0s' {1..81})
  solved=$("$bin_dir/convert" --to test - <<<"${unique[0]}" | cut -d: -f3)
  cat <<HEADER
# edge-cases.txt: one line of each kind a reader must handle, each after a '#' line saying what it is.
# Made by tools/make_datasets.sh from these runs (and the literal lines below):
#   build/tools/gen --count 10 --seed 9 --solver dlx                                        (unique)
#   build/tools/gen --count 3 --seed 10 --kind multiple --clues 24..30 --solver dlx
#   build/tools/gen --count 3 --seed 11 --kind nosolution --clues 24..30 --solver dlx
#   build/tools/gen --count 3 --seed 12 --kind invalid --clues 24..30 --solver dlx
# Expected: 27 content lines: 23 puzzles (11 unique, 4 multiple, 4 no solution,
#           4 invalid givens) and 4 malformed lines; the rest are comments and blanks.
# Line ends: LF, except the one line marked CRLF.

HEADER
  echo "# unique: plain lines"
  printf '%s\n' "${unique[0]}" "${unique[1]}" "${unique[2]}"
  echo "# unique: CRLF line end"
  printf '%s\r\n' "${unique[3]}"
  echo "# unique: trailing spaces and a tab"
  printf '%s   \t\n' "${unique[4]}"
  echo "# unique: a ';' comment after the cells"
  printf '%s;rated 1.2 by somebody\n' "${unique[5]}"
  echo "# unique: the test format puzzle:count:solution"
  printf '%s:1:%s\n' "${unique[0]}" "$solved"
  echo "# unique: whitespace, then a note"
  printf '%s\t#42 from a forum list\n' "${unique[6]}"
  echo "# unique: leading spaces"
  printf '   %s\n' "${unique[7]}"
  echo "# unique: 0 for blanks"
  printf '%s\n' "${unique[8]//./0}"
  echo "# unique: already solved, 81 clues"
  printf '%s\n' "$solved"
  echo
  echo "# multiple solutions (gen --kind multiple), then the empty grid"
  printf '%s\n' "${multiple[@]}" "$dots81"
  echo "# no solution, legal givens (gen --kind nosolution)"
  printf '%s\n' "${nosolution[@]}"
  echo "# no solution, legal givens: r1c9 sees 1-8 in its row and 9 in its box"
  printf '%s\n' "12345678.........9${dots81:0:63}"
  echo "# invalid givens: a repeated digit (gen --kind invalid)"
  printf '%s\n' "${invalid[@]}"
  echo "# invalid givens: 1 twice in row 1"
  printf '%s\n' "11${dots81:0:79}"
  echo
  echo "   "
  echo "# malformed: 80 cells"
  printf '%s\n' "${unique[9]:0:80}"
  echo "# malformed: 82 cells (a stray character glued to the end)"
  printf '%s7\n' "${unique[9]}"
  echo "# malformed: bad character 'x' at column 5"
  printf '%s\n' "${unique[9]:0:4}x${unique[9]:5}"
  echo "# malformed: a Kaggle row in a lines file"
  printf '%s,%s\n' "${unique[0]//./0}" "$solved"
}
bin_dir=$(dirname "$gen")
edge >"$out/edge-cases.tmp"
mv "$out/edge-cases.tmp" "$out/edge-cases.txt"

ls -l "$out"
