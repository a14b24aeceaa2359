#!/usr/bin/env bash
# Records a real throughput series for the history's tests, like tests/data/history-toy-step4-*.csv.
#
#   [COMMITS=36] [STEP_AT=21] [STEP_PCT=4] [LINES=1000] [THREADS=2] \
#       bash bench/scripts/record_history_series.sh [OUT.csv]
# Builds a scratch git repository of tests/bench/bisect/toy_solver.c (as
# tests/bench/bisect/ does) with COMMITS commits; from commit STEP_AT on, the
# plugin spins for STEP_PCT% of each solve's own time (TOY_SLOWDOWN_PCT): the
# same search, that much more work. Each commit is built, run with --repeat 3
# over the first LINES lines of datasets/mixed.txt, recorded with bench history
# add and checked with bench history check, as a CI job would, on whatever
# load the machine has. OUT gets one line per commit: the load average, the
# report's timing columns (wall and CPU) and the CPU-time throughput the
# history derives from them; the check's verdicts go to standard error.
# Needs build/bench/bench and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=${1:-$root/tests/data/history-toy-step4-new.csv}
commits=${COMMITS:-36}
step_at=${STEP_AT:-21}
step_pct=${STEP_PCT:-4}
lines=${LINES:-1000}
threads=${THREADS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/record_history.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A copy, so that a rebuild meanwhile does not change the program mid-series.
bench=$work/bench
cp "$root/build/bench/bench" "$bench"
# Git reads no configuration but the repository's.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

head -n "$lines" datasets/mixed.txt >"$work/corpus.txt"
repo=$work/repo
mkdir "$repo"
cp tests/bench/bisect/toy_solver.c strategies/sudoku_strategy_abi.h "$repo/"
cd "$repo"
git init -q -b main
echo libtoy.so >.gitignore

column() {  # column CSV NAME: the value of NAME in the first data row
  awk -F, -v name="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i} NR==2{print $c}' "$1"
}
{
  echo "# bench/scripts/record_history_series.sh: toy_solver.c over $commits commits, $step_pct% slower"
  echo "# from commit $step_at on; $lines lines of datasets/mixed.txt, --repeat 3, $threads threads;"
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
  echo "commit,step_pct,load1,puzzles,wall_s,pass_wall_s,pass_cpu_s,puzzles_per_s,puzzles_per_s_min,puzzles_per_s_max,cpu_puzzles_per_s"
} >"$out.part"
for ((n = 1; n <= commits; n++)); do
  pct=$((n >= step_at ? step_pct : 0))
  printf '/* revision %d */\n#define TOY_DESCENDING 0\n#define TOY_SLOWDOWN_PCT %d\n' \
    "$n" "$pct" >toy_config.h
  git add -A
  git -c user.name=record -c user.email=record@example.com commit -q -m "revision $n"
  cc -std=c99 -O2 -shared -fPIC -I. toy_solver.c -o libtoy.so
  label=$(printf 'c%02d' "$n")
  report=$work/$label.csv
  load=$(cut -d' ' -f1 /proc/loadavg)
  "$bench" -q --progress never -t "$threads" --plugin ./libtoy.so -s toy --repeat 3 \
    --csv "$report" "$work/corpus.txt"
  "$bench" history add "$report" --commit "$label" --db "$work/history.sqlite" >/dev/null
  verdict=$("$bench" history check --db "$work/history.sqlite" | tail -1 || true)
  echo "$label (${pct}%, load $load): $verdict" >&2
  fields=()
  for name in puzzles wall_s pass_wall_s pass_cpu_s puzzles_per_s puzzles_per_s_min puzzles_per_s_max; do
    fields+=("$(column "$report" "$name")")
  done
  # Puzzles per CPU-second of this row's share of the pass (bench history's
  # measure): puzzles / (pass_cpu_s * wall_s / pass_wall_s).
  cpu=$(awk -v p="${fields[0]}" -v w="${fields[1]}" -v pw="${fields[2]}" -v pc="${fields[3]}" \
    'BEGIN{printf "%.1f", p / (pc * w / pw)}')
  (IFS=,; echo "$label,$pct,$load,${fields[*]},$cpu") >>"$out.part"
done
mv "$out.part" "$out"
echo "wrote $out" >&2
