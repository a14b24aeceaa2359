// End-to-end tests that a gate on a file's own counts (--strict-expected)
// says how many answers it checked and how many the node budget left
// unchecked, with -q too (issue 44: 74% of the recipe's were unchecked, and
// nothing said so).
#include <gtest/gtest.h>

#include <string>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::WriteTempFile;

// A unique puzzle that bands settles within 5 nodes, the empty grid that
// needs more (several solutions), both with counts, and a line with none.
std::string CountedFile() {
  return WriteTempFile("counts_check.txt",
                       testing::kSamplePuzzle + ":1\n" + std::string(81, '.') +
                           ":2\n" + testing::kSamplePuzzle + "\n");
}

TEST(BenchCountsCheck, TheGateSaysHowManyAnswersItChecked) {
  const std::string data = CountedFile();
  const BenchRun run =
      Bench("-q --limit 2 -s bands --max-nodes 5 --strict-expected " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.err, "bench: " + data +
                               ": bands: 1 of 2 answers checked against the "
                               "file's counts; 1 over the node budget, "
                               "unchecked\n"))
      << run.err;
  // With a budget that lets every search end, every answer is checked.
  const BenchRun all =
      Bench("-q --limit 2 -s bands --max-nodes 1000 --strict-expected " +
            data);
  EXPECT_EQ(all.exit_code, 0) << all.err;
  EXPECT_TRUE(Has(all.err, ": bands: 2 of 2 answers checked against the "
                           "file's counts; 0 over the node budget"))
      << all.err;
}

// --repeat, as the CI recipe runs: said once, for the first round.
TEST(BenchCountsCheck, SaidOnceUnderRepeat) {
  const std::string data = CountedFile();
  const BenchRun run = Bench(
      "-q --limit 2 -s bands --max-nodes 5 --repeat 2 --strict-expected " +
      data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string line = ": bands: 1 of 2 answers checked";
  const size_t first = run.err.find(line);
  ASSERT_NE(first, std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(line, first + 1), std::string::npos) << run.err;
}

// Without --strict-expected there is no gate on the file, and no line.
TEST(BenchCountsCheck, NothingWithoutTheGate) {
  const BenchRun run = Bench("-q --limit 2 -s bands " + CountedFile());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_FALSE(Has(run.err, "answers checked")) << run.err;
}

}  // namespace
}  // namespace sudoku
