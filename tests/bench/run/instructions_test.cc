// bench --instructions, in process: the sample is the same evenly spaced
// puzzles every time, drawn from the lines the pass read, callgrind's totals are read from its output file, and
// the processor's counter counts a solve where the kernel exposes it (the
// test says why it skips where it does not).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bench/run/instructions_run.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/instruction_count.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

// The puzzle lines of the shipped regression set (3,000, one a line, after
// comments), with an invalid puzzle and a malformed line put among them:
// only valid puzzles are sampled.
std::vector<std::string> RegressionPuzzles() {
  std::vector<std::string> lines;
  std::istringstream in(
      ReadFile(std::string(SUDOKU_SOURCE_DIR) + "/datasets/regression.txt"));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

// The sample as 81-character lines.
std::string SampleText(const InstructionSampler& sampler) {
  std::string text;
  for (const Grid& grid : sampler.Sample()) text += FormatGrid(grid) + "\n";
  return text;
}

// A pass over `dataset`, its records seen by `sampler` as bench's observers
// see them.
void SamplePass(const std::string& dataset, InstructionSampler& sampler,
                uint64_t max_lines = 0) {
  RunOptions run;
  run.strategies = {FindStrategy("bitmask")};
  run.max_nodes = 1;  // the sample is of the puzzles, whatever their outcome
  run.max_lines = max_lines;
  sampler.Reset();
  RunDataset(dataset, run, sampler);
}

TEST(InstructionSample, EvenlySpacedAndTheSameEveryTime) {
  const std::vector<std::string> puzzles = RegressionPuzzles();
  ASSERT_EQ(puzzles.size(), 3000u);
  std::string text = "# a comment\n";
  for (size_t i = 0; i < puzzles.size(); ++i) {
    text += puzzles[i] + "\n";
    if (i == 700) text += "11" + std::string(79, '.') + "\nnot a puzzle\n";
  }
  const std::string dataset = WriteTempFile("instr_regression.txt", text);
  InstructionSampler sampler(5);
  SamplePass(dataset, sampler);
  const std::string first = SampleText(sampler);
  std::string expected;
  for (size_t i : {0, 600, 1200, 1800, 2400}) {
    Grid grid;
    ASSERT_FALSE(ParseGrid(puzzles[i], grid));
    expected += FormatGrid(grid) + "\n";
  }
  EXPECT_EQ(first, expected);
  SamplePass(dataset, sampler);
  EXPECT_EQ(SampleText(sampler), first);
  // A sample larger than the dataset takes every valid puzzle.
  InstructionSampler all(5000);
  SamplePass(dataset, all);
  EXPECT_EQ(all.Sample().size(), 3000u);
}

// Drawn from the lines the pass read: under --lines, the first 1,000 lines'
// puzzles (the sample once drawn by reading the dataset again came from all
// 3,000).
TEST(InstructionSample, OnlyFromTheLinesThePassRead) {
  const std::vector<std::string> puzzles = RegressionPuzzles();
  std::string text;
  for (const std::string& puzzle : puzzles) text += puzzle + "\n";
  const std::string dataset = WriteTempFile("instr_lines.txt", text);
  InstructionSampler sampler(4);
  SamplePass(dataset, sampler, /*max_lines=*/1000);
  std::string expected;
  for (size_t i : {0, 250, 500, 750}) {
    Grid grid;
    ASSERT_FALSE(ParseGrid(puzzles[i], grid));
    expected += FormatGrid(grid) + "\n";
  }
  EXPECT_EQ(SampleText(sampler), expected);
}

// The grid standing for valid puzzle `index` (its digits in the first cells).
PuzzleRecord Numbered(uint64_t index) {
  PuzzleRecord record;
  for (size_t cell = 0; cell < 10; ++cell, index /= 10) {
    record.puzzle[cell] = static_cast<uint8_t>(index % 10);
  }
  return record;
}

uint64_t NumberOf(const Grid& grid) {
  uint64_t index = 0;
  for (size_t cell = 10; cell-- > 0;) index = index * 10 + grid[cell];
  return index;
}

// A long input keeps a bounded number of puzzles (never all of them): every
// 16th of a million, and the sample evenly spaced among those.
TEST(InstructionSample, BoundedAndEvenOnALongInput) {
  InstructionSampler sampler(5);
  PuzzleRecord bad;
  bad.status = RecordStatus::kInvalid;
  for (uint64_t i = 0; i < 1000000; ++i) {
    sampler.OnRecord("long.txt", Numbered(i), {});
    if (i % 3 == 0) sampler.OnRecord("long.txt", bad, {});
  }
  std::vector<uint64_t> taken;
  for (const Grid& grid : sampler.Sample()) taken.push_back(NumberOf(grid));
  EXPECT_EQ(taken,
            (std::vector<uint64_t>{0, 200000, 400000, 600000, 800000}));
}

TEST(CallgrindTotal, ReadsTotalsOrSummary) {
  std::string path =
      WriteTempFile("callgrind.out.test",
                    "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n"
                    "fn=main\n1 5\nsummary: 123456789\ntotals: 123456789\n");
  EXPECT_EQ(CallgrindTotal(path), 123456789u);
  path = WriteTempFile("callgrind.out.2", "events: Ir\nsummary: 42\n");
  EXPECT_EQ(CallgrindTotal(path), 42u);
  path = WriteTempFile("callgrind.out.3", "events: Ir\n");
  EXPECT_FALSE(CallgrindTotal(path));
  EXPECT_FALSE(CallgrindTotal(TempPath("no-such-callgrind.out")));
}

TEST(InstructionCounter, CountsTheSolveCallsWhereTheKernelHasIt) {
  if (const auto missing = InstructionCounterMissing()) {
    GTEST_SKIP() << "no instruction counter here: " << *missing;
  }
  std::string text;
  for (size_t i = 0; i < 10; ++i) text += RegressionPuzzles()[i] + "\n";
  const std::string dataset = WriteTempFile("instr_counter.txt", text);
  RunOptions run;
  run.strategies = {FindStrategy("bitmask")};
  run.count_instructions = InstructionCount::kCounter;
  RunObserver quiet;
  ResetCountedInstructions();
  RunDataset(dataset, run, quiet);
  const uint64_t ten = CountedInstructions();
  EXPECT_GT(ten, 10u * 100);  // a solve is hundreds of instructions at least
  // Uncounted, the total stays where it was.
  run.count_instructions = InstructionCount::kOff;
  RunDataset(dataset, run, quiet);
  EXPECT_EQ(CountedInstructions(), ten);
}

TEST(InstructionCounter, SaysInOneLineWhyItIsMissing) {
  const auto missing = InstructionCounterMissing();
  if (!missing) GTEST_SKIP() << "this machine has the counter";
  EXPECT_FALSE(missing->empty());
  EXPECT_EQ(missing->find('\n'), std::string::npos);
}

}  // namespace
}  // namespace sudoku
