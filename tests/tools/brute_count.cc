// An independent solution counter for the tools tests, sharing no code with the
// strategies.
#include "tests/tools/brute_count.h"

namespace sudoku::testing {
namespace {

// Candidates straight from the board each time: slow, but too simple to
// share a bug with the strategies or the generator.
bool Allowed(const Grid& grid, int cell, int digit) {
  const int r = cell / 9, c = cell % 9;
  for (int i = 0; i < 9; ++i) {
    if (grid[r * 9 + i] == digit && r * 9 + i != cell) return false;
    if (grid[i * 9 + c] == digit && i * 9 + c != cell) return false;
    const int b = (r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3;
    if (grid[b] == digit && b != cell) return false;
  }
  return true;
}

void Count(Grid& grid, int limit, int& found) {
  int best = -1, best_count = 10;
  for (int cell = 0; cell < kCells && best_count > 1; ++cell) {
    if (grid[cell] != 0) continue;
    int count = 0;
    for (int d = 1; d <= 9; ++d) count += Allowed(grid, cell, d);
    if (count < best_count) {
      best = cell;
      best_count = count;
    }
  }
  if (best < 0) {
    ++found;
    return;
  }
  for (int d = 1; d <= 9 && found < limit; ++d) {
    if (!Allowed(grid, best, d)) continue;
    grid[best] = static_cast<uint8_t>(d);
    Count(grid, limit, found);
    grid[best] = 0;
  }
}

}  // namespace

int BruteCount(const Grid& grid, int limit) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0 && !Allowed(grid, cell, grid[cell])) return 0;
  }
  Grid board = grid;
  int found = 0;
  Count(board, limit, found);
  return found;
}

}  // namespace sudoku::testing
