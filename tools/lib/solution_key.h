// What a row on a solution grid is keyed by: the grid's canonical form,
// exactly, and the row's clues carried into it, for the leak kinds of
// grid_leaks.h.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "strategies/strategy.h"
#include "tools/lib/symmetry.h"

namespace sudoku {

// 81 cells as bits: cell i is bit i % 64 of word i / 64.
struct CellSet {
  uint64_t low = 0;
  uint64_t high = 0;

  static CellSet Givens(const Grid& grid);
  bool Has(int cell) const {
    return ((cell < 64 ? low : high) >> (cell % 64) & 1) != 0;
  }
  void Add(int cell) { (cell < 64 ? low : high) |= uint64_t{1} << (cell % 64); }
  int Count() const;
  bool SubsetOf(const CellSet& other) const {
    return (low & ~other.low) == 0 && (high & ~other.high) == 0;
  }
  auto operator<=>(const CellSet&) const = default;
};

// Where each cell of a transform's image comes from: image cell i is source
// cell map[i] (digits aside).
using CellMap = std::array<uint8_t, kCells>;
CellMap CellMapOf(const Transform& transform);
CellSet MapCells(const CellSet& cells, const CellMap& map);

// A canonical solution grid exactly, in 24 bytes: rows 2-9 of its minlex
// form (row 1 is always 123456789) as ranks among the 9! orders of nine
// digits, 19 bits each, rows 2-4, 5-7 and 8-9 in one word each. Keys order
// as the forms do.
struct SolutionKey {
  std::array<uint64_t, 3> words{};
  auto operator<=>(const SolutionKey&) const = default;
};
// `form` is a canonical solution grid (CanonicalizeSolution's form).
SolutionKey PackSolutionForm(const Grid& form);
Grid UnpackSolutionForm(const SolutionKey& key);

// What grouping keeps of a row on a solution grid: 48 bytes, sorted by
// grid, then position.
struct SolutionRecord {
  SolutionKey grid;
  uint64_t position = 0;
  CellSet clues;  // the row's givens, placed in the grid's form
  auto operator<=>(const SolutionRecord&) const = default;
};
static_assert(std::has_unique_object_representations_v<SolutionRecord>);

// The record of a row whose `solution` is a solution grid that keeps every
// given of `puzzle`: the grid's canonical form, and the givens' cells
// carried into the form by the map CanonicalizeSolution chose. std::nullopt
// for any other solution (a broken answer): such a row is compared on its
// puzzle alone (kind (a)), and so is a row with no solution.
std::optional<SolutionRecord> SolutionRecordOf(const Grid& puzzle,
                                               const Grid& solution,
                                               uint64_t position);

// The grid's automorphisms as cell maps, from its key.
std::vector<CellMap> AutomorphismsOf(const SolutionKey& key);

// The solution a row is keyed by for the grid kinds: `answer` (the file's,
// or null) when it is a solution grid keeping every given of `puzzle`, else
// the solver's when the puzzle has exactly one (solved to 2 within
// `node_budget`), else std::nullopt. A broken answer does not hide the
// puzzle's own solution.
std::optional<Grid> LeakSolution(const Grid& puzzle, const Grid* answer,
                                 const Strategy& solver,
                                 uint64_t node_budget = kUnlimitedNodes);

}  // namespace sudoku
