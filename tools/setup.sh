#!/usr/bin/env bash
# Set-up for a fresh Debian 12: installs what is missing (as root), then configures and builds into build/.
#
#   bash tools/setup.sh            install missing packages, configure, build
#   BUILD_DIR=out bash tools/setup.sh   build elsewhere; extra arguments go to cmake
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}

# Debian package names, one per tool or library the build uses; python3 runs
# the Python process strategy (bench/exec/solver.py) in the tests; Open MPI
# gives `mpirun -np N bench`.
packages=(g++ cmake ninja-build pkgconf git
          libtbb-dev libcli11-dev libbenchmark-dev libgtest-dev
          zlib1g-dev libzstd-dev liblzma-dev libssl-dev nlohmann-json3-dev
          python3 openmpi-bin libopenmpi-dev)
# /usr/bin/time measures bench's peak memory in tests/bench/run/hostile_input_test.cc.
packages+=(time)
# GoodLoadsCheck loads corpus check's --good with pandas' defaults.
packages+=(python3-pandas)
# bench history keeps runs in SQLite or PostgreSQL (libpq); its tests start a
# PostgreSQL server of their own from the postgresql package (initdb, pg_ctl).
packages+=(libsqlite3-dev libpq-dev postgresql)
# bench --instructions counts under valgrind's callgrind where the kernel
# exposes no instruction counter (its client requests: valgrind/callgrind.h).
packages+=(valgrind)
# A Kaggle set's .zip of one CSV is read as a dataset through libzip
# (engine/input/zip_source.cc).
packages+=(libzip-dev)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  install_line="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run as root:  $install_line" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
# The release preset (CMakePresets.json: Ninja, Release); -B and the -D
# options given here override its build directory and settings.
cmake --preset release -B "$build_dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build_dir" -j "$jobs"
