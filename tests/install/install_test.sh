#!/usr/bin/env bash
# The installed package, used the way a solver's CI uses it: install into a temporary prefix (manual pages included), build the C example plugin out of tree with find_package (two optimisation levels) and with pkg-config, run the installed bench on a shipped dataset, and compare the builds' reports.
#
#   bash tests/install/install_test.sh BUILD_DIR [CMAKE]
#
# Everything it makes is under one mktemp directory, removed at the end. The
# one file `cmake --install` writes elsewhere, BUILD_DIR/install_manifest.txt,
# is put back as it was.
set -euo pipefail

build_dir=$(cd "$1" && pwd)
cmake=${2:-cmake}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-bench-install.XXXXXX")
manifest=$build_dir/install_manifest.txt
[[ -e $manifest ]] && cp -p "$manifest" "$work/manifest.before"
cleanup() {
  if [[ -e $work/manifest.before ]]; then
    cp -p "$work/manifest.before" "$manifest"
  else
    rm -f "$manifest"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "install_test: $*" >&2
  exit 1
}
# run LOG COMMAND...: quiet unless it fails, then its output is shown.
run() {
  local log=$work/$1.log status=0
  shift
  "$@" >"$log" 2>&1 || status=$?
  if ((status != 0)); then
    cat "$log" >&2
    fail "exit code $status from: $*"
  fi
}

# 1. Install, and check that every promised file is there.
prefix=$work/prefix
run install "$cmake" --install "$build_dir" --prefix "$prefix"
for file in bin/bench bin/gen bin/shuffle bin/convert bin/corpus \
  include/sudoku-bench/sudoku_strategy_abi.h \
  share/sudoku-bench/datasets/mixed.txt share/sudoku-bench/examples/example_c.c; do
  [[ -e $prefix/$file ]] || fail "not installed: $file"
done
# The manual pages: installed, rendered (man, else groff, else the roff
# itself), and naming every long option the program's --help names.
for program in bench gen shuffle convert corpus; do
  page=$prefix/share/man/man1/$program.1
  [[ -s $page ]] || fail "not installed or empty: share/man/man1/$program.1"
  if command -v man >/dev/null; then
    text=$(MANWIDTH=200 man -l "$page" 2>"$work/man.log" | col -b)
  elif command -v groff >/dev/null; then
    text=$(groff -man -Tascii -P-cbou "$page" 2>"$work/man.log")
  else
    text=$(sed 's/\\-/-/g' "$page")
  fi
  [[ $text == *"$program"* ]] || { cat "$work/man.log" >&2; fail "$program.1 renders as nothing"; }
  help=$("$prefix/bin/$program" --help-all 2>/dev/null || "$prefix/bin/$program" --help)
  for option in $(grep -o -- '--[a-z][a-z-]*' <<<"$help" | sort -u); do
    grep -q -- "$option" <<<"$text" || fail "$program.1 does not name $option"
  done
done
# docs/plugins.md's table of what is installed names every program and page.
install_table=$(sed -n '/^## Install, for other projects/,/^The package version/p' \
  "$here/../../docs/plugins.md")
