#!/usr/bin/env python3
# A process strategy that misbehaves on purpose, for tests/bench/run/exec_test.cc:
#   faulty.py wrong              answers every puzzle with a grid that is not a solution
#   faulty.py die|garbage|sleep PUZZLE   exits 3, answers nonsense, or sleeps 30 s on PUZZLE
#   faulty.py late PUZZLE        answers PUZZLE twice, the second time 0.3 s late
#   faulty.py pid FILE           appends its process id to FILE when it starts
#   faulty.py noflush            answers without flushing, so its answers come out only as it exits
#   faulty.py silent             reads every puzzle and never answers
# and otherwise answers as bench/exec/solver.py does.
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'bench', 'exec'))
from solver import solve

mode, argument = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else '')
# Answers through a buffer of its own that nothing flushes before exit, as a
# C program's stdout to a pipe or socket is.
out = os.fdopen(1, 'w', buffering=1 << 16) if mode == 'noflush' else sys.stdout
if mode == 'pid':
    with open(argument, 'a') as pids:
        pids.write(f'{os.getpid()}\n')
for line in sys.stdin:
    puzzle, limit, budget = line.split()
    if mode == 'silent':
        continue
    if puzzle == argument and mode == 'die':
        sys.exit(3)
    if puzzle == argument and mode == 'garbage':
        print('the answer is 42', flush=True)
        continue
    if puzzle == argument and mode == 'sleep':
        time.sleep(30)
    answer = solve(list(map(int, puzzle)), int(limit), float('inf') if budget == '-' else int(budget))
    if mode == 'wrong':  # swap the first two cells of the solution
        outcome, grid, rest = answer.split(' ', 2)
        answer = f'{outcome} {grid[1]}{grid[0]}{grid[2:]} {rest}'
    print(answer, file=out, flush=mode != 'noflush')
    if puzzle == argument and mode == 'late':
        time.sleep(0.3)
        print(answer, flush=True)
