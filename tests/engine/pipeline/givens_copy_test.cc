// Tests that each strategy solves its own copy of the puzzle and every answer
// is verified against the engine's, whatever a strategy writes to its givens;
// and that node counts no search reaches are refused, and totals saturate.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/pipeline/driver.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

// Four unique puzzles: the sample and the first three of datasets/easy.txt.
const std::vector<std::string> kPuzzles = {
    testing::kSamplePuzzle,
    ".6429......7.8..4229..418..682..4...7.1.2..34.437...2.536972..11......"
    "734...1.29.",
    "42368.719.....2..51...9..2.6.4...28721...8.....592.1.694817.......8..."
    "717.1.5..9.",
    "27..9...4.4..53....634.....6.8...4.9.3.54...64..96.2.5.91.25..3...6391"
    "2....7...58"};

std::string Dataset(const std::string& name) {
  std::string text;
  for (const std::string& p : kPuzzles) text += p + "\n";
  return WriteTempFile(name, text);
}

// Keeps every puzzle each record showed and every message.
class Recorder : public RunObserver {
 public:
  bool WantsRecords() const override { return true; }
  void OnRecord(const std::string&, const PuzzleRecord& record,
                std::span<const PuzzleOutcome>) override {
    puzzles.push_back(record.puzzle);
  }
  void OnProblem(const std::string& message, bool error) override {
    if (error) errors.push_back(message);
  }
  std::vector<Grid> puzzles;
  std::vector<std::string> errors;
};

SolveResult Bitmask(const Grid& givens, uint32_t limit, uint64_t budget) {
  return FindStrategy("bitmask")->solve(givens, limit, budget);
}

// Solves in place, as C code casting away const does: the givens become the
// solution, which is a right answer.
SolveResult SolveInPlace(const Grid& givens, uint32_t limit, uint64_t budget) {
  SolveResult r = Bitmask(givens, limit, budget);
  if (r.solutions > 0) const_cast<Grid&>(givens) = r.solution;
  return r;
}

// Writes one valid grid, a solution of none of the puzzles, into the givens
// and returns it as the answer.
SolveResult SolveFixedGrid(const Grid& givens, uint32_t, uint64_t) {
  Grid& grid = const_cast<Grid&>(givens);
  for (int cell = 0; cell < kCells; ++cell) {
    const int row = cell / 9, column = cell % 9;
    grid[cell] = static_cast<uint8_t>((row * 3 + row / 3 + column) % 9 + 1);
  }
  SolveResult r;
  r.outcome = Outcome::kSolved;
  r.solutions = 1;
  r.solution = grid;
  return r;
}

// Right answers with node counts no search reaches: past what any store
// holds, or within it but summing past it in three puzzles.
SolveResult SolveMaxNodes(const Grid& givens, uint32_t limit, uint64_t) {
  SolveResult r = Bitmask(givens, limit, kUnlimitedNodes);
  r.nodes = UINT64_MAX;
  return r;
}
SolveResult SolveHugeNodes(const Grid& givens, uint32_t limit, uint64_t) {
  SolveResult r = Bitmask(givens, limit, kUnlimitedNodes);
  r.nodes = uint64_t{1} << 62;
  return r;
}

const Strategy kInPlace{"in-place", "solves in its givens", SolveInPlace, 0,
                        "node"};
const Strategy kFixedGrid{"fixed-grid", "writes a fixed grid in its givens",
                          SolveFixedGrid, 0, "node"};
const Strategy kMaxNodes{"max-nodes", "counts 2^64 - 1 nodes", SolveMaxNodes,
                         0, "node"};
const Strategy kHugeNodes{"huge-nodes", "counts 2^62 nodes", SolveHugeNodes, 0,
                          "node"};

RunOptions Options(std::vector<const Strategy*> strategies) {
  RunOptions options;
  options.strategies = std::move(strategies);
  options.threads = 2;
  options.solution_limit = 2;
  return options;
}

// bitmask's own nodes on the dataset, alone.
uint64_t BitmaskAloneNodes(const std::string& path) {
  Recorder recorder;
  return RunDataset(path, Options({FindStrategy("bitmask")}), recorder)
      .stats[0]
      .nodes_total;
}

