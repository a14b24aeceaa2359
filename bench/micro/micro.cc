// micro: Google Benchmark microbenchmarks, one per registered strategy and
// shipped puzzle set.
//
// Benchmarks are registered by walking AllStrategies(), so a new strategy is
// measured without new code here. Each iteration solves the whole set with
// a solution limit of 2; items_per_second is puzzles per second, and the
// counters give nodes per puzzle (in the strategy's own unit) and the share
// of puzzles cut by the node budget. The hard set runs with a per-puzzle
// node budget so that the seed strategies, some of which re-check the whole
// board at every node, finish in a fraction of a second; the fast strategies
// never reach it (over_budget stays 0).
//
// The sets live in bench/micro/data (SUDOKU_MICRO_DATA_DIR, overridable with
// the environment variable of the same name).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/exit_codes.h"
#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

struct PuzzleSet {
  std::string_view name;
  std::string_view file;
  uint64_t node_budget;
};

constexpr PuzzleSet kSets[] = {
    {"easy", "easy.txt", kUnlimitedNodes},
    {"hard", "hard.txt", 100'000},
};

std::string DataDir() {
  if (const char* dir = std::getenv("SUDOKU_MICRO_DATA_DIR")) return dir;
  return SUDOKU_MICRO_DATA_DIR;
}

// Every puzzle of a set, read as bench reads it; lines that are not puzzles
// are reported and left out. Clashing givens stay in: the strategies are
// timed on whatever they are handed.
std::vector<Grid> LoadSet(const std::string& path) {
  std::vector<Grid> puzzles;
  try {
    Input input(path);
    DatasetParser parser;
    ReadRecords(input, parser, GivensCheck::kDeferred,
                [&](const PuzzleRecord& r, std::string_view) {
                  if (r.status == RecordStatus::kPuzzle) {
                    puzzles.push_back(r.puzzle);
                  } else {
                    std::cerr << path << ':' << r.line << ": " << r.reason
                              << '\n';
                  }
                });
  } catch (const InputError& error) {
    std::cerr << "micro: " << error.what() << '\n';
  }
  return puzzles;
}

void SolveSet(benchmark::State& state, const Strategy& strategy,
              const std::vector<Grid>& puzzles, uint64_t node_budget) {
  uint64_t nodes = 0, over_budget = 0;
  for (auto _ : state) {
    for (const Grid& puzzle : puzzles) {
      const SolveResult r = strategy.Solve(puzzle, 2, node_budget);
      nodes += r.nodes;
      over_budget += r.outcome == Outcome::kOverBudget;
      benchmark::DoNotOptimize(r);
    }
  }
  const auto solved = static_cast<double>(state.iterations()) *
                      static_cast<double>(puzzles.size());
  state.SetItemsProcessed(static_cast<int64_t>(solved));
  state.counters["nodes/puzzle"] = static_cast<double>(nodes) / solved;
  state.counters["over_budget"] = static_cast<double>(over_budget) / solved;
}

}  // namespace
}  // namespace sudoku

int main(int argc, char** argv) {
  // Outlives every benchmark run below, which refer to its sets.
  std::vector<std::vector<sudoku::Grid>> sets;
  for (const sudoku::PuzzleSet& set : sudoku::kSets) {
    const std::string path = sudoku::DataDir() + "/" + std::string(set.file);
    sets.push_back(sudoku::LoadSet(path));
    if (sets.back().empty()) {
      std::cerr << "micro: no puzzles in " << path << '\n';
      return sudoku::kExitUsage;
    }
  }
  for (const sudoku::Strategy& strategy : sudoku::AllStrategies()) {
    for (size_t i = 0; i < std::size(sudoku::kSets); ++i) {
      const sudoku::PuzzleSet& set = sudoku::kSets[i];
      const std::string name =
          std::string(strategy.name) + "/" + std::string(set.name);
      benchmark::RegisterBenchmark(
          name.c_str(),
          [&strategy, &puzzles = sets[i], &set](benchmark::State& state) {
            sudoku::SolveSet(state, strategy, puzzles, set.node_budget);
          });
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return sudoku::kExitUsage;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return sudoku::kExitOk;
}
