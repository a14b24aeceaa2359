// Tests for bench --ab's engine parts: the statistics on fixed numbers, the
// observer's batch sums and differences, and the solver stage's alternation.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine/compare/ab_check.h"
#include "engine/compare/ab_verdict.h"
#include "engine/pipeline/driver.h"
#include "engine/stats/quantile.h"
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
  EXPECT_EQ(v.batches, 12u);
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

TEST(AbVerdict, TheOrdersCancelTheirAdvantageWithinAPair) {
  // Whoever goes first is 1.5x slower, on pairs of any hardness whose two
  // batches cost alike: each pair's sums are equal, and so the totals.
  std::vector<AbBatch> batches;
  for (int pair = 0; pair < 4; ++pair) {
    const uint64_t hard = pair % 2 == 0 ? 1 : 10;
    batches.push_back({150 * hard, 100 * hard});  // A first
    batches.push_back({100 * hard, 150 * hard});  // B first
  }
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.batches, 8u);
  EXPECT_NEAR(v.ratio, 1.0, 1e-12);
  ASSERT_TRUE(v.has_interval);
  EXPECT_NEAR(v.low, 1.0, 1e-12);
  EXPECT_NEAR(v.high, 1.0, 1e-12);
}

// The estimate is the ratio of total times, so a batch weighs by its time:
// B twice as slow on the one hard batch of each order, alike on five easy
// ones, is as slow as that batch's share of the time says, not as the
// typical (median) batch says (1x).
TEST(AbVerdict, EachBatchWeighsByItsTime) {
  std::vector<AbBatch> batches;
  for (int i = 0; i < 10; ++i) batches.push_back({100, 100});
  batches.push_back({10000, 20000});
  batches.push_back({10000, 20000});
  const AbVerdict v = JudgeAb(batches);
  EXPECT_NEAR(v.ratio, 10500.0 / 20500.0, 1e-12);
  ASSERT_TRUE(v.has_interval);
  // Leaving the hard batch out moves the ratio to 1: the interval is wide.
  EXPECT_LT(v.low, 0.4);
  EXPECT_GT(v.high, 0.6);
}

// Student's t on the interval's degrees of freedom: few batches widen it.
TEST(AbVerdict, FewBatchesGiveAWiderInterval) {
  auto width = [](size_t per_order) {
    std::vector<AbBatch> batches;
    for (size_t i = 0; i < 2 * per_order; ++i) {
      // The same spread of batch ratios for any count: 0.9, 1, 1.1, 1, ...
      const uint64_t b =
          1000 + 100 * ((i / 2) % 4 == 0) - 100 * ((i / 2) % 4 == 2);
      batches.push_back({1000, b});
    }
    const AbVerdict v = JudgeAb(batches);
    EXPECT_TRUE(v.has_interval);
    return std::log(v.high / v.low) * std::sqrt(static_cast<double>(per_order));
  };
  // Scaled by sqrt(n), as a normal interval's width would not change.
  EXPECT_GT(width(4), 1.3 * width(400));
}

TEST(AbVerdict, StudentTFromTheExpansion) {
  // The table's values (any statistics text): within 1% from 2 degrees.
  EXPECT_NEAR(StudentT975(2), 4.303, 0.04);
  EXPECT_NEAR(StudentT975(3), 3.182, 0.01);
  EXPECT_NEAR(StudentT975(5), 2.571, 0.002);
  EXPECT_NEAR(StudentT975(10), 2.228, 0.001);
  EXPECT_NEAR(StudentT975(30), 2.042, 0.001);
  EXPECT_NEAR(StudentT975(120), 1.980, 0.001);
  EXPECT_NEAR(StudentT975(1e9), 1.95996, 1e-5);  // the normal's
}

TEST(AbVerdict, BatchesWithoutTimeAreLeftOutAndFewHaveNoInterval) {
  const std::vector<AbBatch> batches = {{0, 0}, {0, 0}, {300, 100}, {100, 100}};
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.batches, 2u);
  EXPECT_FALSE(v.has_interval);
  EXPECT_NEAR(v.ratio, 2.0, 1e-12);  // 400 / 200
  EXPECT_FALSE(BeyondSlowdown(v, -90));         // nothing can be said
  EXPECT_NE(AbRatioText(v).find("no interval: a 95% interval needs 3 "
                                "batches of each order"),
            std::string::npos);
  // One order alone cannot cancel the advantage of going first.
  const std::vector<AbBatch> one_order = {{300, 100}, {0, 0}, {300, 100}};
  EXPECT_TRUE(std::isnan(JudgeAb(one_order).ratio));
  EXPECT_NE(AbRatioText(JudgeAb({})).find("no throughput ratio"),
            std::string::npos);
}

