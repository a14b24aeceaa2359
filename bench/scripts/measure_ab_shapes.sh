#!/usr/bin/env bash
# Holds bench --ab's ratio to the truth for three shapes of slowdown of the
# C example plugin (bench/plugins/example_c_slowed.h), as docs/performance.md
# shows: a fixed spin per solve, the search repeated on 1 puzzle in 10, a
# spin per node, and a byte copy of the plain build (truth 1).
#
#   [ROUNDS=5] [AB_RUNS=3] [LINES=N] [BENCH=build/bench/bench]
#   [OLD_BENCH=path] [PLUGINS=build/bench/plugins]
#     bash bench/scripts/measure_ab_shapes.sh [CORPUS]
#
# The truth is measured apart: each build alone in its own process, one
# thread, ROUNDS times (the builds taken in turn, so the load touches them
# alike), and each puzzle's solve time taken as its least over the rounds
# (a preemption only lengthens a solve); the truth is the ratio of the two
# builds' sums of those, plain over slowed (a throughput ratio, as --ab's).
# Beside it, the process CPU time ratio of the same runs (least over the
# rounds), which also holds the engine's own work per puzzle and so lies
# nearer 1. Then AB_RUNS runs of bench --ab plain,slowed (one thread) each,
# and as many of OLD_BENCH's (another build of bench, e.g. before a change
# to --ab) in turn with them. LINES reads only the corpus's first N lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-datasets/easy.txt}
rounds=${ROUNDS:-5}
ab_runs=${AB_RUNS:-3}
bench=${BENCH:-build/bench/bench}
old_bench=${OLD_BENCH:-}
lines=(--lines "${LINES:-0}")
plugins=${PLUGINS:-build/bench/plugins}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$plugins/libexample_c.so" "$work/libexample_c_copy.so"
lib() { [[ $1 == copy ]] && echo "$work/libexample_c_copy.so" || echo "$plugins/libexample_c${1:+_$1}.so"; }
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); corpus $corpus; $rounds rounds"
for r in $(seq "$rounds"); do
  for b in "" spin tenth nodes; do
    python3 - "$bench" "$(lib "$b")" "$corpus" "$work/${b:-plain}.$r" "${lines[@]}" <<'PY'
import resource, subprocess, sys
bench, lib, corpus, out = sys.argv[1:5]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
subprocess.run([bench, "-q", "--threads", "1", "--limit", "2", "--plugin", lib,
                "-s", "example-c", "--per-puzzle", out + ".csv"] + sys.argv[5:] + [corpus],
               check=True)
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
open(out + ".cpu", "w").write(f"{cpu}\n")
PY
  done
done
python3 - "$work" "$rounds" <<'PY'
import csv, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def least(build):
    best, cpu = {}, []
    for r in range(1, rounds + 1):
        for row in csv.DictReader(open(f"{work}/{build}.{r}.csv")):
            key = (row["file"], row["line"])
            best[key] = min(best.get(key, float("inf")), int(row["ns"]))
        cpu.append(float(open(f"{work}/{build}.{r}.cpu").read()))
    return sum(best.values()), min(cpu)
plain = least("plain")
for b in ("spin", "tenth", "nodes"):
    s = least(b)
    print(f"truth {b}: solve-time ratio {plain[0] / s[0]:.3f}, "
          f"process CPU ratio {plain[1] / s[1]:.3f}")
PY
for b in copy spin tenth nodes; do
  for _ in $(seq "$ab_runs"); do
    for which in new ${old_bench:+old}; do
      [[ $which == new ]] && run=$bench || run=$old_bench
      echo -n "$b ($which): "
      "$run" --threads 1 --limit 2 "${lines[@]}" --plugin "a=$(lib "")" \
        --plugin "b=$(lib "$b")" --ab a:example-c,b:example-c "$corpus" 2>/dev/null |
        grep '^ab: b:' | sed 's/.*: \([0-9.]*x throughput (95% CI [0-9.-]*)\).*/\1/' || true
    done
  done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
