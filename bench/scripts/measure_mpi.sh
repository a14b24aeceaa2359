#!/usr/bin/env bash
# Measures mpirun -np N bench: 2 ranks x 1 thread against 1 rank x 1 thread,
# and one rank under mpirun against the plain build started by hand.
#
#   [PLAIN=path/to/bench] [ROUNDS=5] [COPIES=10] bash bench/scripts/measure_mpi.sh [CORPUS] [STRATEGY]
# CORPUS defaults to ../shared/datasets/17-clue.txt, repeated COPIES times (a
# run of some seconds, so mpirun's start-up of ~0.1 s is small), STRATEGY to
# bands.
# PLAIN is a bench built with -DSUDOKU_MPI=OFF (default build-plain/bench/bench
# when it exists; else the MPI build started by hand, which touches no MPI).
# Each figure is the median wall time of ROUNDS runs, the runs interleaved so
# that drift in a shared machine's speed touches every variant alike.
set -euo pipefail
cd "$(dirname "$0")/../.."
source_corpus=${1:-../shared/datasets/17-clue.txt}
strategy=${2:-bands}
work=$(mktemp -d "${TMPDIR:-/tmp}/measure_mpi.XXXXXX")
trap 'rm -rf "$work"' EXIT
corpus=$work/corpus.txt
for ((c = 0; c < ${COPIES:-10}; ++c)); do
  grep -v '^#' "$source_corpus" >>"$corpus"
done
rounds=${ROUNDS:-5}
bench=build/bench/bench
plain=${PLAIN:-build-plain/bench/bench}
[[ -x $plain ]] || plain=$bench
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun="mpirun --oversubscribe --bind-to none"

# seconds COMMAND...: the wall time of one run; its CPU time (user + system,
# the launcher and every rank it waited for) is appended to $work/cpu.
seconds() {
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$work/one-cpu" \
    "$@" -q -t 1 -s "$strategy" --progress never "$corpus" >/dev/null
  end=$(date +%s.%N)
  awk '{print $1 + $2}' "$work/one-cpu" >>"$work/cpu-$variant"
  echo "$end - $start" | bc -l
}
median() { sort -g | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }

declare -A times
for ((r = 0; r < rounds; ++r)); do
  variant=plain; times[plain]+="$(seconds "$plain") "
  variant=np1; times[np1]+="$(seconds $mpirun -np 1 "$bench") "
  variant=np2; times[np2]+="$(seconds $mpirun -np 2 "$bench") "
done
plain_s=$(tr ' ' '\n' <<<"${times[plain]}" | grep . | median)
np1_s=$(tr ' ' '\n' <<<"${times[np1]}" | grep . | median)
np2_s=$(tr ' ' '\n' <<<"${times[np2]}" | grep . | median)
echo "corpus $source_corpus x ${COPIES:-10}, strategy $strategy, median of $rounds runs (wall s)"
echo "  plain ($plain), 1 thread:      $plain_s   [${times[plain]}]"
echo "  mpirun -np 1, 1 thread:        $np1_s   [${times[np1]}]"
echo "  mpirun -np 2, 1 thread each:   $np2_s   [${times[np2]}]"
printf '  speed-up 2 ranks / 1 rank:     %.2fx (goal >= 1.8x)\n' \
  "$(echo "$np1_s / $np2_s" | bc -l)"
printf '  mpirun -np 1 against plain:    %+.1f%% (goal <= +3%%)\n' \
  "$(echo "100 * ($np1_s / $plain_s - 1)" | bc -l)"
# CPU time does not count the waits of a machine shared with other jobs.
plain_cpu=$(median <"$work/cpu-plain")
np1_cpu=$(median <"$work/cpu-np1")
echo "  CPU s (user + system, median): plain $plain_cpu, mpirun -np 1 $np1_cpu, mpirun -np 2 $(median <"$work/cpu-np2")"
printf '  mpirun -np 1 against plain, CPU: %+.1f%%\n' \
  "$(echo "100 * ($np1_cpu / $plain_cpu - 1)" | bc -l)"
