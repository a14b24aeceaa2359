// Tests for bench --ab's engine parts: the statistics on fixed numbers, the
// observer's batch sums and differences, and the solver stage's alternation.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "engine/compare/ab_check.h"
#include "engine/compare/ab_verdict.h"
#include "engine/stats/quantile.h"
#include "engine/pipeline/driver.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

TEST(AbVerdict, MedianIntervalRanksFromTheBinomial) {
  EXPECT_EQ(MedianIntervalRank(0), 0u);
  EXPECT_EQ(MedianIntervalRank(5), 0u);  // 2 / 32 > 5%: no interval
  EXPECT_EQ(MedianIntervalRank(6), 1u);  // 2 / 64 <= 5%: min and max
  EXPECT_EQ(MedianIntervalRank(10), 2u);
  EXPECT_EQ(MedianIntervalRank(16), 4u);
  EXPECT_EQ(MedianIntervalRank(100), 40u);  // ranks 40 and 61
  EXPECT_EQ(MedianIntervalRank(1000), 469u);
}

TEST(AbVerdict, ConstantRatioHasAPointInterval) {
  // B takes 25% longer on every batch: throughput ratio 0.8 exactly.
  const std::vector<AbBatch> batches(12, AbBatch{1000, 1250});
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.pairs, 6u);
  EXPECT_TRUE(v.has_interval);
  EXPECT_NEAR(v.ratio, 0.8, 1e-12);
  EXPECT_NEAR(v.low, 0.8, 1e-12);
  EXPECT_NEAR(v.high, 0.8, 1e-12);
  EXPECT_TRUE(BeyondSlowdown(v, 20));   // 25% slower > 20%
  EXPECT_FALSE(BeyondSlowdown(v, 30));  // within 30%
  EXPECT_FALSE(WithinSlowdown(v, 20));
  EXPECT_TRUE(WithinSlowdown(v, 30));
  EXPECT_EQ(SlowdownText(v.ratio), "25.0% slower");
}

TEST(AbVerdict, PairsCancelTheOrderAndAnOutlierMovesOnlyTheInterval) {
  // Whoever goes first is 1.5x slower: ln 1.5 and ln(1/1.5) cancel, even
  // when one batch is ten times harder than the other.
  std::vector<AbBatch> batches;
  for (int pair = 0; pair < 7; ++pair) {
    batches.push_back({150, 100});
    batches.push_back({1000, 1500});
  }
  batches[13].b_nanos = 1000000;  // a preemption in B's time
  batches.push_back({999, 1});    // unpaired: left out
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.pairs, 7u);
  EXPECT_NEAR(v.ratio, 1.0, 1e-12);
  ASSERT_TRUE(v.has_interval);  // ranks 1 and 7 of 7
  EXPECT_NEAR(v.low, std::sqrt(1.5 * 1000 / 1000000), 1e-12);
  EXPECT_NEAR(v.high, 1.0, 1e-12);
  EXPECT_FALSE(BeyondSlowdown(v, 0));
}

TEST(AbVerdict, PairsWithoutTimeAreLeftOutAndFewPairsHaveNoInterval) {
  const std::vector<AbBatch> batches = {{0, 0}, {0, 0}, {300, 100}, {100, 100}};
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.pairs, 1u);
  EXPECT_FALSE(v.has_interval);
  EXPECT_NEAR(v.ratio, std::sqrt(3.0), 1e-12);  // the mean of ln 3 and ln 1
  EXPECT_FALSE(BeyondSlowdown(v, -90));         // nothing can be said
  EXPECT_NE(AbRatioText(v).find("no interval: a 95% interval needs 6 pairs"),
            std::string::npos);
  EXPECT_NE(AbRatioText(JudgeAb({})).find("no throughput ratio"),
            std::string::npos);
}

