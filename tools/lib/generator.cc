// The puzzle generator: random solved grids, clue removal under a counting
// strategy, edge cases.
#include "tools/lib/generator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>

#include "engine/pipeline/pipeline.h"
#include "strategies/geometry.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

constexpr uint16_t Bit(int digit) { return static_cast<uint16_t>(1u << digit); }

// Row, column and box digit masks of a grid (bit d for digit d).
struct UnitMasks {
  explicit UnitMasks(const Grid& grid) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] != 0) Set(cell, grid[cell]);
    }
  }
  uint16_t Used(int cell) const {
    return rows[RowOf(cell)] | cols[ColOf(cell)] | boxes[BoxOf(cell)];
  }
  void Set(int cell, int digit) {
    rows[RowOf(cell)] |= Bit(digit);
    cols[ColOf(cell)] |= Bit(digit);
    boxes[BoxOf(cell)] |= Bit(digit);
  }
  void Clear(int cell, int digit) {
    rows[RowOf(cell)] &= static_cast<uint16_t>(~Bit(digit));
    cols[ColOf(cell)] &= static_cast<uint16_t>(~Bit(digit));
    boxes[BoxOf(cell)] &= static_cast<uint16_t>(~Bit(digit));
  }
  uint16_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
};

constexpr uint16_t kDigitMask = 0x3FE;  // bits 1..9

// Fills the emptiest cell first with its candidates in random order, so the
// search almost never backtracks and every solved grid can come out.
bool FillRandomly(Grid& grid, UnitMasks& masks, std::mt19937_64& rng) {
  int best_cell = -1, best_count = 10;
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0) continue;
    const int count =
        std::popcount(static_cast<uint16_t>(kDigitMask & ~masks.Used(cell)));
    if (count < best_count) {
      best_cell = cell;
      best_count = count;
      if (count <= 1) break;
    }
  }
  if (best_cell < 0) return true;
  if (best_count == 0) return false;
  const uint16_t candidates = kDigitMask & ~masks.Used(best_cell);
  std::array<uint8_t, 9> digits;
  int n = 0;
  for (int d = 1; d <= 9; ++d) {
    if (candidates & Bit(d)) digits[n++] = static_cast<uint8_t>(d);
  }
  std::shuffle(digits.begin(), digits.begin() + n, rng);
  for (int i = 0; i < n; ++i) {
    grid[best_cell] = digits[i];
    masks.Set(best_cell, digits[i]);
    if (FillRandomly(grid, masks, rng)) return true;
    masks.Clear(best_cell, digits[i]);
  }
  grid[best_cell] = 0;
  return false;
}

int CountClues(const Grid& grid) {
  return static_cast<int>(
      std::count_if(grid.begin(), grid.end(), [](uint8_t v) { return v; }));
}

