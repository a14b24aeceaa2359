#!/usr/bin/env python3
"""Test binaries leave nothing in the temporary folder, pass or fail.

Usage: temp_check.py PROBE BINARY[:FILTER]...

Runs each with TMPDIR (and TEST_TMPDIR) naming a fresh empty folder, then
checks the folder is empty again: each test process removes the folder it
made (tests/test_main.cc). PROBE is temp_root_test, run once passing and
once failing on purpose (SUDOKU_TEMP_CHECK_FAIL), which must exit 1.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def run(folder, command, extra_env, expected):
    env = dict(os.environ, TMPDIR=folder, TEST_TMPDIR=folder, **extra_env)
    result = subprocess.run(command, env=env, capture_output=True, text=True,
                            timeout=600)
    problems = []
    if result.returncode != expected:
        tail = (result.stdout + result.stderr).strip().splitlines()[-6:]
        problems.append(f"{' '.join(command)}: exited {result.returncode}, "
                        f"expected {expected}" + "".join(f"\n    {t}" for t in tail))
    left = sorted(os.listdir(folder))
    if left:
        problems.append(f"{' '.join(command)}: left {len(left)} in the "
                        f"temporary folder: {', '.join(left[:5])}")
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    probe, binaries = sys.argv[1], sys.argv[2:]
    folder = tempfile.mkdtemp(prefix="sudoku-temp-check-")
    problems = []
    try:
        runs = [([probe], {}, 0),
                ([probe], {"SUDOKU_TEMP_CHECK_FAIL": "1"}, 1)]
        for spec in binaries:
            binary, _, test_filter = spec.partition(":")
            command = [binary] + ([f"--gtest_filter={test_filter}"] if test_filter else [])
            runs.append((command, {}, 0))
        for command, extra_env, expected in runs:
            problems += run(folder, command, extra_env, expected)
            for name in os.listdir(folder):  # so the next run starts empty
                path = os.path.join(folder, name)
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    os.remove(path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for problem in problems:
        print(problem)
    print(f"{len(runs)} runs, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
