// Counts past 2 (--limit 3 and more) checked across strategies as answers
// are: a count that cannot be right beside another is a disagreement, a
// wrong answer beside a reference, and a contradiction of the file's count.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/driver.h"
#include "strategies/registry.h"
#include "tests/deadly_patterns.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

class Recorder : public RunObserver {
 public:
  void OnRecord(const std::string&, const PuzzleRecord&,
                std::span<const PuzzleOutcome>) override {}
  void OnProblem(const std::string& message, bool error) override {
    (error ? errors : bad_lines).push_back(message);
  }
  std::vector<std::string> errors, bad_lines;
};

// simd's answer with one solution too many where its count is exact: a
// built-in-looking strategy that miscounts.
SolveResult OneTooMany(const Grid& givens, uint32_t limit, uint64_t budget) {
  SolveResult r = FindStrategy("simd")->Solve(givens, limit, budget);
  if (r.solutions >= 2 && r.solutions + 1 < limit) ++r.solutions;
  return r;
}
const Strategy kOneTooMany{"one-too-many", "miscounts", &OneTooMany,
                           kCountsSolutions, "node"};

std::string FourSolutions() { return testing::DeadlyPatterns(2); }

RunOptions Options(uint32_t limit, int reference = -1) {
  RunOptions options;
  options.strategies = {FindStrategy("simd"), FindStrategy("dlx"),
                        &kOneTooMany};
  options.threads = 1;
  options.solution_limit = limit;
  options.reference = reference;
  return options;
}

bool Has(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& line : lines) {
    if (line.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(CountAgreement, DifferentCountsDisagree) {
  const std::string path = WriteTempFile("four.txt", FourSolutions() + "\n");
  Recorder recorder;
  const DatasetResult r = RunDataset(path, Options(kAllSolutions), recorder);
  EXPECT_TRUE(Has(recorder.errors,
                  "DISAGREEMENT: simd counts 4 solutions, one-too-many "
                  "counts 5 solutions"))
      << ::testing::PrintToString(recorder.errors);
  EXPECT_EQ(r.stats[0].disagreements, 1u);
  EXPECT_EQ(r.stats[1].disagreements, 0u);
  EXPECT_EQ(r.stats[2].disagreements, 1u);
}

// At a limit the count is "at least": 3 of 4 beside an exact 4 agrees; an
// exact 4 beside "at least 5" would not.
TEST(CountAgreement, ACountAtTheLimitIsAtLeast) {
  const std::string path = WriteTempFile("four3.txt", FourSolutions() + "\n");
  Recorder recorder;
  RunOptions options = Options(3);
  options.strategies.pop_back();
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_TRUE(recorder.errors.empty())
      << ::testing::PrintToString(recorder.errors);
  EXPECT_EQ(r.stats[0].count(Verdict::kMultiple), 1u);
}

// Limits 1 and 2 check what they always did: counts past 2 are not
// compared there.
TEST(CountAgreement, NotComparedAtLimitTwo) {
  const std::string path = WriteTempFile("four2.txt", FourSolutions() + "\n");
  Recorder recorder;
  const DatasetResult r = RunDataset(path, Options(2), recorder);
  EXPECT_TRUE(recorder.errors.empty())
      << ::testing::PrintToString(recorder.errors);
  EXPECT_EQ(r.stats[2].disagreements, 0u);
}

TEST(CountAgreement, TheReferenceMakesAWrongCountWrong) {
  const std::string path = WriteTempFile("four_ref.txt", FourSolutions() + "\n");
  Recorder recorder;
  const DatasetResult r =
      RunDataset(path, Options(kAllSolutions, /*reference=*/1), recorder);
  EXPECT_TRUE(Has(recorder.errors,
                  "WRONG ANSWER from one-too-many: counts 5 solutions, but "
                  "the reference dlx counts 4 solutions"))
      << ::testing::PrintToString(recorder.errors);
  EXPECT_EQ(r.stats[2].count(Verdict::kWrong), 1u);
  EXPECT_EQ(r.stats[0].count(Verdict::kMultiple), 1u);
}

// The file's count read back as a reference: an exact count below it
// contradicts it; one above it may be a count cut at a limit, and does not.
TEST(CountAgreement, AnExactCountBelowTheFilesContradictsIt) {
  const std::string four = FourSolutions();
  const std::string path = WriteTempFile(
      "four_claims.txt", four + ":4\n" + four + ":6\n" + four + ":3\n");
  Recorder recorder;
  RunOptions options = Options(kAllSolutions);
  options.strategies = {FindStrategy("simd")};
  const DatasetResult r = RunDataset(path, options, recorder);
  ASSERT_EQ(recorder.bad_lines.size(), 1u)
      << ::testing::PrintToString(recorder.bad_lines);
  EXPECT_TRUE(Has(recorder.bad_lines,
                  ":2: simd counts 4 solutions, the file says 6"));
  EXPECT_EQ(r.stats[0].expected_differs, 1u);
}

}  // namespace
}  // namespace sudoku
