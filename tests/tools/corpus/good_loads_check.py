#!/usr/bin/env python3
"""corpus check's --good loads with Python's csv module and pandas' defaults.

Usage: good_loads_check.py GEN CONVERT CORPUS. Rows that break the file's shape (a column too
many, an empty answer) must land in --bad, a quote-all row in --good, which then has one width. Exits 77 (skipped) after the csv checks when pandas is not installed.
"""
import csv
import os
import subprocess
import sys
import tempfile


def main():
    gen, convert, corpus = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        lines = os.path.join(tmp, "p.txt")
        kaggle = os.path.join(tmp, "p.csv")
        subprocess.run([gen, "-n", "4", "--seed", "5", "-o", lines], check=True)
        subprocess.run([convert, "--to", "kaggle", "-o", kaggle, lines], check=True)
        with open(kaggle) as f:
            rows = [r for r in csv.reader(f)][1:]
        (p0, s0), (p1, s1), (p2, s2), (p3, _) = rows[:4]
        data = os.path.join(tmp, "data.csv")
        with open(data, "w") as f:
            f.write("source,question,answer\n")
            f.write(f"a,{p0},{s0}\n")
            f.write(f'"b","{p1}","{s1}"\n')     # quote-all: good
            f.write(f"c,{p2},{s2},extra\n")     # a column too many
            f.write(f"d,{p3},\n")               # no answer
        good = os.path.join(tmp, "good.csv")
        bad = os.path.join(tmp, "bad.csv")
        run = subprocess.run([corpus, "check", data, "--good", good, "--bad", bad],
                             capture_output=True, text=True)
        assert run.returncode == 1, run.stderr
        assert "2 good, 2 bad (malformed 2)" in run.stderr, run.stderr
        with open(good, newline="") as f:
            table = list(csv.reader(f))
        assert len(table) == 3 and all(len(r) == 3 for r in table), table
        # --bad keeps each row as it was, a column too many included (so it
        # is not one width): the reason is its last field.
        with open(bad, newline="") as f:
            table = list(csv.reader(f))
        assert [r[-1].split(":")[0] for r in table] == ["reason", "malformed", "malformed"], table
        with open(good, newline="") as f:
            assert [r[1] for r in csv.reader(f)][1:] == [p0, p1]
        try:
            import pandas
        except ImportError:
            print("pandas is not installed: its half skipped")
            return 77
        frame = pandas.read_csv(good)
        assert frame.shape == (2, 3), frame.shape
        return 0


if __name__ == "__main__":
    sys.exit(main())
