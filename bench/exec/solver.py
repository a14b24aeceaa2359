#!/usr/bin/env python3
# A process strategy for bench --exec (docs/process-protocol.md): row-major
# backtracking that counts solutions up to LIMIT and places at most BUDGET digits.
import sys

def fits(g, i, d):  # d is in neither the row, the column nor the box of cell i
    r, c, b = i // 9 * 9, i % 9, i // 27 * 27 + i % 9 // 3 * 3
    return all(d not in (g[r + k], g[c + 9 * k], g[b + k // 3 * 9 + k % 3]) for k in range(9))

def solve(g, limit, budget):
    found, nodes = [], 0
    def search(i):  # True once LIMIT solutions are found
        nonlocal nodes
        while i < 81 and g[i]: i += 1
        if i == 81:
            found.append(''.join(map(str, g)))
            return len(found) >= limit
        for d in range(1, 10):
            if fits(g, i, d):
                if nodes == budget: raise OverflowError
                nodes, g[i] = nodes + 1, d
                if search(i + 1): return True
        g[i] = 0
        return False
    if any(d and not fits(g[:i] + [0] + g[i + 1:], i, d) for i, d in enumerate(g)):
        return 'no_solution'  # the givens break a rule
    try:
        search(0)
        outcome = ['no_solution', 'solved', 'multiple'][min(len(found), 2)]
    except OverflowError:
        outcome = 'over_budget'
    return f"{outcome} {found[0] if found else '-'} {nodes} {len(found)}"

if __name__ == '__main__':  # one request line in, one answer line out
    for line in sys.stdin:
        puzzle, limit, budget = line.split()
        budget = float('inf') if budget == '-' else int(budget)
        print(solve(list(map(int, puzzle)), int(limit), budget), flush=True)
