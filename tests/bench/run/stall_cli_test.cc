// A stall inside one solve (a plugin that sleeps 50 ms once) moves neither
// the console's ranking nor the stalled strategy's CPU figure; the wall
// clock shows it; nor does it move an --ab or a compare verdict, which go
// by the solves' CPU time (issues 44 and 49).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/bench/bench_runner.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::ColumnIndex;
using testing::Fields;
using testing::Lines;
using testing::TempPath;

const std::string kDataset =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/easy.txt";

// The CSV row of `strategy`, its fields by column name.
struct Row {
  std::vector<std::string> header, fields;
  double Number(const std::string& column) const {
    const size_t i = ColumnIndex(header, column);
    EXPECT_LT(i, fields.size()) << column;
    return i < fields.size() ? std::stod(fields[i]) : -1;
  }
};

Row RowOf(const std::string& csv, const std::string& strategy) {
  const std::vector<std::string> lines = Lines(testing::ReadFile(csv));
  Row row{Fields(lines.at(0)), {}};
  const size_t column = ColumnIndex(row.header, "strategy");
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = Fields(lines[i]);
    if (fields.at(column) == strategy) row.fields = fields;
  }
  return row;
}

// The console table's data lines, in the order printed, as "RANK NAME":
// the rank cell (its spaces squeezed) and the strategy.
std::vector<std::string> RankedStrategies(const std::string& out) {
  std::vector<std::string> ranked;
  for (const std::string& line : Lines(out)) {
    for (const std::string name : {"stalled", "steady"}) {
      const size_t at = line.find(" " + name + " ");
      if (at == std::string::npos || line.rfind("  ", 0) != 0) continue;
      std::string rank;
      for (char c : line.substr(0, at)) {
        if (c != ' ' || (!rank.empty() && rank.back() != ' ')) rank += c;
      }
      while (!rank.empty() && rank.back() == ' ') rank.pop_back();
      ranked.push_back(rank + " " + name);
    }
  }
  return ranked;
}

TEST(StallCliTest, SleepInOneSolveMovesTheWallClockNotTheCpuFigureOrRank) {
  const std::string csv = TempPath("stall.csv");
  // One thread: the sleep is on the thread that solves both strategies,
  // puzzle by puzzle. "stalled" costs 60 us of CPU a puzzle and "steady"
  // 100, so "stalled" ranks first; by the wall clock the 50 ms sleep
  // (about 500 puzzles' worth of its CPU) would put it last.
  const BenchRun run =
      Bench("--progress never -t 1 --lines 600 --plugin " +
            std::string(STALL_PLUGIN) + " -s steady,stalled --csv " + csv +
            " " + kDataset);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const Row stalled = RowOf(csv, "stalled");
  const Row steady = RowOf(csv, "steady");
  ASSERT_FALSE(stalled.fields.empty()) << run.out;
  ASSERT_FALSE(steady.fields.empty()) << run.out;
  // The sleep is in the summed solve time (the wall clock's)...
  EXPECT_GE(stalled.Number("solve_s"), 0.05);
  // ...and not in the CPU figure: about 600 x 60 us = 0.036 s, with room
  // for a loaded machine's undetected short preemptions.
  EXPECT_LT(stalled.Number("solve_cpu_s"), stalled.Number("solve_s") - 0.04);
  EXPECT_GT(stalled.Number("solve_cpu_s"), 0.02);
  EXPECT_GT(stalled.Number("puzzles_per_cpu_s"),
            steady.Number("puzzles_per_cpu_s"));
  // Not asserted: that by the wall clock "stalled" is the slower. On a
  // loaded machine preemptions of both spins outweigh the one 50 ms sleep
  // (3,110.7 vs 3,078.3 puzzles/s at load 14), which is the point of the CPU
  // figure, and a timed assertion has no place in a test.
  // The console ranks by the CPU figure, and the two are apart: 100/60 in
  // every block of 128 lines, far beyond the blocks' noise.
  const std::vector<std::string> ranked = RankedStrategies(run.out);
  ASSERT_EQ(ranked.size(), 2u) << run.out;
  EXPECT_EQ(ranked[0], "1 stalled") << run.out;
  EXPECT_EQ(ranked[1], "2 steady") << run.out;
  EXPECT_TRUE(testing::Has(run.out, "rank: by puzzles/cpu-s")) << run.out;
}

// A simulated preemption: "stalled" sleeps 50 ms inside one solve of one
// side. --ab sets the whole batch aside or weighs its CPU time, and passes
// a 10% margin; the byte-identical pair is as fast.
TEST(StallCliTest, ASleepOnOneSideDoesNotMoveAb) {
  const std::string plugin(STALL_PLUGIN);
  const BenchRun run = Bench(
      "-q --progress never -t 1 --lines 600 --batch 16 --plugin a=" + plugin +
      " --plugin b=" + plugin + " --ab a:stalled,b:stalled --max-slowdown 10 " +
      kDataset);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(testing::Has(run.out, "ab: verdict: PASS")) << run.out;
  EXPECT_TRUE(testing::Has(run.out, "; detection limit ")) << run.out;
}

// The same strategy without the sleep (STALL_PLUGIN_QUIET) as the baseline
// and with it as the current report (50 ms on 36 ms of CPU work): compare's
// gate, on the solves' CPU time, passes, saying its detection limit.
TEST(StallCliTest, ASleepOnOneSideDoesNotMoveCompare) {
  const std::string base = TempPath("stall_base.csv");
  const std::string cur = TempPath("stall_cur.csv");
  const std::string args =
      "-q --progress never -t 1 --lines 600 --repeat 2 --plugin " +
      std::string(STALL_PLUGIN) + " -s stalled --csv ";
  ASSERT_EQ(
      testing::BenchUnder("STALL_PLUGIN_QUIET=1 ", args + base + " " + kDataset)
          .exit_code,
      0);
  ASSERT_EQ(Bench(args + cur + " " + kDataset).exit_code, 0);
  // Which round's row carries the sleep depends on the clock (the lower
  // median round by wall time), and a loaded machine preempts the spins of
  // both runs anyway: the verdict is what is held.
  const BenchRun compare =
      Bench("compare --min-repeats 2 --max-slowdown 10 " + base + " " + cur);
  EXPECT_EQ(compare.exit_code, 0) << compare.out << compare.err;
  EXPECT_TRUE(testing::Has(compare.out, "timing gated: ")) << compare.out;
  EXPECT_TRUE(testing::Has(compare.out, "; detection limit ")) << compare.out;
}

}  // namespace
}  // namespace sudoku