std::array<uint8_t, kCells> RandomCellOrder(std::mt19937_64& rng) {
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

struct Reduction {
  Grid puzzle{};
  int clues = 0;
  // Every clue left was tried and found necessary (no check ran out).
  bool minimal = false;
};

// True when the other givens force `digit` into the empty `cell`: it is the
// cell's only candidate, or the only place left for `digit` in one of the
// cell's units. Then every solution has it there, so taking the clue away
// keeps the solutions as they were, and no search is needed to prove it.
bool ForcedByGivens(const Grid& puzzle, const UnitMasks& masks, int cell,
                    int digit) {
  if (std::popcount(static_cast<uint16_t>(kDigitMask & ~masks.Used(cell))) ==
      1) {
    return true;
  }
  const int r = RowOf(cell), c = ColOf(cell);
  const int box_top = r / 3 * 3, box_left = c / 3 * 3;
  bool row_elsewhere = false, col_elsewhere = false, box_elsewhere = false;
  for (int i = 0; i < 9; ++i) {
    const int in_row = CellAt(r, i);
    const int in_col = CellAt(i, c);
    const int in_box = CellAt(box_top + i / 3, box_left + i % 3);
    auto open = [&](int other) {
      return other != cell && puzzle[other] == 0 &&
             !(masks.Used(other) & Bit(digit));
    };
    row_elsewhere = row_elsewhere || open(in_row);
    col_elsewhere = col_elsewhere || open(in_col);
    box_elsewhere = box_elsewhere || open(in_box);
  }
  return !(row_elsewhere && col_elsewhere && box_elsewhere);
}

// Removes the clues of `solution` in random order while the puzzle stays
// unique, stopping at `target` clues (0: when none can go). One pass is
// enough for minimality: a clue needed with more clues present is still
// needed with fewer, since fewer clues only allow more solutions. The
// counting strategy is asked only when the givens alone do not force the
// clue, which spares it most of the early, clue-rich checks.
Reduction Reduce(const Grid& solution, int target,
                 const GeneratorOptions& options, std::mt19937_64& rng) {
  Reduction reduction{solution, kCells, true};
  UnitMasks masks(solution);
  for (const int cell : RandomCellOrder(rng)) {
    if (reduction.clues <= target) {
      reduction.minimal = false;
      break;
    }
    const uint8_t digit = reduction.puzzle[cell];
    reduction.puzzle[cell] = 0;
    masks.Clear(cell, digit);
    if (ForcedByGivens(reduction.puzzle, masks, cell, digit)) {
      --reduction.clues;
      continue;
    }
    const SolveResult result =
        options.solver->Solve(reduction.puzzle, 2, options.node_budget);
    if (result.outcome == Outcome::kSolved) {
      --reduction.clues;
      continue;
    }
    reduction.puzzle[cell] = digit;
    masks.Set(cell, digit);
    if (result.outcome != Outcome::kMultiple) reduction.minimal = false;
  }
  return reduction;
}

// Removes random clues until `target` are left: with a minimal start the
// result is sure to have several solutions.
void RemoveRandomClues(Grid& puzzle, int target, std::mt19937_64& rng) {
  int clues = CountClues(puzzle);
  for (const int cell : RandomCellOrder(rng)) {
    if (clues <= target) break;
    if (puzzle[cell] != 0) {
      puzzle[cell] = 0;
      --clues;
    }
  }
}

// Adds one given to an empty cell of a unique puzzle: a digit that clashes
// with no given (`clash` false) but differs from the solution's, so that no
// solution is left, or one that repeats a given of the cell's units (`clash`
// true). False when no empty cell allows it.
bool AddWrongGiven(Grid& puzzle, const Grid& solution, bool clash,
                   std::mt19937_64& rng) {
  const UnitMasks masks(puzzle);
  for (const int cell : RandomCellOrder(rng)) {
    if (puzzle[cell] != 0) continue;
    const uint16_t used = masks.Used(cell);
    const uint16_t allowed =
        clash
            ? used
            : static_cast<uint16_t>(kDigitMask & ~used & ~Bit(solution[cell]));
    if (allowed == 0) continue;
    std::array<uint8_t, 9> digits;
    int n = 0;
    for (int d = 1; d <= 9; ++d) {
      if (allowed & Bit(d)) digits[n++] = static_cast<uint8_t>(d);
    }
    puzzle[cell] = digits[std::uniform_int_distribution<int>(0, n - 1)(rng)];
    return true;
  }
  return false;
}

// One try at a puzzle from one fresh solved grid; nullopt to try again.
std::optional<GeneratedPuzzle> TryOnce(const GeneratorOptions& options,
                                       std::optional<int> target,
                                       std::mt19937_64& rng) {
  GeneratedPuzzle out;
  out.solution = RandomSolvedGrid(rng);
  switch (options.kind) {
    case PuzzleKind::kUnique: {
      const Reduction r =
          Reduce(out.solution, target.value_or(0), options, rng);
      if (target && r.clues != *target) return std::nullopt;
      out.puzzle = r.puzzle;
      break;
    }
    case PuzzleKind::kMinimal: {
      const Reduction r = Reduce(out.solution, 0, options, rng);
      if (!r.minimal) return std::nullopt;
      if (options.min_clues && r.clues < *options.min_clues)
        return std::nullopt;
      if (options.max_clues && r.clues > *options.max_clues)
        return std::nullopt;
      out.puzzle = r.puzzle;
      break;
    }
    case PuzzleKind::kMultiple: {
      const int goal = target.value_or(0);
      Reduction r = Reduce(out.solution, target ? goal + 1 : 0, options, rng);
      if (r.clues == goal + 1 && !r.minimal) {
        // Stopped at the target: look for a clue whose loss splits the
        // solution; at high clue counts there may be none.
        bool found = false;
        for (const int cell : RandomCellOrder(rng)) {
          if (r.puzzle[cell] == 0) continue;
          Grid trial = r.puzzle;
          trial[cell] = 0;
          if (options.solver->Solve(trial, 2, options.node_budget).outcome ==
              Outcome::kMultiple) {
            out.puzzle = trial;
            found = true;
            break;
          }
        }
        if (!found) return std::nullopt;
      } else {
        if (!r.minimal) return std::nullopt;
        out.puzzle = r.puzzle;
        RemoveRandomClues(out.puzzle, target ? goal : r.clues - 1, rng);
      }
      break;
    }
    case PuzzleKind::kNoSolution:
    case PuzzleKind::kInvalid: {
      const Reduction r =
          Reduce(out.solution, target ? *target - 1 : 0, options, rng);
      if (target && r.clues != *target - 1) return std::nullopt;
      out.puzzle = r.puzzle;
      if (!AddWrongGiven(out.puzzle, out.solution,
                         options.kind == PuzzleKind::kInvalid, rng)) {
        return std::nullopt;
      }
      break;
    }
  }
  out.clues = CountClues(out.puzzle);
  return out;
}

}  // namespace

