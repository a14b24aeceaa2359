#!/usr/bin/env bash
# Measures the engine itself: overhead against a tight loop, parse speed, thread scaling, peak memory.
#
#   bash bench/measure_engine.sh [CORPUS] [STRATEGY]
# CORPUS defaults to ../shared/datasets/17-clue.txt (any 81-character-line
# file works), STRATEGY to bands. Large files go to ${TMPDIR:-/tmp} and are
# removed at the end. Timings on a shared machine are noisy: compare the
# ratios printed here, measured in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/datasets/17-clue.txt}
strategy=${2:-bands}
bench=build/bench/bench
rate=build/bench/micro/corpus_rate
work=$(mktemp -d "${TMPDIR:-/tmp}/measure.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Clean puzzle lines, repeated up to N lines: corpora of any size from one file.
grep -v '^#' "$corpus" | tr -d '\r' | grep -E '^.{81}' | cut -c1-81 > "$work/base.txt"
repeat_to() {  # repeat_to N FILE
  awk -v n="$1" 'BEGIN{c=0} {l[NR]=$0} END{while(c<n){for(i=1;i<=NR&&c<n;i++){print l[i];c++}}}' \
    "$work/base.txt" > "$2"
}
repeat_to 1000 "$work/1k.txt"
repeat_to 500000 "$work/500k.txt"
repeat_to 10000000 "$work/10m.txt"

column() {  # column CSV NAME: the value of NAME in the first data row
  awk -F, -v name="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i} NR==2{print $c}' "$1"
}

echo "== engine overhead: $strategy, limit 2, one thread, $(wc -l < "$work/500k.txt") puzzles"
"$rate" "$work/500k.txt" "$strategy" --limit 2 --min-seconds 3 | tee "$work/rate.txt"
loop_cpu=$(awk -v s="$strategy" '$1==s{print $4}' "$work/rate.txt")
"$bench" -q -t 1 --limit 2 -s "$strategy" --csv "$work/one.csv" "$work/500k.txt"
puzzles=$(column "$work/one.csv" puzzles)
bench_wall=$(column "$work/one.csv" puzzles_per_s)
bench_cpu=$(awk -v p="$puzzles" -v c="$(column "$work/one.csv" pass_cpu_s)" 'BEGIN{printf "%.0f", p/c}')
awk -v l="$loop_cpu" -v w="$bench_wall" -v c="$bench_cpu" 'BEGIN{
  printf "tight loop %.0f/s (CPU time); bench %.0f/s by wall time, %.0f/s by CPU time\n", l, w, c
  printf "bench / tight loop: %.1f%% (CPU), %.1f%% (wall)\n", 100*c/l, 100*w/l }'

echo "== reading and parsing alone (--parse-only), 10,000,000 lines"
"$bench" -t 2 --parse-only "$work/10m.txt" | tail -1

echo "== scaling: $strategy, limit 2"
for t in 1 2; do
  "$bench" -q -t "$t" --limit 2 -s "$strategy" --csv "$work/t$t.csv" "$work/500k.txt"
  echo "threads $t: $(column "$work/t$t.csv" puzzles_per_s) puzzles/s"
done
awk -v a="$(column "$work/t1.csv" puzzles_per_s)" -v b="$(column "$work/t2.csv" puzzles_per_s)" \
  'BEGIN{printf "2 threads / 1 thread: %.2fx\n", b/a}'

echo "== peak RSS, $strategy, 2 threads"
for f in 1k 10m; do
  /usr/bin/time -f "$f: %M KiB peak RSS, %e s" "$bench" -q -t 2 -s "$strategy" "$work/$f.txt"
done
