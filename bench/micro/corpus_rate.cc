// corpus_rate: puzzles per second of strategies alone, single-threaded, over
// one corpus file.
//
// Usage: corpus_rate FILE STRATEGY... [--limit N] [--budget N] [--min-seconds
// S]
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
  std::vector<const Strategy*> strategies;
  uint32_t limit = 2;
  uint64_t budget = sudoku::kUnlimitedNodes;
  double min_seconds = 1.0;
};

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         1e-9 * static_cast<double>(ts.tv_nsec);
}

int Usage(const char* why) {
  std::cerr << "corpus_rate: " << why << "\n"
            << "usage: corpus_rate FILE STRATEGY... [--limit N] [--budget N] "
               "[--min-seconds S]\nstrategies:";
  for (const Strategy& s : sudoku::AllStrategies()) std::cerr << ' ' << s.name;
  std::cerr << '\n';
  return sudoku::kExitUsage;
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

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--limit" && has_value) {
      options.limit =
          static_cast<uint32_t>(std::strtoul(argv[++i], nullptr, 10));
    } else if (arg == "--budget" && has_value) {
      options.budget = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--min-seconds" && has_value) {
      options.min_seconds = std::strtod(argv[++i], nullptr);
    } else if (arg.starts_with("--")) {
      return Usage("unknown or incomplete option");
    } else if (options.file.empty()) {
      options.file = arg;
    } else if (const Strategy* s = sudoku::FindStrategy(arg)) {
      options.strategies.push_back(s);
    } else {
      return Usage("unknown strategy");
    }
  }
  if (options.file.empty() || options.strategies.empty()) {
    return Usage("need a corpus file and at least one strategy");
  }
  if (options.limit < 1) return Usage("--limit must be at least 1");

  std::vector<Grid> puzzles;
  if (!LoadCorpus(options.file, puzzles)) return sudoku::kExitUsage;
  if (puzzles.empty()) return Usage("the corpus holds no puzzles");

  std::printf("%-14s %9s %8s %12s %12s %9s %9s %8s %8s %12s\n", "strategy",
              "puzzles", "passes", "puzzles/s", "wall/s", "solved", "multiple",
              "none", "over", "nodes/puzzle");
  for (const Strategy* s : options.strategies) {
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
