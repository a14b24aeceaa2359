// Tests of bench bisect's verdicts: a commit against GOOD on the exact
// columns and on --ab intervals, --ab per-puzzle files read back into
// batches, and the puzzles whose work changed.
#include "engine/compare/bisect_judge.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/report/report_schema.h"

namespace sudoku {
namespace {

ReportEntry Entry(const std::string& strategy, uint64_t nodes_total) {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "easy.txt";
  r.strategy = strategy;
  r.puzzles = 100;
  r.solved = 100;
  r.nodes_total = nodes_total;
  r.nodes_max = 50;
  r.puzzles_per_s = 1000;
  r.dataset_sha256 = "aaaa";
  return e;
}

TEST(JudgeSearch, SameCountsAreGoodWhateverTheClockSays) {
  const std::vector<ReportEntry> good = {Entry("toy", 1234)};
  std::vector<ReportEntry> current = good;
  current[0].row.puzzles_per_s = 10;  // 100x slower: not an exact column
  const CommitJudgement j = JudgeSearch(good, current);
  EXPECT_EQ(j.mark, CommitMark::kGood);
  EXPECT_TRUE(j.reasons.empty());
}

TEST(JudgeSearch, AnyChangedCountIsBadAndNamed) {
  const std::vector<ReportEntry> good = {Entry("toy", 1234)};
  const std::vector<ReportEntry> fewer = {Entry("toy", 1200)};
  const CommitJudgement j = JudgeSearch(good, fewer);
  EXPECT_EQ(j.mark, CommitMark::kBad);  // better is still a change
  ASSERT_EQ(j.reasons.size(), 1u);
  EXPECT_EQ(j.reasons[0], "easy.txt toy: nodes_total 1234 -> 1200 (better)");

  std::vector<ReportEntry> outcomes = good;
  outcomes[0].row.solved = 99;
  outcomes[0].row.over_budget = 1;
  EXPECT_EQ(JudgeSearch(good, outcomes).mark, CommitMark::kBad);
}

TEST(JudgeSearch, AMissingRowIsBadAndOtherDataIsUndecided) {
  const std::vector<ReportEntry> good = {Entry("toy", 1234)};
  const CommitJudgement missing = JudgeSearch(good, {});
  EXPECT_EQ(missing.mark, CommitMark::kBad);
  ASSERT_EQ(missing.reasons.size(), 1u);
  EXPECT_EQ(missing.reasons[0],
            "easy.txt toy: missing from the commit's report");

  std::vector<ReportEntry> other = good;
  other[0].row.dataset_sha256 = "bbbb";
  EXPECT_EQ(JudgeSearch(good, other).mark, CommitMark::kUndecided);
}

DatasetSpeed Speed(double low, double high, size_t batches = 100) {
  DatasetSpeed s{"easy.txt", {}, 0};
  s.verdict.batches = batches;
  s.verdict.ratio = (low + high) / 2;
  s.verdict.has_interval = true;
  s.verdict.low = low;
  s.verdict.high = high;
  return s;
}

TEST(JudgeSpeed, GoodWithinBadBeyondUndecidedAcross) {
  // 5% allowed: a ratio below 1 / 1.05 = 0.952 is more than 5% slower.
  const std::vector<DatasetSpeed> same = {Speed(0.99, 1.01)};
  EXPECT_EQ(JudgeSpeed(same, 5).mark, CommitMark::kGood);
  const std::vector<DatasetSpeed> slow = {Speed(0.89, 0.92)};
  const CommitJudgement bad = JudgeSpeed(slow, 5);
  EXPECT_EQ(bad.mark, CommitMark::kBad);
  ASSERT_EQ(bad.reasons.size(), 1u);
  EXPECT_EQ(bad.reasons[0],
            "easy.txt: between 12.4% slower and 8.7% slower (95% CI, 100 "
            "batches), wholly beyond the allowed 5% slower");
  const std::vector<DatasetSpeed> across = {Speed(0.94, 0.97)};
  const CommitJudgement undecided = JudgeSpeed(across, 5);
  EXPECT_EQ(undecided.mark, CommitMark::kUndecided);
  EXPECT_NE(undecided.reasons[0].find("straddling the allowed 5% slower"),
            std::string::npos);
}

TEST(JudgeSpeed, NoIntervalIsUndecidedAndOneSlowDatasetIsBad) {
  DatasetSpeed few = Speed(1, 1, 4);
  few.verdict.has_interval = false;
  EXPECT_EQ(JudgeSpeed(std::vector<DatasetSpeed>{few}, 5).mark,
            CommitMark::kUndecided);
  EXPECT_EQ(JudgeSpeed({}, 5).mark, CommitMark::kUndecided);
  const std::vector<DatasetSpeed> mixed = {Speed(0.99, 1.01), few,
                                           Speed(0.80, 0.85)};
  EXPECT_EQ(JudgeSpeed(mixed, 5).mark, CommitMark::kBad);
}

// An --ab per-puzzle file: `lines` puzzle lines of `file`, A taking 100 ns
// and B `b_nanos`, the third line malformed.
std::string AbPerPuzzle(const std::vector<std::string>& files, int lines,
                        uint64_t b_nanos) {
  std::string text = "file,line,strategy,outcome,ns,nodes\n";
  for (const std::string& file : files) {
    for (int line = 1; line <= lines; ++line) {
      const std::string outcome = line == 3 ? "malformed" : "solved";
      const std::string at = file + "," + std::to_string(line) + ",";
      text += at + "good:toy," + outcome + ",100,7\n";
      text += at + "c0ffee:toy," + outcome + "," +
              std::to_string(line == 3 ? 0 : b_nanos) + ",7\n";
    }
  }
  return text;
}

TEST(SpeedsFromPerPuzzle, BatchesEachDatasetAsTheRunDid) {
  std::istringstream in(AbPerPuzzle({"a.txt", "b.txt"}, 64, 110));
  PerPuzzleReader rows(in, "ab.csv");
  const std::vector<DatasetSpeed> speeds =
      SpeedsFromPerPuzzle(rows, "good:toy", "c0ffee:toy", 4);
  ASSERT_EQ(speeds.size(), 2u);
  for (const DatasetSpeed& s : speeds) {
    EXPECT_EQ(s.verdict.batches, 16u);  // of 4 lines each
    ASSERT_TRUE(s.verdict.has_interval);
    EXPECT_NEAR(s.verdict.ratio, 100.0 / 110.0, 1e-12);
  }
  EXPECT_EQ(speeds[0].dataset, "a.txt");
  EXPECT_EQ(speeds[1].dataset, "b.txt");
  EXPECT_EQ(JudgeSpeed(speeds, 5).mark, CommitMark::kBad);
}

TEST(SpeedsFromPerPuzzle, RefusesALineWithoutBothStrategies) {
  std::istringstream in(
      "file,line,strategy,outcome,ns,nodes\n"
      "a.txt,1,good:toy,solved,100,7\n"
      "a.txt,2,c0ffee:toy,solved,100,7\n");
  PerPuzzleReader rows(in, "ab.csv");
  EXPECT_THROW(SpeedsFromPerPuzzle(rows, "good:toy", "c0ffee:toy", 4),
               ReportFormatError);
  std::istringstream wrong(AbPerPuzzle({"a.txt"}, 4, 100));
  PerPuzzleReader other(wrong, "ab.csv");
  EXPECT_THROW(SpeedsFromPerPuzzle(other, "base:toy", "c0ffee:toy", 4),
               ReportFormatError);
}

TEST(DiffWork, NamesThePuzzlesWhoseWorkChanged) {
  std::istringstream good_in(
      "file,line,strategy,outcome,ns,nodes\n"
      "\"a,b.txt\",1,toy,solved,100,7\n"
      "\"a,b.txt\",2,toy,solved,100,9\n"
      "\"a,b.txt\",4,toy,over_budget,100,50\n");
  std::istringstream bad_in(
      "file,line,strategy,outcome,ns,nodes\n"
      "\"a,b.txt\",1,toy,solved,900,7\n"
      "\"a,b.txt\",2,toy,solved,100,12\n"
      "\"a,b.txt\",4,toy,solved,100,31\n");
  PerPuzzleReader good(good_in, "good.csv"), bad(bad_in, "bad.csv");
  std::vector<std::string> rows;
  const uint64_t compared = DiffWork(good, bad, [&](const WorkChange& c) {
    rows.push_back(WorkChangeCsv(c));
  });
  EXPECT_EQ(compared, 3u);  // a time alone is no change of work
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "\"a,b.txt\",2,solved,9,solved,12",
                      "\"a,b.txt\",4,over_budget,50,solved,31"}));
}

// True when DiffWork refuses per-puzzle files of these rows (after the
// header) as runs of other puzzles.
bool Refused(const std::string& good_rows, const std::string& bad_rows) {
  const std::string header = "file,line,strategy,outcome,ns,nodes\n";
  std::istringstream good_in(header + good_rows), bad_in(header + bad_rows);
  PerPuzzleReader good(good_in, "good.csv"), bad(bad_in, "bad.csv");
  try {
    DiffWork(good, bad, [](const WorkChange&) {});
  } catch (const ReportFormatError&) {
    return true;
  }
  return false;
}

TEST(DiffWork, RefusesFilesOfOtherPuzzles) {
  const std::string line1 = "a.txt,1,toy,solved,1,7\n";
  const std::string line2 = "a.txt,2,toy,solved,1,7\n";
  EXPECT_FALSE(Refused(line1 + line2, line1 + line2));
  EXPECT_TRUE(Refused(line1, line2));
  EXPECT_TRUE(Refused(line1 + line2, line1));
  EXPECT_TRUE(Refused(line1, line1 + line2));
}

}  // namespace
}  // namespace sudoku
