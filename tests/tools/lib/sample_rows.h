// Rows for the leak tests: the 17-clue sample's puzzles with their solutions,
// and such a row moved by a symmetry.
#pragma once

#include <cstddef>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tools/lib/symmetry.h"

namespace sudoku::testing {

struct SampleRow {
  Grid puzzle{};
  Grid answer{};  // all zero: no answer (the answer column left empty)
};

// The sample's first `count` puzzles, each with its solution (simd).
inline std::vector<SampleRow> SampleRows(
    size_t count = std::numeric_limits<size_t>::max()) {
  const Strategy& simd = *FindStrategy("simd");
  std::ifstream in(TestDataPath("17-clue-sample.txt"));
  std::vector<SampleRow> rows;
  for (std::string line; rows.size() < count && std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    SampleRow row{ParsedGrid(line), Grid{}};
    const SolveResult result = simd.Solve(row.puzzle, 2, kUnlimitedNodes);
    EXPECT_EQ(result.outcome, Outcome::kSolved);
    row.answer = result.solution;
    rows.push_back(row);
  }
  return rows;
}

inline SampleRow Moved(const SampleRow& row, const Transform& t) {
  return {ApplyTransform(t, row.puzzle), ApplyTransform(t, row.answer)};
}

// `row` with `count` more clues of its answer, at the first blank cells
// from `from` on.
inline SampleRow WithMoreClues(SampleRow row, int count, int from) {
  for (int cell = from; count > 0; ++cell) {
    if (row.puzzle[cell % kCells] != 0) continue;
    row.puzzle[cell % kCells] = row.answer[cell % kCells];
    --count;
  }
  return row;
}

// `row` without its first `count` clues; the answer stays.
inline SampleRow WithFewerClues(SampleRow row, int count) {
  for (uint8_t& v : row.puzzle) {
    if (v != 0 && count-- > 0) v = 0;
  }
  return row;
}

}  // namespace sudoku::testing
