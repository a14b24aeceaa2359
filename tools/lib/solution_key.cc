// Solution keys: canonical solution grids packed exactly, clue sets carried
// into them, and the solution a row is keyed by.
#include "tools/lib/solution_key.h"

#include <algorithm>

#include "strategies/geometry.h"
#include "tools/lib/grid_canon.h"

namespace sudoku {
namespace {

constexpr std::array<uint32_t, 9> kFactorials = {1,   1,   2,    6,    24,
                                                 120, 720, 5040, 40320};

// The rank of nine digits (1-9, each once) among the 9! orders, in
// lexicographic order (a Lehmer code).
uint64_t RankOfRow(const uint8_t* row) {
  uint64_t rank = 0;
  unsigned used = 0;
  for (int i = 0; i < 9; ++i) {
    const unsigned below = (1u << row[i]) - 1;
    const int smaller_left = __builtin_popcount(below & ~used & 0x3FE);
    rank += static_cast<uint64_t>(smaller_left) * kFactorials[8 - i];
    used |= 1u << row[i];
  }
  return rank;
}

void RowOfRank(uint64_t rank, uint8_t* row) {
  std::array<uint8_t, 9> left = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  int count = 9;
  for (int i = 0; i < 9; ++i) {
    const auto index = static_cast<int>(rank / kFactorials[8 - i]);
    rank %= kFactorials[8 - i];
    row[i] = left[index];
    std::copy(left.begin() + index + 1, left.begin() + count,
              left.begin() + index);
    --count;
  }
}

constexpr int kRankBits = 19;  // 9! = 362,880 < 2^19
constexpr uint64_t kRankMask = (uint64_t{1} << kRankBits) - 1;

}  // namespace

CellSet CellSet::Givens(const Grid& grid) {
  CellSet cells;
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0) cells.Add(cell);
  }
  return cells;
}

int CellSet::Count() const {
  return __builtin_popcountll(low) + __builtin_popcountll(high);
}

CellMap CellMapOf(const Transform& transform) {
  CellMap map;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int from = transform.transpose
                           ? CellAt(transform.cols[c], transform.rows[r])
                           : CellAt(transform.rows[r], transform.cols[c]);
      map[CellAt(r, c)] = static_cast<uint8_t>(from);
    }
  }
  return map;
}

// Without a branch a cell: which cells are given falls at random.
CellSet MapCells(const CellSet& cells, const CellMap& map) {
  const uint64_t source[2] = {cells.low, cells.high};
  uint64_t image[2] = {0, 0};
  for (int cell = 0; cell < kCells; ++cell) {
    const unsigned from = map[cell];
    image[cell >> 6] |= (source[from >> 6] >> (from & 63) & 1) << (cell & 63);
  }
  return {image[0], image[1]};
}

SolutionKey PackSolutionForm(const Grid& form) {
  SolutionKey key;
  for (int r = 1; r < 9; ++r) {
    const int word = (r - 1) / 3;
    key.words[word] =
        key.words[word] << kRankBits | RankOfRow(&form[CellAt(r, 0)]);
  }
  return key;
}

Grid UnpackSolutionForm(const SolutionKey& key) {
  Grid form;
  for (int c = 0; c < 9; ++c) form[c] = static_cast<uint8_t>(c + 1);
  for (int r = 1; r < 9; ++r) {
    const int word = (r - 1) / 3;
    const int rows_in_word = word < 2 ? 3 : 2;
    const int shift = kRankBits * (rows_in_word - 1 - (r - 1) % 3);
    RowOfRank(key.words[word] >> shift & kRankMask, &form[CellAt(r, 0)]);
  }
  return form;
}

std::optional<SolutionRecord> SolutionRecordOf(const Grid& puzzle,
                                               const Grid& solution,
                                               uint64_t position) {
  if (!IsSolutionGrid(solution)) return std::nullopt;
  bool keeps = true;
  for (int cell = 0; cell < kCells; ++cell) {
    keeps &= puzzle[cell] == 0 || puzzle[cell] == solution[cell];
  }
  if (!keeps) return std::nullopt;
  const Canonical canonical = CanonicalizeSolution(solution);
  SolutionRecord record;
  record.grid = PackSolutionForm(canonical.form);
  record.position = position;
  // The givens carried into the form, cell by cell as ApplyTransform.
  const Transform& t = canonical.transform;
  uint64_t clues[2] = {0, 0};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int from = t.transpose ? CellAt(t.cols[c], t.rows[r])
                                   : CellAt(t.rows[r], t.cols[c]);
      const int cell = CellAt(r, c);
      clues[cell >> 6] |= uint64_t{puzzle[from] != 0} << (cell & 63);
    }
  }
  record.clues = {clues[0], clues[1]};
  return record;
}

std::vector<CellMap> AutomorphismsOf(const SolutionKey& key) {
  std::vector<CellMap> maps;
  for (const Transform& map : SolutionMaps(UnpackSolutionForm(key))) {
    maps.push_back(CellMapOf(map));
  }
  return maps;
}

std::optional<Grid> LeakSolution(const Grid& puzzle, const Grid* answer,
                                 const Strategy& solver, uint64_t node_budget) {
  if (answer != nullptr && IsSolutionGrid(*answer)) {
    bool keeps = true;
    for (int cell = 0; cell < kCells && keeps; ++cell) {
      keeps = puzzle[cell] == 0 || puzzle[cell] == (*answer)[cell];
    }
    if (keeps) return *answer;
  }
  const SolveResult result = solver.Solve(puzzle, 2, node_budget);
  if (result.outcome != Outcome::kSolved) return std::nullopt;
  return result.solution;
}

}  // namespace sudoku