TEST(GivensCopy, ASolverInPlaceLeavesTheNextStrategyItsPuzzle) {
  const std::string path = Dataset("in_place.txt");
  const uint64_t alone = BitmaskAloneNodes(path);
  ASSERT_GT(alone, 0u);
  Recorder recorder;
  const DatasetResult r = RunDataset(
      path, Options({&kInPlace, FindStrategy("bitmask")}), recorder);
  EXPECT_EQ(r.wrong_answers, 0u);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), kPuzzles.size());
  EXPECT_EQ(r.stats[1].count(Verdict::kSolved), kPuzzles.size());
  // Before each strategy had its copy, bitmask "solved" full grids: 0 nodes.
  EXPECT_EQ(r.stats[1].nodes_total, alone);
  // The records the outputs see keep the puzzle as read.
  ASSERT_EQ(recorder.puzzles.size(), kPuzzles.size());
  for (size_t i = 0; i < kPuzzles.size(); ++i) {
    EXPECT_EQ(recorder.puzzles[i], testing::ParsedGrid(kPuzzles[i]));
  }
}

TEST(GivensCopy, AFixedGridWrittenInTheGivensIsWrong) {
  const std::string path = Dataset("fixed_grid.txt");
  const uint64_t alone = BitmaskAloneNodes(path);
  for (const int reference : {-1, 1}) {
    SCOPED_TRACE(reference);
    RunOptions options = Options({&kFixedGrid, FindStrategy("bitmask")});
    options.reference = reference;
    Recorder recorder;
    const DatasetResult r = RunDataset(path, options, recorder);
    EXPECT_EQ(r.stats[0].count(Verdict::kWrong), kPuzzles.size());
    EXPECT_EQ(r.wrong_answers, kPuzzles.size());
    EXPECT_EQ(r.stats[1].count(Verdict::kSolved), kPuzzles.size());
    EXPECT_EQ(r.stats[1].nodes_total, alone);
    ASSERT_EQ(recorder.errors.size(), kPuzzles.size());
    EXPECT_NE(recorder.errors[0].find(
                  path + ":1: WRONG ANSWER from fixed-grid: returned a grid "
                         "that is not a solution"),
              std::string::npos)
        << recorder.errors[0];
  }
}

// The contract (SolveFn): nodes <= kMostNodes, budget or none. An answer
// past it is wrong, and counted at kMostNodes: nothing wraps around.
TEST(GivensCopy, NodesPastTheMostAnAnswerMayCountAreWrong) {
  const std::string path = Dataset("max_nodes.txt");
  Recorder recorder;
  const DatasetResult r = RunDataset(
      path, Options({&kMaxNodes, FindStrategy("bitmask")}), recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kWrong), kPuzzles.size());
  EXPECT_EQ(r.stats[0].nodes_total, kMostNodes);
  EXPECT_EQ(r.stats[0].nodes_max, kMostNodes);
  EXPECT_TRUE(NodesSaturated(r.stats[0].nodes_total));
  EXPECT_EQ(r.stats[1].nodes_total, BitmaskAloneNodes(path));
  ASSERT_EQ(recorder.errors.size(), kPuzzles.size());
  EXPECT_EQ(recorder.errors[0],
            path + ":1: WRONG ANSWER from max-nodes: counted "
                   "18446744073709551615 nodes, above the most one answer "
                   "may count, 9223372036854775807 (contract violation)");
}

// Each count within the contract, their sum past what a report holds: the
// total stops at kMostNodes, flagged, and never wraps to a small number.
TEST(GivensCopy, NodeTotalsSaturate) {
  const std::string path = Dataset("huge_nodes.txt");
  Recorder recorder;
  const DatasetResult r =
      RunDataset(path, Options({&kHugeNodes}), recorder);
  EXPECT_EQ(r.wrong_answers, 0u);
  EXPECT_EQ(r.stats[0].nodes_total, kMostNodes);
  EXPECT_TRUE(NodesSaturated(r.stats[0].nodes_total));
  EXPECT_EQ(r.stats[0].nodes_max, uint64_t{1} << 62);
  EXPECT_EQ(r.stats[0].nodes.sum(), UINT64_MAX);  // the histogram's, too
}

}  // namespace
}  // namespace sudoku