// A preemption (one side milliseconds on a solve of microseconds) is set
// aside; a fixed cost per call that makes the easiest puzzle 10x slower
// stays, since it adds less than four typical solves.
TEST(SumBatch, SetsAsideWhatIsLopsidedAndLong) {
  const AbReference reference{0.0, 2000};  // alike, 2 us a solve
  const std::vector<AbBatch> puzzles = {
      {2000, 2100},     {2100, 2000}, {2000, 3000000},  // B preempted
      {200, 2000},                                      // +1.8 us, kept
      {500000, 900000},  // a long solve 1.8x slower: not 4x, kept
      {9000, 2000}};     // A 4.5x, but 3.5 solves longer: kept
  size_t dropped = 0;
  const AbBatch sum = SumBatch(puzzles, reference, dropped);
  EXPECT_EQ(dropped, 1u);
  EXPECT_EQ(sum.a_nanos, 2000u + 2100 + 200 + 500000 + 9000);
  EXPECT_EQ(sum.b_nanos, 2100u + 2000 + 2000 + 900000 + 2000);
  // Mirrored, the rule drops the same: it favours neither side.
  std::vector<AbBatch> mirrored;
  for (const AbBatch& p : puzzles) mirrored.push_back({p.b_nanos, p.a_nanos});
  size_t mirrored_dropped = 0;
  const AbBatch mirrored_sum = SumBatch(mirrored, reference, mirrored_dropped);
  EXPECT_EQ(mirrored_dropped, 1u);
  EXPECT_EQ(mirrored_sum.a_nanos, sum.b_nanos);
}

// With batches of one puzzle, a preemption among the first puzzles is
// still held to the others: batches wait until their order has a window.
TEST(AbBatcher, BatchesOfOnePuzzleHaveAReferenceFromTheStart) {
  AbBatcher batcher(1);
  batcher.Add(true, 1000, 5000000);  // batch 0, A first, B preempted
  batcher.Add(true, 5000000, 1000);  // batch 1, B first, A preempted
  for (int i = 2; i < 200; ++i) batcher.Add(true, 1000, 1100);
  const std::vector<AbBatch> batches = batcher.Batches();
  ASSERT_EQ(batches.size(), 200u);
  EXPECT_EQ(batcher.Dropped(), 2u);
  EXPECT_EQ(batches[0].a_nanos, 0u);
  EXPECT_EQ(batches[1].b_nanos, 0u);
  const AbVerdict v = JudgeAb(batches);
  EXPECT_EQ(v.batches, 198u);
  EXPECT_NEAR(v.ratio, 1 / 1.1, 1e-12);
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
                           "the allowed 5% slower; detection limit 5.0% "
                           "slower"),
            std::string::npos)
      << out.str();
  std::ostringstream out2;
  EXPECT_EQ(check.Report(out2, err, "f.txt", 15.0), 0);
  EXPECT_NE(out2.str().find("ab: verdict: PASS"), std::string::npos);
  EXPECT_TRUE(err.str().empty());
}

TEST(AbVerdict, TheDetectionLimitWidensWithTheInterval) {
  AbVerdict v;
  v.has_interval = true;
  v.ratio = 0.95;
  v.low = 0.93;
  v.high = 0.97;
  // A ratio fails once its interval's fast end (ratio + 0.02) is below
  // 1 / 1.05: at a ratio of 1 / 1.05 - 0.02, 7.3% slower.
  EXPECT_NEAR(AbDetectionLimit(v, 5), 1 / (1 / 1.05 - 0.02) - 1, 1e-12);
  EXPECT_GT(AbDetectionLimit(v, 5), 0.05);
  // A point interval detects the margin itself; none detects nothing.
  v.low = v.high = v.ratio;
  EXPECT_NEAR(AbDetectionLimit(v, 5), 0.05, 1e-12);
  v.has_interval = false;
  EXPECT_TRUE(std::isnan(AbDetectionLimit(v, 5)));
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
