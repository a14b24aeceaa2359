#!/usr/bin/env bash
# Measures standard input under mpirun -np N bench (rank 0 broadcasts it,
# the ranks solve line blocks in turn) against a plain file (byte ranges),
# on 1 and 2 ranks x 1 thread, and a gzip file and gzip stdin on 2 ranks.
#
#   [ROUNDS=3] [COPIES=20] bash bench/scripts/measure_mpi_stdin.sh [CORPUS] [STRATEGY]
# CORPUS defaults to ../shared/datasets/17-clue.txt, repeated COPIES times,
# STRATEGY to bands. Each figure is the median wall time of ROUNDS runs, the
# runs interleaved so that drift in a shared machine's speed touches every
# variant alike.
set -euo pipefail
cd "$(dirname "$0")/../.."
source_corpus=${1:-../shared/datasets/17-clue.txt}
strategy=${2:-bands}
work=$(mktemp -d "${TMPDIR:-/tmp}/measure_mpi_stdin.XXXXXX")
trap 'rm -rf "$work"' EXIT
corpus=$work/big.txt
for ((c = 0; c < ${COPIES:-20}; ++c)); do
  grep -v '^#' "$source_corpus" >>"$corpus"
done
gzip -k -1 "$corpus"
rounds=${ROUNDS:-3}
bench=$PWD/build/bench/bench
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun="mpirun --oversubscribe --bind-to none"
options="-q -t 1 -s $strategy --progress never"

seconds() {  # seconds SHELL-COMMAND: the wall time of one run
  local start end
  start=$(date +%s.%N)
  bash -c "$1" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}'; }

names=(file1 stdin1 file2 stdin2 gzfile2 gzstdin2)
declare -A commands=(
  [file1]="$mpirun -np 1 $bench $options $corpus"
  [stdin1]="cat $corpus | $mpirun -np 1 $bench $options -"
  [file2]="$mpirun -np 2 $bench $options $corpus"
  [stdin2]="cat $corpus | $mpirun -np 2 $bench $options -"
  [gzfile2]="$mpirun -np 2 $bench $options $corpus.gz"
  [gzstdin2]="cat $corpus.gz | $mpirun -np 2 $bench $options -"
)
declare -A times
for ((r = 0; r < rounds; ++r)); do
  for name in "${names[@]}"; do
    times[$name]+="$(seconds "${commands[$name]}") "
  done
done
echo "corpus $source_corpus x ${COPIES:-20} ($(wc -l <"$corpus") lines), strategy $strategy, median of $rounds runs (wall s)"
for name in "${names[@]}"; do
  printf '  %-9s %6.2f   [%s]  %s\n' "$name" \
    "$(median <<<"${times[$name]}")" "${times[$name]}" "${commands[$name]//$work\//}"
done