TEST(AbVerdict, TextNamesTheIntervalAndWarnsOfFewBatches) {
  const std::vector<AbBatch> batches(12, AbBatch{1000, 1000});
  EXPECT_EQ(AbRatioText(JudgeAb(batches)),
            "1.000x throughput (95% CI 1.000-1.000) over 12 batches (few "
            "batches: a wide interval; use more puzzles or a smaller "
            "--batch)");
  const std::vector<AbBatch> many(20, AbBatch{1000, 1000});
  EXPECT_EQ(AbRatioText(JudgeAb(many)),
            "1.000x throughput (95% CI 1.000-1.000) over 20 batches");
}

PuzzleOutcome Outcome(uint64_t nodes, uint64_t nanos,
                      Verdict verdict = Verdict::kSolved) {
  PuzzleOutcome o;
  o.verdict = verdict;
  o.result.outcome = sudoku::Outcome::kSolved;
  o.result.nodes = nodes;
  o.nanos = nanos;
  return o;
}

TEST(AbCheck, SumsTimesPerBatchAndNamesDifferingPuzzles) {
  AbCheck check("A", "B", 2);
  PuzzleRecord record;
  const std::vector<std::vector<PuzzleOutcome>> lines = {
      {Outcome(5, 10), Outcome(5, 20)},
      {Outcome(7, 1), Outcome(8, 2)},  // differs
      {Outcome(0, 0, Verdict::kMalformed), Outcome(0, 0, Verdict::kMalformed)},
      {Outcome(3, 4), Outcome(3, 5)},
      {Outcome(1, 100), Outcome(1, 300)},
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    record.line = i + 1;
    check.OnRecord("f.txt", record, lines[i]);
  }
  const std::vector<AbBatch> batches = check.Batches();
  ASSERT_EQ(batches.size(), 3u);
  EXPECT_EQ(batches[0].a_nanos, 11u);
  EXPECT_EQ(batches[0].b_nanos, 22u);
  EXPECT_EQ(batches[1].a_nanos, 4u);  // the malformed line is not timed
  EXPECT_EQ(batches[1].b_nanos, 5u);
  EXPECT_EQ(batches[2].a_nanos, 100u);  // the partial last batch
  EXPECT_EQ(check.differences(), 1u);
  ASSERT_EQ(check.first_differences().size(), 1u);
  EXPECT_EQ(check.first_differences()[0],
            "f.txt:2: A 7 nodes (solved), B 8 nodes (solved)");
  std::ostringstream out, err;
  EXPECT_EQ(check.Report(out, err, "f.txt", std::nullopt), 1);
  EXPECT_NE(err.str().find("bench: ab: f.txt:2: A 7 nodes"), std::string::npos);
  EXPECT_NE(out.str().find("searches DIFFER on 1 puzzles"), std::string::npos);
  check.StartDataset(2);
  EXPECT_TRUE(check.Batches().empty());
}

