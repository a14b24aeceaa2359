// corpus_rate: puzzles per second of strategies alone, single-threaded, over
// one corpus file.
//
// Usage: corpus_rate FILE STRATEGY... [--limit N] [--budget N] [--min-seconds
// S] (corpus_rate --help says more)
//
// Loads every puzzle of FILE first, read as bench reads it (any format and
// compression bench takes; a line that is not a puzzle stops the load), so
// reading and parsing are not timed. Each strategy then solves the whole
// corpus in a tight loop, repeating passes until --min-seconds have gone by,
// and the rate is puzzles solved over the thread's CPU time (on a shared
// machine wall time also counts other processes' slices; both are printed). One
// untimed warm-up pass of up to 1,000 puzzles builds per-thread tables and
// warms caches first.
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/cli/numeric_options.h"
#include "engine/cli/program.h"
#include "engine/cli/shared_options.h"
#include "engine/common/exit_codes.h"
#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "strategies/registry.h"
#include "strategies/strategy.h"

namespace {

using sudoku::Grid;
using sudoku::Outcome;
using sudoku::SolveResult;
using sudoku::Strategy;

struct Options {
  std::string file;
  std::vector<std::string> strategies;
  uint32_t limit = 2;
  uint64_t budget = sudoku::kUnlimitedNodes;
  double min_seconds = 1.0;
};

std::vector<std::string> StrategyNames() {
  std::vector<std::string> names;
  for (const Strategy& s : sudoku::AllStrategies()) names.emplace_back(s.name);
  return names;
}

void Setup(CLI::App& app, Options& options) {
  app.description(
      "Puzzles per second of strategies alone, single-threaded, over one "
      "corpus file: every puzzle is loaded first, then each strategy solves "
      "the whole corpus in a tight loop until --min-seconds have gone by.");
  sudoku::ValueName(app.add_option("file", options.file,
                                   "The corpus: any format and compression "
                                   "bench reads")
                        ->required()
                        ->check(sudoku::InputPathValidator()),
                    "FILE");
  sudoku::ValueName(app.add_option("strategies", options.strategies,
                                   "Strategies to time, one after another")
                        ->required()
                        ->check(CLI::IsMember(StrategyNames())),
                    "STRATEGY...");
  sudoku::ValueName(app.add_option("--limit", options.limit,
                                   "Solutions to look for: 1 stops at the "
                                   "first, 2 proves uniqueness")
                        ->capture_default_str()
                        ->transform(sudoku::WholeNumbers(1, 1'000'000)),
                    "N");
  sudoku::ValueName(
      app.add_option("--budget", options.budget,
                     "Node budget per puzzle (default: none)")
          ->transform(sudoku::WholeNumbers(1, sudoku::kNoMax)),
      "N");
  sudoku::ValueName(app.add_option("--min-seconds", options.min_seconds,
                                   "Repeat passes over the corpus until this "
                                   "long has gone by")
                        ->capture_default_str()
                        ->transform(sudoku::Numbers(0, 1e6)),
                    "S");
}

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         1e-9 * static_cast<double>(ts.tv_nsec);
}

bool LoadCorpus(const std::string& path, std::vector<Grid>& puzzles) {
  bool ok = true;
  try {
    sudoku::Input input(path);
    sudoku::DatasetParser parser;
    // Clashing givens stay in: the strategies are timed on what they get.
    sudoku::ReadRecords(
        input, parser, sudoku::GivensCheck::kDeferred,
        [&](const sudoku::PuzzleRecord& record, std::string_view) {
          if (!ok) return;
          if (record.status == sudoku::RecordStatus::kPuzzle) {
            puzzles.push_back(record.puzzle);
            return;
          }
          std::cerr << path << ':' << record.line << ": " << record.reason
                    << '\n';
          ok = false;
        });
  } catch (const sudoku::InputError& error) {
    std::cerr << "corpus_rate: " << error.what() << '\n';
    return false;
  }
  return ok;
}

int Measure(const Options& options);

}  // namespace

int main(int argc, char** argv) {
  CLI::App app;
  app.name("corpus_rate");
  Options options;
  Setup(app, options);
  sudoku::AddToolDocs(app, "puzzles per second of strategies alone",
                      {{{"0", "all good"},
                        {"2",
                         "bad usage, or a corpus that cannot be read or "
                         "holds a bad line"}},
                       ""},
                      std::cout);
  return sudoku::ParseAndRun(app, sudoku::Arguments(argc, argv),
                             {std::cin, std::cout, std::cerr},
                             [&] { return Measure(options); });
}

namespace {

int Measure(const Options& options) {
  std::vector<Grid> puzzles;
  if (!LoadCorpus(options.file, puzzles)) return sudoku::kExitUsage;
  if (puzzles.empty()) {
    std::cerr << "corpus_rate: " << options.file << " holds no puzzles\n";
    return sudoku::kExitUsage;
  }

  std::printf("%-14s %9s %8s %12s %12s %9s %9s %8s %8s %12s\n", "strategy",
              "puzzles", "passes", "puzzles/s", "wall/s", "solved", "multiple",
              "none", "over", "nodes/puzzle");
  for (const std::string& name : options.strategies) {
    const Strategy* s = sudoku::FindStrategy(name);
    const size_t warm = puzzles.size() < 1000 ? puzzles.size() : 1000;
    for (size_t i = 0; i < warm; ++i) {
      s->Solve(puzzles[i], options.limit, options.budget);
    }
    uint64_t counts[4] = {}, nodes = 0, solved = 0;
    int passes = 0;
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const double cpu_start = ThreadCpuSeconds();
    double seconds = 0;
    do {
      for (const Grid& p : puzzles) {
        const SolveResult r = s->Solve(p, options.limit, options.budget);
        if (passes == 0) {
          ++counts[static_cast<int>(r.outcome)];
          nodes += r.nodes;
        }
      }
      solved += puzzles.size();
      ++passes;
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
    } while (seconds < options.min_seconds);
    const double cpu_seconds = ThreadCpuSeconds() - cpu_start;
    std::printf(
        "%-14s %9zu %8d %12.0f %12.0f %9llu %9llu %8llu %8llu %12.1f\n",
        std::string(s->name).c_str(), puzzles.size(), passes,
        static_cast<double>(solved) / cpu_seconds,
        static_cast<double>(solved) / seconds,
        static_cast<unsigned long long>(counts[0]),
        static_cast<unsigned long long>(counts[1]),
        static_cast<unsigned long long>(counts[2]),
        static_cast<unsigned long long>(counts[3]),
        static_cast<double>(nodes) / static_cast<double>(puzzles.size()));
  }
  return sudoku::kExitOk;
}

}  // namespace
