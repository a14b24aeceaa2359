#!/usr/bin/env bash
# Measures how small a slowdown bench --ab detects, against bench compare with a stored baseline.
#
#   [REPS=5] [THREADS=2] [BATCH=N] bash bench/scripts/measure_ab.sh [CORPUS]
# CORPUS defaults to ../shared/datasets/17-clue.txt (beside the checkout),
# else datasets/easy.txt. Needs the build's plugins: bands_plugin and its
# deliberately slower copies bands_plugin_slow3 and _slow10 (a spin of 3% and
# 10% of each solve's own time). Each slowdown (0%: a copy of the plain
# plugin's file; 3%; 10%) is measured REPS times both ways:
#   ab:      one run, bench --ab base:bands-plugin,new:bands-plugin; detected
#            when the whole 95% interval lies below 1x (--max-slowdown 0 fails)
#   compare: a --repeat 3 run of the plain build (the stored baseline), then
#            one of the new build, then bench compare --max-slowdown 0 (its
#            most sensitive gate: beyond 0% and beyond the rounds' spread)
# BATCH sets --ab's --batch; by default bench chooses it from the corpus's
# size, as a user's run does. Timings come from a shared machine: read the
# spread across repetitions.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-../shared/datasets/17-clue.txt}
[[ -f "$corpus" ]] || corpus=datasets/easy.txt
reps=${REPS:-5}
threads=${THREADS:-2}
batch=${BATCH:-}
bench=build/bench/bench
plugins=build/bench/plugins
work=$(mktemp -d "${TMPDIR:-/tmp}/measure_ab.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 0% is a second file with the same code: another load, the same speed.
cp "$plugins/libbands_plugin.so" "$work/libbands_plugin_copy.so"
new_build() {  # new_build PCT: the plugin file with that slowdown
  if [[ $1 == 0 ]]; then echo "$work/libbands_plugin_copy.so"
  else echo "$plugins/libbands_plugin_slow$1.so"; fi
}
column() {  # column CSV NAME: the value of NAME in the first data row
  awk -F, -v name="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==name) c=i} NR==2{print $c}' "$1"
}
base="$plugins/libbands_plugin.so"
echo "corpus $corpus ($(grep -cE '^.{81}' "$corpus") puzzle lines), $threads threads, batch ${batch:-chosen by bench}, $reps repetitions"

for pct in 0 3 10; do
  new=$(new_build "$pct")
  echo "== deliberate slowdown ${pct}%"
  : > "$work/ab.txt"; : > "$work/compare.txt"
  for rep in $(seq "$reps"); do
    out=$("$bench" -q --progress never -t "$threads" ${batch:+--batch "$batch"} \
      --plugin "base=$base" --plugin "new=$new" \
      --ab base:bands-plugin,new:bands-plugin --max-slowdown 0 "$corpus" || true)
    line=$(grep '^ab: new' <<< "$out")
    # "0.970x throughput (95% CI 0.950-0.990)": ratio, low, high.
    read -r ratio low high < <(sed -E 's/.*: ([0-9.]+)x throughput \(95% CI ([0-9.]+)-([0-9.]+)\).*/\1 \2 \3/' <<< "$line")
    detected=$(grep -q 'verdict: FAIL' <<< "$out" && echo yes || echo no)
    echo "$ratio $low $high $detected" >> "$work/ab.txt"
    awk -v r="$rep" -v a="$ratio" -v l="$low" -v h="$high" -v d="$detected" 'BEGIN{
      printf "  ab rep %d: new %.1f%% slower (95%% CI %.1f%% .. %.1f%%, width %.1f points), detected: %s\n",
        r, 100*(1/a-1), 100*(1/h-1), 100*(1/l-1), 100*(1/l-1/h), d}'

    "$bench" -q --progress never -t "$threads" --repeat 3 --plugin "$base" \
      -s bands-plugin --csv "$work/base.csv" "$corpus"
    "$bench" -q --progress never -t "$threads" --repeat 3 --plugin "$new" \
      -s bands-plugin --csv "$work/new.csv" "$corpus"
    verdict=$("$bench" compare --max-slowdown 0 "$work/base.csv" "$work/new.csv" |
      grep '^verdict:' | cut -d' ' -f2 || true)
    b=$(column "$work/base.csv" puzzles_per_s); n=$(column "$work/new.csv" puzzles_per_s)
    echo "$b $n $verdict" >> "$work/compare.txt"
    awk -v r="$rep" -v b="$b" -v n="$n" -v v="$verdict" 'BEGIN{
      printf "  compare rep %d: baseline %.0f/s, new %.0f/s: %.1f%% slower, verdict %s\n",
        r, b, n, 100*(b/n-1), v}'
  done
  awk '{s=100*(1/$1-1); w=100*(1/$2-1/$3); S+=s; W+=w; if($4=="yes") d++
        if(NR==1||s<lo) lo=s; if(NR==1||s>hi) hi=s}
       END{printf "  ab summary: estimates %.1f%% .. %.1f%% slower, mean interval width %.1f points, detected %d/%d\n",
           lo, hi, W/NR, d, NR}' "$work/ab.txt"
  awk '{s=100*($1/$2-1); if($3=="FAIL") d++; if(NR==1||s<lo) lo=s; if(NR==1||s>hi) hi=s}
       END{printf "  compare summary: estimates %.1f%% .. %.1f%% slower, failed the 0%% gate %d/%d\n",
           lo, hi, d, NR}' "$work/compare.txt"
done
