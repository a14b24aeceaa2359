#!/usr/bin/env bash
# Measures the fast strategies per CPU second, one thread, through bench and in a tight loop, beside an anchor solver.
#
#   [ROUNDS=3] [LIMITS="2 1"] [STRATEGIES="bands triads"] [ANCHOR=CMD] \
#     [MIN_LINES=100000] bash bench/scripts/measure_fast.sh [CORPUS...]
# CORPUS defaults to the five public corpora of issue 15 in ../shared/datasets.
# A corpus of fewer than MIN_LINES lines goes through `bench` repeated up to
# that many (0: never), so that its pass is long enough for the start-up and
# first calls not to weigh on the engine share; the tight loop and the anchor
# repeat it themselves for a second or more.
# For every corpus and limit, ROUNDS interleaved rounds run, in each: every
# strategy through `bench -t 1 --limit L` (its rate is puzzles over the pass's
# CPU seconds: reading, hashing, verification and per-puzzle timing included),
# the same strategy alone in corpus_rate's tight loop (thread CPU seconds),
# and ANCHOR if given: a command called as `CMD FILE LIMIT` that prints
# "N puzzles/s" (for instance a harness around another solver, built outside
# this project). Medians of the rounds are printed as a Markdown table with
# each strategy's engine share (bench over tight loop) and its ratio to the
# anchor. The ratios are the medians of each round's own ratio, whose
# runs follow each other within seconds, so that the host drifting from one
# round to the next cancels; the ratio to the anchor is followed by its range
# over the rounds. Timings on a shared machine are noisy: read ratios from one
# run.
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=build/bench/bench
rate=build/bench/micro/corpus_rate
rounds=${ROUNDS:-3}
limits=${LIMITS:-2 1}
read -r -a strategies <<< "${STRATEGIES:-bands triads}"
if (($# == 0)); then
  set -- ../shared/datasets/{17-clue,top1465,forum-hardest-1905-11plus,forum-hardest-1106,serg-benchmark}.txt
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/measure_fast.XXXXXX")
trap 'rm -rf "$work"' EXIT

column() {  # column CSV NAME: the value of NAME in the first data row
  awk -F, -v name="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i} NR==2{print $c}' "$1"
}
median() { sort -g | awk '{v[NR]=$1} END{print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
through_bench() {  # through_bench FILE LIMIT STRATEGY: puzzles per pass CPU second, nodes/puzzle
  "$bench" -q -t 1 --limit "$2" -s "$3" --progress never --csv "$work/r.csv" "$1" > /dev/null
  awk -v p="$(column "$work/r.csv" puzzles)" -v c="$(column "$work/r.csv" pass_cpu_s)" \
    -v n="$(column "$work/r.csv" nodes_mean)" 'BEGIN{printf "%.0f %.2f\n", p/c, n}'
}
tight_loop() {  # tight_loop FILE LIMIT STRATEGY: puzzles per thread CPU second
  "$rate" "$1" "$3" --limit "$2" | awk -v s="$3" '$1==s{print $4}'
}
anchor() {  # anchor FILE LIMIT: the anchor's puzzles/s
  $ANCHOR "$1" "$2" | grep -oE '[0-9.]+ puzzles/s' | head -1 | cut -d' ' -f1
}

header="| corpus | limit |"
rule="|---|---|"
[[ -n "${ANCHOR:-}" ]] && header+=" anchor |" && rule+="---|"
for s in "${strategies[@]}"; do
  header+=" \`$s\` bench | tight loop | engine share | nodes |"
  rule+="---|---|---|---|"
  [[ -n "${ANCHOR:-}" ]] && header+=" / anchor |" && rule+="---|"
done
echo "$header"
echo "$rule"
bench_input() {  # bench_input FILE: FILE, or a copy repeated up to MIN_LINES lines
  local lines min=${MIN_LINES:-100000}
  lines=$(wc -l < "$1")
  if ((lines == 0 || lines >= min)); then echo "$1"; return; fi
  local copy="$work/$(basename "$1")"
  for ((n = 0; n < min; n += lines)); do cat "$1"; done > "$copy"
  echo "$copy"
}
for file in "$@"; do
  bench_file=$(bench_input "$file")
  for limit in $limits; do
    : > "$work/anchor"
    for s in "${strategies[@]}"; do : > "$work/bench.$s"; : > "$work/loop.$s"; done
    for ((round = 0; round < rounds; ++round)); do
      [[ -n "${ANCHOR:-}" ]] && anchor "$file" "$limit" >> "$work/anchor"
      for s in "${strategies[@]}"; do
        through_bench "$bench_file" "$limit" "$s" >> "$work/bench.$s"
        tight_loop "$file" "$limit" "$s" >> "$work/loop.$s"
      done
    done
    line="| $(basename "$file" .txt) | $limit |"
    if [[ -n "${ANCHOR:-}" ]]; then
      anchor_rate=$(median < "$work/anchor")
      line+=" $anchor_rate |"
    fi
    for s in "${strategies[@]}"; do
      b=$(cut -d' ' -f1 "$work/bench.$s" | median)
      nodes=$(cut -d' ' -f2 "$work/bench.$s" | head -1)
      l=$(median < "$work/loop.$s")
      # Each round's bench rate over the same round's tight loop (anchor).
      share=$(paste -d' ' "$work/bench.$s" "$work/loop.$s" |
        awk '{print $1/$3}' | median | awk '{printf "%.1f%%", 100*(1-$1)}')
      line+=" $b | $l | $share | $nodes |"
      if [[ -n "${ANCHOR:-}" ]]; then
        paste -d' ' "$work/bench.$s" "$work/anchor" | awk '{print $1/$3}' > "$work/ratios"
        line+=" $(median < "$work/ratios" | awk '{printf "%.2f", $1}')"
        line+=" ($(sort -g "$work/ratios" | awk 'NR==1{lo=$1} {hi=$1} END{printf "%.2f-%.2f", lo, hi}')) |"
      fi
    done
    echo "$line"
  done
done