for file in "$prefix"/bin/* "$prefix"/share/man/man1/*; do
  name=${file#"$prefix"/}
  [[ $name == share/man/man1/* ]] && [[ $install_table != *"share/man/man1/"* ]] &&
    fail "docs/plugins.md's install table lacks the manual pages"
  [[ $install_table == *"\`$name\`"* || $install_table == *"\`${name##*/}\`"* ]] ||
    fail "docs/plugins.md's install table lacks $name"
done
package=$(find "$prefix" -name sudoku-benchConfig.cmake)
pc=$(find "$prefix" -name sudoku-bench.pc)
[[ -n $package && -n $pc ]] || fail "no CMake package or no pkg-config file installed"
example=$prefix/share/sudoku-bench/examples/example_c.c

# 2. The plugin built out of tree by a project that only says
# find_package(sudoku-bench) and sudoku_bench_add_plugin(...): once with
# CMake's Release flags (-O3) and once with Debug's (-O0).
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
build_consumer() {
  run "configure-$1" "$cmake" -S "$here/consumer" -B "$work/$1" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE="$1" -DCMAKE_PREFIX_PATH="$prefix" -DEXAMPLE_SOURCE="$example"
  run "build-$1" "$cmake" --build "$work/$1"
}
build_consumer Release
build_consumer Debug
# The package's own targets name the programs and data (consumer/CMakeLists.txt).
{ read -r bench; read -r release_plugin; read -r datasets; } <"$work/Release/bench-command.txt"
{ read -r _; read -r debug_plugin; } <"$work/Debug/bench-command.txt"
[[ $bench == "$prefix/bin/bench" ]] || fail "sudoku-bench::bench is $bench"
dataset=$datasets/mixed.txt
[[ -f $dataset ]] || fail "SUDOKU_BENCH_DATASETS_DIR has no mixed.txt: $datasets"

# 3. The installed bench on a shipped dataset, three rounds each, so that
# compare has a noise estimate and gives a timing verdict.
bench_run() {  # LOG PLUGIN CSV [options]
  local log=$1 plugin=$2 csv=$3
  shift 3
  run "$log" "$bench" -q --progress never --plugin "$plugin" -s example-c \
    --limit 2 --max-nodes 20000 -t 2 --csv "$csv" "$@" "$dataset"
}
bench_run bench-release "$release_plugin" "$work/release.csv" --repeat 3
bench_run bench-debug "$debug_plugin" "$work/debug.csv" --repeat 3

# 4. compare: the same nodes and outcomes (nothing changed or missing), and a
# timing verdict; exit 1 only when that verdict is "slower".
set +e
"$bench" compare --json "$work/compare.json" "$work/release.csv" "$work/debug.csv" \
  >"$work/compare.log" 2>&1
code=$?
set -e
summary=$(grep '"summary"' "$work/compare.json") || fail "no summary in compare's JSON"
row_verdict=$(grep -o '"verdict": "[a-z]*"' "$work/compare.json" | tail -n 1)
check_summary() {
  [[ $summary == *"$1"* ]] || { cat "$work/compare.log" >&2; fail "compare: expected $1 in $summary"; }
}
check_summary '"changed": 0,'
check_summary '"missing": 0,'
check_summary '"new": 0}'
grep -q '"changed": \[\]' "$work/compare.json" || fail "compare lists changed fields"
grep -q '"gated": true' "$work/compare.json" || fail "compare gave no timing verdict"
case $code:$row_verdict in
  '0:"verdict": "same"' | '1:"verdict": "slower"') ;;
  *) cat "$work/compare.log" >&2; fail "compare exit $code with row $row_verdict" ;;
esac

# 5. The same pair through `bench --ab`, in one process: the two builds under
# two labels search identically, and a throughput ratio with its interval is
# printed (small batches, so that 2,000 lines make enough of them). No bound
# on the ratio: that would be a timed test.
run ab "$bench" -q --progress never --plugin release="$release_plugin" \
  --plugin debug="$debug_plugin" --ab release:example-c,debug:example-c \
  --limit 2 --max-nodes 20000 -t 2 --batch 64 "$dataset"
ab_line=$(grep '^ab: debug:example-c / release:example-c' "$work/ab.log") ||
  fail "--ab printed no ratio line"
[[ $ab_line == *"x throughput (95% CI "*"searches identical"* ]] ||
  fail "--ab: $ab_line"

# 6. pkg-config: the plain compiler line a Makefile would use, and the bench
# the .pc file names. Same search as the CMake build: compare passes exactly.
export PKG_CONFIG_PATH=${pc%/*}
cflags=$(pkg-config --cflags sudoku-bench)
pc_bench=$(pkg-config --variable=bench sudoku-bench)
[[ $pc_bench -ef $bench ]] || fail "pkg-config's bench is $pc_bench, not $bench"
mkdir "$work/pc"
# shellcheck disable=SC2086  # the flags are words
run cc-pkg-config cc -shared -fPIC -O2 $cflags "$example" -o "$work/pc/libexample_c.so"
bench_run bench-pkg-config "$work/pc/libexample_c.so" "$work/pkg-config.csv"
run compare-pkg-config "$pc_bench" compare --no-timing-gate "$work/release.csv" \
  "$work/pkg-config.csv"

# 7. The CI recipes of docs/plugins.md and docs/ci.md, as scripts in a
# user's folder against this prefix: they fail a changed search and keep the
# baseline.
bash "$here/ci_recipes_test.sh" "$prefix" "$work"

echo "install_test: installed package, manual pages, plugin builds (Release, Debug, pkg-config), compare, --ab and the CI recipes: ok"
