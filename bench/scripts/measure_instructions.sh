#!/usr/bin/env bash
# Shows bench --instructions catching a 2% costlier solver that timing on a loaded machine cannot tell, and that the count does not move with load.
#
#   [BUILD=build-x86-64-v3] [ROUNDS=5] [SAMPLE=200] bash bench/scripts/measure_instructions.sh [CORPUS]
# CORPUS defaults to datasets/regression.txt. Needs the x86-64-v3 preset's
# build (cmake --preset x86-64-v3 && cmake --build --preset x86-64-v3), whose
# bands plugins valgrind can run: bands_plugin and bands_plugin_costly2 (the
# same search, with a loop after each solve of 2% of bands' mean
# instructions per puzzle). Steps, all single-threaded:
#   1. base twice, the second time with both cores kept busy by two shell
#      loops: the two counts must be equal (and bench compare says so);
#   2. base and costly2 with --repeat ROUNDS, interleaved by file order:
#      bench compare of the two reports, whose timing is noise on a shared
#      machine and whose instructions show the 2%.
# Prints the load before and after, and each compare's verdict.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build-x86-64-v3}
rounds=${ROUNDS:-5}
sample=${SAMPLE:-200}
corpus=${1:-datasets/regression.txt}
bench=$build/bench/bench
plugins=$build/bench/plugins
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() {  # PLUGIN CSV [ROUNDS]
  "$bench" -q -t 1 --repeat "${3:-1}" --instructions="$sample" --plugin "$1" \
    -s bands-plugin --csv "$2" "$corpus"
}

echo "load before: $(uptime)"
count "$plugins/libbands_plugin.so" "$out/idle.csv"
# Two busy loops, one a core, for the second count; ended by their ids.
busy=()
for _ in 1 2; do
  (while :; do :; done) &
  busy+=($!)
done
count "$plugins/libbands_plugin.so" "$out/loaded.csv"
kill "${busy[@]}"
echo "1. the same build, idle and with both cores busy:"
"$bench" compare "$out/idle.csv" "$out/loaded.csv" | grep -E "instructions|verdict" || true

count "$plugins/libbands_plugin.so" "$out/base.csv" "$rounds"
count "$plugins/libbands_plugin_costly2.so" "$out/costly.csv" "$rounds"
echo "2. bands against bands 2% costlier, --repeat $rounds each:"
"$bench" compare "$out/base.csv" "$out/costly.csv" || true
echo "load after: $(uptime)"