// Searches that differ fail the run; the verdict line says so, not
// "UNDECIDED (exit 3)" beside an exit code of 1.
TEST(AbCheck, DifferentSearchesGiveNoTimingVerdict) {
  AbCheck check("A", "B", 1);
  PuzzleRecord record;
  for (int i = 0; i < 12; ++i) {
    record.line = i + 1;
    const std::vector<PuzzleOutcome> o = {Outcome(1, 1000),
                                          Outcome(i == 3 ? 2 : 1, 1000)};
    check.OnRecord("f.txt", record, o);
  }
  std::ostringstream out, err;
  EXPECT_EQ(check.Report(out, err, "f.txt", 5.0), 1);
  EXPECT_NE(out.str().find("ab: verdict: FAIL (exit 1): the searches differ "
                           "on 1 puzzles"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("UNDECIDED"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("PASS"), std::string::npos) << out.str();
}

// An interval wider than the margin cannot see a slowdown of that size.
TEST(AbCheck, WarnsWhenTheIntervalIsWiderThanTheMargin) {
  AbCheck check("A", "B", 1);
  PuzzleRecord record;
  for (int i = 0; i < 40; ++i) {
    record.line = i + 1;
    // B's time swings by 10% from batch to batch.
    const uint64_t b = 1000 + (i % 4) * 50;
    const std::vector<PuzzleOutcome> o = {Outcome(1, 1000), Outcome(1, b)};
    check.OnRecord("f.txt", record, o);
  }
  std::ostringstream narrow, wide, err;
  check.Report(narrow, err, "f.txt", 50.0);
  EXPECT_EQ(narrow.str().find("warning"), std::string::npos) << narrow.str();
  check.Report(wide, err, "f.txt", 1.0);
  EXPECT_NE(wide.str().find("ab: warning: the 95% interval is "),
            std::string::npos)
      << wide.str();
  EXPECT_NE(wide.str().find("wider than the 1% margin"), std::string::npos);
}

// The batch follows the dataset's size, so a corpus of tens of thousands of
// puzzles gives a hundred pairs, not a dozen.
TEST(AbBatchSize, FromTheDatasetsSize) {
  EXPECT_EQ(AbBatchSize(4'030'956, true), 245u);  // the 17-clue list
  EXPECT_EQ(AbBatchSize(246'373, true), kAbMinBatch);
  EXPECT_EQ(AbBatchSize(uint64_t{82} << 30, true), kAbMaxBatch);
  EXPECT_EQ(AbBatchSize(4'030'956, false), kAbUnknownBatch);
}

TEST(AbCheck, VerdictLineAgainstTheAllowedSlowdown) {
  AbCheck check("base", "new", 1);
  PuzzleRecord record;
  for (int i = 0; i < 12; ++i) {
    record.line = i + 1;
    const std::vector<PuzzleOutcome> o = {Outcome(1, 1000), Outcome(1, 1100)};
    check.OnRecord("f.txt", record, o);
  }
  std::ostringstream out, err;
  EXPECT_EQ(check.Report(out, err, "f.txt", 5.0), 1);
  EXPECT_NE(out.str().find("ab: verdict: FAIL (exit 1): new is between 10.0% "
                           "slower and 10.0% slower (95% CI), wholly beyond "
                           "the 5% allowed"),
            std::string::npos)
      << out.str();
  std::ostringstream out2;
  EXPECT_EQ(check.Report(out2, err, "f.txt", 15.0), 0);
  EXPECT_NE(out2.str().find("ab: verdict: PASS"), std::string::npos);
  EXPECT_TRUE(err.str().empty());
}

// Strategies that report, as their node count, when they were called: the
// n-th call of the run has n nodes.
std::atomic<uint64_t> calls{0};
SolveResult Counted(const Grid&, uint32_t, uint64_t) {
  SolveResult r;
  r.outcome = sudoku::Outcome::kOverBudget;
  r.nodes = ++calls;
  return r;
}

class NodesSeen : public RunObserver {
 public:
  void OnRecord(const std::string&, const PuzzleRecord&,
                std::span<const PuzzleOutcome> outcomes) override {
    a.push_back(outcomes[0].result.nodes);
    b.push_back(outcomes[1].result.nodes);
  }
  std::vector<uint64_t> a, b;
};

TEST(AbAlternation, OddBatchesRunTheStrategiesInReverseOrder) {
  const Strategy first{"first", "counts calls", &Counted, 0, "call"};
  const Strategy second{"second", "counts calls", &Counted, 0, "call"};
  std::string text;
  for (int i = 0; i < 6; ++i) text += testing::kSamplePuzzle + "\n";
  const std::string path = testing::WriteTempFile("ab_alternation.txt", text);
  RunOptions options;
  options.strategies = {&first, &second};
  options.threads = 1;
  options.batch_size = 2;
  options.max_nodes = 1000;
  for (const bool alternate : {false, true}) {
    options.alternate_order = alternate;
    calls = 0;
    NodesSeen seen;
    RunDataset(path, options, seen);
    ASSERT_EQ(seen.a.size(), 6u);
    for (size_t i = 0; i < 6; ++i) {
      // Outcomes stay in RunOptions order; only the calls' order changes.
      const bool reversed = alternate && (i / 2) % 2 == 1;
      EXPECT_EQ(seen.a[i] > seen.b[i], reversed) << i << " " << alternate;
    }
  }
}

}  // namespace
}  // namespace sudoku
