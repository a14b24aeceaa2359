#!/usr/bin/env bash
# Measures the engine itself: overhead against a tight loop, parse speed, thread scaling, peak memory.
#
#   [LINES=N] [PAIRS=N] [ROUNDS=N] [PARTS="overhead parse scaling ceiling memory"] \
#     bash bench/scripts/measure_engine.sh [CORPUS] [STRATEGY]
# CORPUS defaults to ../shared/datasets/17-clue.txt (any 81-character-line
# file works), STRATEGY to bands. The overhead and scaling runs use the
# corpus repeated to LINES lines (500,000); parse and memory runs use 10M.
# On a hard corpus, measure the overhead alone with fewer lines, e.g.
# LINES=30000 PARTS=overhead. Large files go to ${TMPDIR:-/tmp} and are
# removed at the end. ROUNDS (3) rounds of the scaling runs give medians;
# PARTS=ceiling (not in the default) runs the tight loop alone and two
# copies at once, the machine's own limit to 2-thread scaling. Timings on a shared machine are noisy: compare the
# ratios printed here, measured in one run.
# BENCH and RATE name other binaries (another build) than build/bench/.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-../shared/datasets/17-clue.txt}
strategy=${2:-bands}
bench=${BENCH:-build/bench/bench}
rate=${RATE:-build/bench/micro/corpus_rate}
work=$(mktemp -d "${TMPDIR:-/tmp}/measure.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Clean puzzle lines, repeated up to N lines: corpora of any size from one file.
grep -v '^#' "$corpus" | tr -d '\r' | grep -E '^.{81}' | cut -c1-81 > "$work/base.txt"
repeat_to() {  # repeat_to N FILE
  awk -v n="$1" 'BEGIN{c=0} {l[NR]=$0} END{while(c<n){for(i=1;i<=NR&&c<n;i++){print l[i];c++}}}' \
    "$work/base.txt" > "$2"
}
parts=${PARTS:-overhead parse scaling memory}
wants() { [[ " $parts " == *" $1 "* ]]; }
repeat_to 1000 "$work/1k.txt"
repeat_to "${LINES:-500000}" "$work/lines.txt"
if wants parse || wants memory; then repeat_to 10000000 "$work/10m.txt"; fi

column() {  # column CSV NAME: the value of NAME in the first data row
  awk -F, -v name="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i} NR==2{print $c}' "$1"
}

# Paired runs, tight loop then bench, so both see the same machine weather;
# on a shared machine single runs swing by 20%, so the median of the paired
# ratios and the ratio of the best runs are both printed.
pairs=${PAIRS:-5}
if wants overhead; then
echo "== engine overhead: $strategy, limit 2, one thread, $(wc -l < "$work/lines.txt") puzzles, $pairs pairs"
for i in $(seq "$pairs"); do
  loop=$("$rate" "$work/lines.txt" "$strategy" --limit 2 --min-seconds 1 |
    awk -v s="$strategy" '$1==s{print $4}')
  "$bench" -q -t 1 --limit 2 -s "$strategy" --csv "$work/one.csv" "$work/lines.txt"
  cpu=$(awk -v p="$(column "$work/one.csv" puzzles)" \
    -v c="$(column "$work/one.csv" pass_cpu_s)" 'BEGIN{printf "%.0f", p/c}')
  echo "$loop $cpu" | tee -a "$work/pairs.txt" |
    awk -v i="$i" '{printf "pair %d: tight loop %.0f/s, bench %.0f/s (CPU time): %.1f%%\n", i, $1, $2, 100*$2/$1}'
done
median=$(awk '{print $2/$1}' "$work/pairs.txt" | sort -g |
  awk '{r[NR]=$1} END{printf "%.1f", 100*r[int((NR+1)/2)]}')
best=$(awk '$1>l{l=$1} $2>c{c=$2} END{printf "%.1f", 100*c/l}' "$work/pairs.txt")
echo "bench / tight loop: median of pairs ${median}%, best against best ${best}%"
fi

if wants parse; then
echo "== reading and parsing alone (--parse-only), 10,000,000 lines"
"$bench" -t 2 --parse-only "$work/10m.txt" | tail -1
fi

if wants scaling; then
rounds=${ROUNDS:-3}
echo "== scaling: $strategy, limit 2, $rounds rounds of 1 then 2 threads"
# Puzzles per CPU second beside the wall rate: if 2 threads spend more CPU
# per puzzle than 1, the loss is work (cache lines moving between cores,
# spinning); if not, it is waiting (a serial stage, or other processes).
for round in $(seq "$rounds"); do
  for t in 1 2; do
    "$bench" -q -t "$t" --limit 2 -s "$strategy" --csv "$work/t$t.csv" "$work/lines.txt"
    wall=$(column "$work/t$t.csv" puzzles_per_s)
    cpu=$(awk -v p="$(column "$work/t$t.csv" puzzles)" \
      -v c="$(column "$work/t$t.csv" pass_cpu_s)" 'BEGIN{printf "%.0f", p/c}')
    echo "round $round, threads $t: $wall puzzles/s, $cpu per CPU second"
    echo "$wall $cpu" > "$work/r$t"
  done
  paste "$work/r1" "$work/r2" >> "$work/scaling.txt"
done
median_of() { sort -g | awk '{v[NR]=$1} END{printf "%.3f", v[int((NR+1)/2)]}'; }
echo "2 threads / 1 thread: median $(awk '{print $3/$1}' "$work/scaling.txt" | median_of)x" \
  "(wall), puzzles per CPU second $(awk '{print $4/$2}' "$work/scaling.txt" | median_of)x"
fi

if wants ceiling; then
echo "== the machine's own ceiling: $strategy in corpus_rate alone, then two copies at once, ${ROUNDS:-3} rounds"
# Two tight loops share nothing but the machine (caches, memory, clocks):
# what each loses against one alone, no engine can win back at 2 threads.
for round in $(seq "${ROUNDS:-3}"); do
  alone=$("$rate" "$work/lines.txt" "$strategy" --limit 2 --min-seconds 2 |
    awk -v s="$strategy" '$1==s{print $4}')
  "$rate" "$work/lines.txt" "$strategy" --limit 2 --min-seconds 2 > "$work/pa" &
  "$rate" "$work/lines.txt" "$strategy" --limit 2 --min-seconds 2 > "$work/pb"
  wait
  pair=$(cat "$work/pa" "$work/pb" | awk -v s="$strategy" '$1==s{t+=$4; n++} END{printf "%.0f", t/n}')
  echo "round $round: alone $alone/s, each of two at once $pair/s (per CPU second): $(awk \
    -v a="$alone" -v p="$pair" 'BEGIN{printf "%.3f", p/a}')"
done
fi

if wants memory; then
echo "== peak RSS, $strategy, 2 threads"
for f in 1k 10m; do
  /usr/bin/time -f "$f: %M KiB peak RSS, %e s" "$bench" -q -t 2 -s "$strategy" "$work/$f.txt"
done
fi
