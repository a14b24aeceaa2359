// End-to-end tests of counting every solution: --limit N|all and its
// refusals, the counts in the solutions file and read back from it, and a
// count the node budget stops.
#include <gtest/gtest.h>

#include <string>

#include "tests/bench/bench_runner.h"
#include "tests/deadly_patterns.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

TEST(BenchCount, LimitRangeIsRefusedInWords) {
  for (const std::string value : {"0", "4294967296", "-1", "al", "2.5"}) {
    const BenchRun run = Bench("--limit " + value + " x.txt");
    EXPECT_EQ(run.exit_code, 2) << value;
    EXPECT_TRUE(Has(run.err, "bench: --limit: ")) << run.err;
    EXPECT_TRUE(Has(run.err, "(1 to 4,294,967,295, or all)")) << run.err;
  }
}

// One, two and four solutions, and the empty grid's far too many.
std::string Counted() {
  return WriteTempFile("count_cli.txt",
                       testing::kSamplePuzzle + "\n" +
                           testing::DeadlyPatterns(1) + "\n" +
                           testing::DeadlyPatterns(2) + "\n");
}

TEST(BenchCount, AllCountsEveryOneAndTheFileReadsBack) {
  const std::string data = Counted();
  const std::string out = TempPath("count_cli_solutions.txt");
  const BenchRun run = Bench("-q --limit all -s simd,dlx,bands --solutions " +
                             out + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string written = ReadFile(out);
  EXPECT_TRUE(Has(written, testing::kSamplePuzzle + ":1:")) << written;
  EXPECT_TRUE(Has(written, testing::DeadlyPatterns(1) + ":2:")) << written;
  EXPECT_TRUE(Has(written, testing::DeadlyPatterns(2) + ":4:")) << written;

  // Read back, its counts are the reference: they agree...
  const BenchRun back =
      Bench("-q --limit all -s dlx,simd --strict-expected " + out);
  EXPECT_EQ(back.exit_code, 0) << back.err;
  EXPECT_TRUE(Has(back.err, "dlx: 3 of 3 answers checked")) << back.err;

  // ...and a count above the real one is caught.
  const std::string wrong = WriteTempFile(
      "count_cli_wrong.txt", testing::DeadlyPatterns(2) + ":5\n");
  const BenchRun caught =
      Bench("-q --limit 100 -s dlx --strict-expected " + wrong);
  EXPECT_EQ(caught.exit_code, 1) << caught.err;
  EXPECT_TRUE(Has(caught.err, "dlx counts 4 solutions, the file says 5"))
      << caught.err;
}

// The empty grid has about 6.7 * 10^21 solutions: --limit all ends only by
// the node budget, and then over budget, never a count.
TEST(BenchCount, TheBudgetStopsAllAsOverBudget) {
  const std::string data =
      WriteTempFile("count_cli_empty.txt", std::string(81, '.') + "\n");
  const std::string per = TempPath("count_cli_empty.csv");
  const std::string out = TempPath("count_cli_empty_solutions.txt");
  const BenchRun run = Bench("-q --limit all --max-nodes 20000 -s simd,dlx "
                             "--solutions " + out + " --per-puzzle " + per +
                             " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string rows = ReadFile(per);
  EXPECT_TRUE(Has(rows, ",simd,over_budget,")) << rows;
  EXPECT_TRUE(Has(rows, ",dlx,over_budget,")) << rows;
  // The solutions found before the budget ran out are no count.
  EXPECT_EQ(ReadFile(out), std::string(81, '.') + ":over_budget\n");
  // A limit the search reaches is a count: "at least 1000".
  const BenchRun limited =
      Bench("-q --limit 1000 --max-nodes 1000000 -s simd,dlx --solutions " +
            out + " " + data);
  EXPECT_EQ(limited.exit_code, 0) << limited.err;
  EXPECT_TRUE(Has(ReadFile(out), std::string(81, '.') + ":1000:"))
      << ReadFile(out);
}

}  // namespace
}  // namespace sudoku