std::string_view PuzzleKindName(PuzzleKind kind) {
  switch (kind) {
    case PuzzleKind::kUnique:
      return "unique";
    case PuzzleKind::kMinimal:
      return "minimal";
    case PuzzleKind::kMultiple:
      return "multiple";
    case PuzzleKind::kNoSolution:
      return "nosolution";
    case PuzzleKind::kInvalid:
      return "invalid";
  }
  return "unknown";
}

std::optional<PuzzleKind> ParsePuzzleKind(std::string_view name) {
  for (const PuzzleKind kind :
       {PuzzleKind::kUnique, PuzzleKind::kMinimal, PuzzleKind::kMultiple,
        PuzzleKind::kNoSolution, PuzzleKind::kInvalid}) {
    if (PuzzleKindName(kind) == name) return kind;
  }
  return std::nullopt;
}

const Strategy* DefaultCountingSolver() {
  // Ranked strategies before unranked ones (rank 0), then by rank; on a tie
  // the first registered.
  const auto order = [](const Strategy& s) {
    return s.speed_rank == 0 ? UINT32_MAX : s.speed_rank;
  };
  const Strategy* best = nullptr;
  for (const Strategy& strategy : AllStrategies()) {
    if (!strategy.Has(kCountsSolutions)) continue;
    if (best == nullptr || order(strategy) < order(*best)) best = &strategy;
  }
  return best;
}

std::vector<std::string> CountingStrategyNames() {
  std::vector<std::string> names;
  for (const Strategy& strategy : AllStrategies()) {
    if (strategy.Has(kCountsSolutions)) names.emplace_back(strategy.name);
  }
  return names;
}

std::mt19937_64 PuzzleRng(uint64_t seed, uint64_t index) {
  std::seed_seq seq{
      static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32),
      static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32)};
  return std::mt19937_64(seq);
}

Grid RandomSolvedGrid(std::mt19937_64& rng) {
  Grid grid{};
  UnitMasks masks(grid);
  FillRandomly(grid, masks, rng);
  return grid;
}

GenerateOutcome GeneratePuzzle(const GeneratorOptions& options, uint64_t seed,
                               uint64_t index) {
  GenerateOutcome outcome;
  if (options.solver == nullptr || !options.solver->Has(kCountsSolutions)) {
    outcome.error = "the solver must count solutions";
    return outcome;
  }
  std::mt19937_64 rng = PuzzleRng(seed, index);
  std::optional<int> target;
  if (options.kind != PuzzleKind::kMinimal &&
      (options.min_clues || options.max_clues)) {
    const int low = options.min_clues.value_or(17);
    const int high = options.max_clues.value_or(kCells);
    target = std::uniform_int_distribution<int>(low, high)(rng);
  }
  for (int attempt = 1; attempt <= options.max_attempts; ++attempt) {
    if (auto puzzle = TryOnce(options, target, rng)) {
      puzzle->attempts = attempt;
      outcome.puzzle = *puzzle;
      return outcome;
    }
  }
  outcome.error =
      "no " + std::string(PuzzleKindName(options.kind)) + " puzzle" +
      (target ? " with " + std::to_string(*target) + " clues" : "") +
      " after " + std::to_string(options.max_attempts) + " solved grids";
  return outcome;
}

std::vector<GenerateOutcome> GenerateRange(const GeneratorOptions& options,
                                           uint64_t seed, uint64_t first,
                                           uint64_t count) {
  std::vector<GenerateOutcome> outcomes(count);
  ParallelRanges(nullptr, count, 1, [&](size_t begin, size_t end) {
    for (size_t i = begin; i != end; ++i) {
      outcomes[i] = GeneratePuzzle(options, seed, first + i);
    }
  });
  return outcomes;
}

bool IsMinimal(const Grid& puzzle, const Strategy& solver,
               uint64_t node_budget) {
  return solver.Solve(puzzle, 2, node_budget).outcome == Outcome::kSolved &&
         IsMinimalUnique(puzzle, solver, node_budget);
}

bool IsMinimalUnique(const Grid& puzzle, const Strategy& solver,
                     uint64_t node_budget) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    Grid trial = puzzle;
    trial[cell] = 0;
    if (solver.Solve(trial, 2, node_budget).outcome != Outcome::kMultiple) {
      return false;
    }
  }
  return true;
}

}  // namespace sudoku
