// The puzzle generator: random solved grids, clue removal under a counting
// strategy, edge cases.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/strategy.h"

namespace sudoku {

enum class PuzzleKind : uint8_t {
  kUnique,      // exactly one solution
  kMinimal,     // exactly one solution, and every clue is needed for that
  kMultiple,    // two or more solutions
  kNoSolution,  // givens that break no rule, yet no solution
  kInvalid,     // a digit repeated in a row, column or box
};

std::string_view PuzzleKindName(PuzzleKind kind);
std::optional<PuzzleKind> ParsePuzzleKind(std::string_view name);

struct GeneratorOptions {
  PuzzleKind kind = PuzzleKind::kUnique;
  // Each puzzle's clue count is drawn uniformly from [min_clues, max_clues].
  // With no range, unique puzzles lose clues until none can go (so they are
  // minimal), and the other kinds start from such a puzzle.
  std::optional<int> min_clues;
  std::optional<int> max_clues;
  // The strategy that proves uniqueness; it must count solutions.
  const Strategy* solver = nullptr;
  // Per uniqueness check. A check that runs out keeps the clue, so the puzzle
  // stays unique, but it can no longer be called minimal.
  uint64_t node_budget = 10'000'000;
  // Fresh solved grids to try for one puzzle before giving up on it (a clue
  // target below ~21 is rarely reachable by random removal).
  int max_attempts = 2000;
};

struct GeneratedPuzzle {
  Grid puzzle{};
  Grid solution{};  // for kUnique, kMinimal; the grid it came from otherwise
  int clues = 0;
  int attempts = 0;
};

// The generator's default: of the strategies that can prove uniqueness, the
// best by the registry's speed rank (the first registered when none is
// ranked); nullptr when no strategy counts.
const Strategy* DefaultCountingSolver();

// The names of the strategies that count solutions, in registry order: what
// --solver and --rater accept.
std::vector<std::string> CountingStrategyNames();

// The random source of puzzle `index` of a run with `seed`: independent of
// the order or thread in which puzzles are made.
std::mt19937_64 PuzzleRng(uint64_t seed, uint64_t index);

// A uniformly shuffled, randomized-backtracking solved grid.
Grid RandomSolvedGrid(std::mt19937_64& rng);

// Puzzle `index` of the run, or the reason it could not be made.
struct GenerateOutcome {
  std::optional<GeneratedPuzzle> puzzle;
  std::string error;
};
GenerateOutcome GeneratePuzzle(const GeneratorOptions& options, uint64_t seed,
                               uint64_t index);

// Puzzles first..first+count-1 of the run in index order, made in parallel
// (ParallelRanges: a StageThreads the caller keeps sets the thread count);
// identical for any thread count.
std::vector<GenerateOutcome> GenerateRange(const GeneratorOptions& options,
                                           uint64_t seed, uint64_t first,
                                           uint64_t count);

// True when no clue of `puzzle` can be removed without losing uniqueness,
// proven with `solver`; false also when a check ran out of budget.
bool IsMinimal(const Grid& puzzle, const Strategy& solver,
               uint64_t node_budget);

// IsMinimal for a puzzle already known to have exactly one solution: the
// removals alone, not the first solve again.
bool IsMinimalUnique(const Grid& puzzle, const Strategy& solver,
                     uint64_t node_budget = kUnlimitedNodes);

}  // namespace sudoku
