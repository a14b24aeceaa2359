// canon_micro: Google Benchmark microbenchmarks of the canonical forms: the
// puzzle canonicaliser on puzzles, and on their solution grids the
// band-first grid canonicaliser and the puzzle canonicaliser.
//
// The puzzles are a file's (SUDOKU_CANON_DATA, default the 17-clue sample of
// tests/data), each moved by a random group element so that none is
// canonical; their solutions are simd's, moved by the same element.
// items_per_second is puzzles or grids per second, one thread.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "engine/common/exit_codes.h"
#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "strategies/registry.h"
#include "tools/lib/canonical.h"
#include "tools/lib/grid_canon.h"
#include "tools/lib/symmetry.h"

namespace sudoku {
namespace {

struct Sets {
  std::vector<Grid> puzzles;
  std::vector<Grid> grids;
};

Sets Load(const std::string& path) {
  Sets sets;
  const Strategy* simd = FindStrategy("simd");
  std::mt19937_64 rng(1);
  try {
    Input input(path);
    DatasetParser parser;
    ReadRecords(input, parser, GivensCheck::kNow,
                [&](const PuzzleRecord& record, std::string_view) {
                  if (record.status != RecordStatus::kPuzzle) return;
                  const SolveResult solved =
                      simd->Solve(record.puzzle, 2, kUnlimitedNodes);
                  if (solved.outcome != Outcome::kSolved) return;
                  const Transform t = RandomTransform(rng);
                  sets.puzzles.push_back(ApplyTransform(t, record.puzzle));
                  sets.grids.push_back(ApplyTransform(t, solved.solution));
                });
  } catch (const InputError& error) {
    std::cerr << "canon_micro: " << error.what() << '\n';
  }
  return sets;
}

template <typename Canonicalizer>
void Run(benchmark::State& state, const std::vector<Grid>& grids,
         Canonicalizer canonicalize) {
  for (auto _ : state) {
    for (const Grid& grid : grids) {
      benchmark::DoNotOptimize(canonicalize(grid));
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(grids.size()));
}

}  // namespace
}  // namespace sudoku

int main(int argc, char** argv) {
  const char* data = std::getenv("SUDOKU_CANON_DATA");
  const sudoku::Sets sets =
      sudoku::Load(data != nullptr ? data : SUDOKU_CANON_SAMPLE);
  if (sets.puzzles.empty()) {
    std::cerr << "canon_micro: no puzzle with one solution read\n";
    return sudoku::kExitUsage;
  }
  benchmark::RegisterBenchmark("puzzles/Canonicalize", [&](auto& state) {
    sudoku::Run(state, sets.puzzles, sudoku::Canonicalize);
  });
  benchmark::RegisterBenchmark("grids/CanonicalizeSolution", [&](auto& state) {
    sudoku::Run(state, sets.grids, sudoku::CanonicalizeSolution);
  });
  benchmark::RegisterBenchmark("grids/Canonicalize", [&](auto& state) {
    sudoku::Run(state, sets.grids, sudoku::Canonicalize);
  });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return sudoku::kExitUsage;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return sudoku::kExitOk;
}
