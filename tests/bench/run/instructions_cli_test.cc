// bench --instructions end to end under valgrind's callgrind: the column is
// filled for the sampled strategy, the count is exact from run to run, and
// compare judges it; --instructions-by counter says in one line why it
// cannot where the kernel has no counter. Skips, saying so, without
// valgrind.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tests/bench/bench_runner.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::ColumnIndex;
using testing::Fields;
using testing::Has;
using testing::Lines;
using testing::ReadFile;
using testing::TempPath;

const std::string kRegression =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/regression.txt";
const std::string kEasy = std::string(SUDOKU_SOURCE_DIR) + "/datasets/easy.txt";

bool HasValgrind() {
  return std::system("valgrind --version >/dev/null 2>&1") == 0;
}

// The row's value of `column` in a one-row report.
std::string Field(const std::string& csv, const std::string& column) {
  const std::vector<std::string> lines = Lines(ReadFile(csv));
  if (lines.size() != 2) return "(" + std::to_string(lines.size()) + " lines)";
  const std::vector<std::string> fields = Fields(lines[1]);
  const size_t at = ColumnIndex(lines[0], column);
  return at < fields.size() ? fields[at] : "(no column)";
}

std::string CountedRun(const std::string& csv) {
  return "--instructions=10 --instructions-by callgrind -q -t 2 --plugin " +
         std::string(EXAMPLE_C_PLUGIN) + " -s example-c --csv " + csv + " " +
         kEasy;
}

TEST(BenchInstructions, CallgrindCountsTheSampleExactlyRunToRun) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string a = TempPath("instr_a.csv"), b = TempPath("instr_b.csv");
  const auto first = Bench(CountedRun(a));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(Field(a, "instructions_by"), "callgrind");
  EXPECT_EQ(Field(a, "instructions_sample"), "10");
  EXPECT_EQ(Field(a, "puzzles"), "5000");  // the pass itself is whole
  const double per_puzzle = std::stod(Field(a, "instructions_per_puzzle"));
  // A solve by backtracking takes thousands of instructions, and reading,
  // parsing and checking (uncounted) would add as many again.
  EXPECT_GT(per_puzzle, 1000);
  EXPECT_LT(per_puzzle, 1e8);
  const auto second = Bench(CountedRun(b));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(Field(b, "instructions_per_puzzle"),
            Field(a, "instructions_per_puzzle"));
  const auto compare = Bench("compare " + a + " " + b);
  EXPECT_EQ(compare.exit_code, 0) << compare.out;
  EXPECT_TRUE(Has(compare.out,
                  "instructions equal (one build, callgrind, "
                  "10 puzzles)"))
      << compare.out;
}

// The strategies' build flags, as bench reports them.
std::string BuildFlags() {
  const std::string csv = TempPath("instr_flags.csv");
  Bench("-q -s bitmask --lines 3 --csv " + csv + " " + kEasy);
  return Field(csv, "build_flags");
}

TEST(BenchInstructions, ANativeAvx512BuildNamesThePresetValgrindCanRun) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  if (BuildFlags().find("-march=native") == std::string::npos ||
      !Has(ReadFile("/proc/cpuinfo"), " avx512f")) {
    GTEST_SKIP() << "not a -march=native build on an AVX-512 CPU";
  }
  const auto run = Bench(
      "--instructions=2 --instructions-by callgrind -q "
      "-s bitmask " +
      kEasy);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "valgrind could not run bitmask")) << run.err;
  EXPECT_TRUE(Has(run.err, "cmake --preset x86-64-v3")) << run.err;
}

TEST(BenchInstructions, UncountedRunsLeaveTheColumnsEmpty) {
  const std::string csv = TempPath("instr_none.csv");
  const auto run =
      Bench("-q -s bitmask --lines 100 --csv " + csv + " " + kRegression);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Field(csv, "instructions_per_puzzle"), "");
  EXPECT_EQ(Field(csv, "instructions_by"), "");
  EXPECT_EQ(Field(csv, "instructions_sample"), "");
}

TEST(BenchInstructions, TheCounterByNameSaysWhyItIsMissing) {
  const auto run =
      Bench("--instructions=5 --instructions-by counter -q --lines 100 " +
            kRegression);
  if (run.exit_code == 0) GTEST_SKIP() << "this machine has the counter";
  EXPECT_EQ(run.exit_code, 2);
  // One line says it (the other is --lines's own note).
  std::vector<std::string> said;
  for (const std::string& line : Lines(run.err)) {
    if (Has(line, "instruction")) said.push_back(line);
  }
  ASSERT_EQ(said.size(), 1u) << run.err;
  EXPECT_TRUE(Has(said[0], "no instruction counter (perf_event_open"))
      << run.err;
}

TEST(BenchInstructions, RefusedWithModesThatSplitOrResumeTheDataset) {
  for (const std::string other :
       {"--ab bitmask,dlx", "--shard 1/2", "--parse-only", "--isolate"}) {
    const auto run = Bench("--instructions " + other + " -q " + kRegression);
    EXPECT_EQ(run.exit_code, 2) << other;
    EXPECT_TRUE(Has(run.err, "--instructions")) << other << ": " << run.err;
  }
}

}  // namespace
}  // namespace sudoku
