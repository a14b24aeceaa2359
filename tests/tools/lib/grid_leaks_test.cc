// Tests of the leak kinds: planted leaks of each kind under random symmetries
// and relabellings, automorphic grids, broken answers, no false positives on
// the 17-clue sample, exact grid keys, and spilled sorts.
#include "tools/lib/grid_leaks.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tests/tools/lib/sample_rows.h"
#include "tools/lib/canonical.h"
#include "tools/lib/corpus_groups.h"
#include "tools/lib/corpus_scan.h"
#include "tools/lib/generator.h"  // RandomSolvedGrid
#include "tools/lib/grid_canon.h"

namespace sudoku {
namespace {

using testing::ParsedGrid;

using Row = testing::SampleRow;
using testing::Moved;
using testing::SampleRows;

// `row` with `extra` more clues from its answer, at random blank cells.
Row WithMoreClues(Row row, int extra, std::mt19937_64& rng) {
  while (extra > 0) {
    const int cell = static_cast<int>(rng() % kCells);
    if (row.puzzle[cell] != 0) continue;
    row.puzzle[cell] = row.answer[cell];
    --extra;
  }
  return row;
}

// The leaks `corpus leak` (or dupes, with one file) would report: puzzle
// groups and solution groups through one collector, keyed as the command
// keys rows (files in order, line i + 1 for row i).
std::map<uint64_t, Leak> FindLeaks(const std::vector<std::vector<Row>>& files,
                                   const LeakScope& scope,
                                   size_t memory = size_t{1} << 20) {
  const std::string temp = ::testing::TempDir();
  PuzzleGroups puzzles(memory, temp);
  SolutionGroups solutions(memory, temp);
  for (size_t f = 0; f < files.size(); ++f) {
    for (size_t i = 0; i < files[f].size(); ++i) {
      CorpusRow row;
      row.file = static_cast<uint32_t>(f);
      row.line = i + 1;
      row.puzzle = files[f][i].puzzle;
      CanonicalizeRow(row);
      puzzles.Add(row);
      const auto record = SolutionRecordOf(row.puzzle, files[f][i].answer,
                                           Position(row.file, row.line));
      if (record) solutions.Add(*record);
    }
  }
  if (memory < 1024) {  // past the bound: the records went to sorted runs
    EXPECT_GT(puzzles.runs_written(), 0u);
    EXPECT_GT(solutions.runs_written(), 0u);
  }
  LeakCollector collector(memory, temp);
  std::vector<Leak> leaks;
  puzzles.Finish([&](const std::vector<GroupMember>& members) {
    leaks.clear();
    PuzzleGroupLeaks(members, scope, leaks);
    for (const Leak& leak : leaks) collector.Add(leak);
  });
  solutions.Finish(scope, [&](const Leak& leak) { collector.Add(leak); });
  std::map<uint64_t, Leak> found;
  collector.Drain([&](const Leak& leak) {
    EXPECT_EQ(found.count(leak.row), 0u);
    found[leak.row] = leak;
  });
  return found;
}

TEST(SolutionKey, PacksCanonicalGridsExactlyAndInOrder) {
  std::mt19937_64 rng(1);
  std::vector<std::pair<Grid, SolutionKey>> pairs;
  for (int i = 0; i < 200; ++i) {
    const Grid form = CanonicalizeSolution(RandomSolvedGrid(rng)).form;
    const SolutionKey key = PackSolutionForm(form);
    ASSERT_EQ(UnpackSolutionForm(key), form);
    pairs.emplace_back(form, key);
  }
  for (size_t i = 1; i < pairs.size(); ++i) {
    EXPECT_EQ(pairs[i - 1].first < pairs[i].first,
              pairs[i - 1].second < pairs[i].second);
  }
}

TEST(CellSet, CellMapsCarryGivensAsTransformsDo) {
  std::mt19937_64 rng(2);
  for (int i = 0; i < 50; ++i) {
    Grid puzzle = RandomSolvedGrid(rng);
    for (int cell = 0; cell < kCells; ++cell) {
      if (rng() % 3 != 0) puzzle[cell] = 0;
    }
    const Transform t = RandomTransform(rng);
    EXPECT_EQ(MapCells(CellSet::Givens(puzzle), CellMapOf(t)),
              CellSet::Givens(ApplyTransform(t, puzzle)));
  }
  CellSet a;
  a.Add(3);
  a.Add(80);
  CellSet b = a;
  b.Add(64);
  EXPECT_EQ(b.Count(), 3);
  EXPECT_TRUE(a.SubsetOf(b));
  EXPECT_FALSE(b.SubsetOf(a));
}

TEST(SolutionRecord, SameForSymmetricRowsAndNoneForBrokenAnswers) {
  std::mt19937_64 rng(3);
  const Row row = SampleRows()[0];
  const auto record = SolutionRecordOf(row.puzzle, row.answer, 7);
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->position, 7u);
  EXPECT_EQ(record->clues.Count(), 17);
  for (int i = 0; i < 20; ++i) {
    const Row moved = Moved(row, RandomTransform(rng));
    const auto again = SolutionRecordOf(moved.puzzle, moved.answer, 7);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->grid, record->grid);
    EXPECT_EQ(again->clues, record->clues);  // no automorphism: one image
  }
  Row broken = row;
  std::swap(broken.answer[0], broken.answer[1]);  // not a solution grid
  EXPECT_FALSE(SolutionRecordOf(broken.puzzle, broken.answer, 1));
  Row other = row;  // a solution grid, but not of this puzzle
  other.answer = ApplyTransform(RandomTransform(rng), row.answer);
  EXPECT_FALSE(SolutionRecordOf(other.puzzle, other.answer, 1));
  EXPECT_FALSE(SolutionRecordOf(row.puzzle, Grid{}, 1));
}

TEST(SolutionRecord, LeakSolutionTakesAGoodAnswerElseTheUniqueSolution) {
  const Strategy& simd = *FindStrategy("simd");
  const Row row = SampleRows()[1];
  EXPECT_EQ(LeakSolution(row.puzzle, &row.answer, simd), row.answer);
  EXPECT_EQ(LeakSolution(row.puzzle, nullptr, simd), row.answer);
  Row broken = row;
  std::swap(broken.answer[0], broken.answer[1]);
  EXPECT_EQ(LeakSolution(broken.puzzle, &broken.answer, simd), row.answer);
  // A given taken away from a 17-clue puzzle leaves several solutions: a
  // good answer is kept, and with none there is no solution to key by.
  Grid several = row.puzzle;
  for (uint8_t& v : several) {
    if (v != 0) {
      v = 0;
      break;
    }
  }
  EXPECT_EQ(LeakSolution(several, &row.answer, simd), row.answer);
  EXPECT_FALSE(LeakSolution(several, nullptr, simd).has_value());
}

// One test row per kind, each under a random symmetry and relabelling, and
// unrelated rows, against a training set of sample puzzles.
TEST(Leaks, PlantedLeaksOfEachKindAreFoundWithTheirKind) {
  std::mt19937_64 rng(4);
  const std::vector<Row> sample = SampleRows();
  std::vector<Row> train(sample.begin(), sample.begin() + 40);
  train[5] = WithMoreClues(train[5], 6, rng);  // for the "fewer clues" row
  auto moved = [&](const Row& row) { return Moved(row, RandomTransform(rng)); };
  // A clue set on train[9]'s grid that neither holds nor is held by its
  // clues: 30 cells, one of train[9]'s left out.
  Row other_clues{Grid{}, train[9].answer};
  int added = 0;
  const int left_out = [&] {
    for (int cell = 0; cell < kCells; ++cell) {
      if (train[9].puzzle[cell] != 0) return cell;
    }
    return 0;
  }();
  while (added < 30) {
    const int cell = static_cast<int>(rng() % kCells);
    if (cell == left_out || other_clues.puzzle[cell] != 0) continue;
    other_clues.puzzle[cell] = other_clues.answer[cell];
    ++added;
  }
  Row broken = moved(train[12]);
  std::swap(broken.answer[0], broken.answer[9]);  // a broken answer
  const std::vector<Row> test = {
      train[3],                                       // line 1: same text
      moved(train[4]),                                // 2: same puzzle
      moved(WithMoreClues(train[6], 4, rng)),         // 3: more clues
      moved(sample[40]),                              // 4: unrelated
      moved(Row{sample[5].puzzle, train[5].answer}),  // 5: fewer clues
      moved(other_clues),                             // 6: same grid
      broken,                                         // 7: same puzzle
      {train[13].puzzle, Grid{}},                     // 8: no answer: same text
      moved(sample[41]),                              // 9: unrelated
  };
  const std::map<uint64_t, Leak> leaks =
      FindLeaks({train, test}, LeakScope::TestAgainstTraining(Position(1, 0)));
  const std::map<uint64_t, std::pair<LeakKind, uint64_t>> expected = {
      {1, {LeakKind::kSameText, 4}},  {2, {LeakKind::kSamePuzzle, 5}},
      {3, {LeakKind::kMoreClues, 7}}, {5, {LeakKind::kFewerClues, 6}},
      {6, {LeakKind::kSameGrid, 10}}, {7, {LeakKind::kSamePuzzle, 13}},
      {8, {LeakKind::kSameText, 14}},
  };
  ASSERT_EQ(leaks.size(), expected.size());
  for (const auto& [line, want] : expected) {
    SCOPED_TRACE(line);
    const auto it = leaks.find(Position(1, line));
    ASSERT_NE(it, leaks.end());
    EXPECT_EQ(LeakKindName(it->second.kind), LeakKindName(want.first));
    EXPECT_EQ(it->second.partner, Position(0, want.second));
  }
}

// The strongest kind wins, and of it the earliest partner.
TEST(Leaks, EachRowGetsItsStrongestKindAndEarliestPartner) {
  std::mt19937_64 rng(5);
  const Row base = SampleRows()[20];
  const Row more = WithMoreClues(base, 5, rng);
  std::vector<Row> set = {
      Moved(more, RandomTransform(rng)),  // 1
      Moved(base, RandomTransform(rng)),  // 2: fewer clues than 1
      Moved(more, RandomTransform(rng)),  // 3: same puzzle as 1
      Moved(base, RandomTransform(rng)),  // 4: same puzzle as 2, not 1
      more,                               // 5: same puzzle as 1
      WithMoreClues(more, 3, rng),        // 6: more clues than 1 (earliest)
  };
  // 7: 30 clues of the same grid, one of base's left out: same grid as all.
  Row other{Grid{}, base.answer};
  int left_out = 0;
  while (base.puzzle[left_out] == 0) ++left_out;
  for (int added = 0; added < 30;) {
    const int cell = static_cast<int>(rng() % kCells);
    if (cell == left_out || other.puzzle[cell] != 0) continue;
    other.puzzle[cell] = other.answer[cell];
    ++added;
  }
  set.push_back(Moved(other, RandomTransform(rng)));
  const std::map<uint64_t, Leak> leaks =
      FindLeaks({set}, LeakScope::WithinOneSet());
  const std::vector<std::pair<LeakKind, uint64_t>> expected = {
      {LeakKind::kFewerClues, 1}, {LeakKind::kSamePuzzle, 1},
      {LeakKind::kSamePuzzle, 2}, {LeakKind::kSamePuzzle, 1},
      {LeakKind::kMoreClues, 1},  {LeakKind::kSameGrid, 1},
  };
  ASSERT_EQ(leaks.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(i + 2);
    const Leak& leak = leaks.at(Position(0, i + 2));
    EXPECT_EQ(LeakKindName(leak.kind), LeakKindName(expected[i].first));
    EXPECT_EQ(leak.partner, Position(0, expected[i].second));
  }
}

// The least minlex grid has 648 automorphisms: a clue set and the image of
// a superset of it under one of them are kMoreClues only if the search
// tries the automorphisms, since the rows' own maps to the form can differ.
TEST(Leaks, SubsetsAreFoundUpToTheGridsAutomorphisms) {
  const Grid grid = ParsedGrid(
      "123456789456789123789123456231564897564897231897231564312645978645978"
      "312978312645");
  const std::vector<Transform> automorphisms = SolutionMaps(grid);
  ASSERT_EQ(automorphisms.size(), 648u);
  std::vector<CellMap> maps;
  for (const Transform& t : automorphisms) maps.push_back(CellMapOf(t));
  std::mt19937_64 rng(6);
  int needed_automorphisms = 0;
  for (int trial = 0; trial < 40; ++trial) {
    CellSet small;
    for (int i = 0; i < 20; ++i) small.Add(static_cast<int>(rng() % kCells));
    CellSet big = MapCells(small, maps[1 + rng() % (maps.size() - 1)]);
    for (int i = 0; i < 5; ++i) big.Add(static_cast<int>(rng() % kCells));
    if (big.Count() == small.Count()) continue;
    const std::vector<SolutionMember> members = {{1, small}, {2, big}};
    std::vector<Leak> with, without;
    SolutionGroupLeaks(members, maps, LeakScope::WithinOneSet(), with);
    SolutionGroupLeaks(members, {}, LeakScope::WithinOneSet(), without);
    ASSERT_EQ(with.size(), 1u);
    EXPECT_EQ(with[0].kind, LeakKind::kMoreClues);
    needed_automorphisms += without[0].kind == LeakKind::kSameGrid;
  }
  EXPECT_GT(needed_automorphisms, 20);
  // End to end: puzzles on that grid under random symmetries.
  Row row{grid, grid};
  for (int cell = 0; cell < kCells; ++cell) {
    if (rng() % 4 != 0) row.puzzle[cell] = 0;
  }
  std::vector<Row> set;
  for (int i = 0; i < 6; ++i) {
    set.push_back(Moved(i % 2 == 0 ? row : WithMoreClues(row, 3, rng),
                        RandomTransform(rng)));
  }
  const std::map<uint64_t, Leak> leaks =
      FindLeaks({set}, LeakScope::WithinOneSet());
  EXPECT_EQ(leaks.at(Position(0, 2)).kind, LeakKind::kMoreClues);
  EXPECT_EQ(leaks.at(Position(0, 3)).kind, LeakKind::kSamePuzzle);
}

// The sample's 64 puzzles are pairwise inequivalent and so are their 64
// solution grids (in the whole 17-clue list, 5,024 of 49,158 puzzles share
// a grid; none of them is in the sample): no leak of any kind. Their
// shuffled copies leak each onto its own original and nothing else.
TEST(Leaks, NoFalsePositivesOnTheSeventeenClueSample) {
  std::mt19937_64 rng(7);
  const std::vector<Row> sample = SampleRows();
  EXPECT_TRUE(FindLeaks({sample}, LeakScope::WithinOneSet()).empty());
  std::vector<Row> shuffled;
  for (const Row& row : sample)
    shuffled.push_back(Moved(row, RandomTransform(rng)));
  const std::map<uint64_t, Leak> leaks = FindLeaks(
      {sample, shuffled}, LeakScope::TestAgainstTraining(Position(1, 0)));
  ASSERT_EQ(leaks.size(), sample.size());
  for (const auto& [row, leak] : leaks) {
    EXPECT_EQ(PositionLine(leak.partner), PositionLine(row));
    EXPECT_NE(leak.kind, LeakKind::kSameGrid);
  }
}

// Past the memory bound the records go through sorted runs and the leaks
// come out the same.
TEST(Leaks, SpilledSortsFindTheSameLeaks) {
  std::mt19937_64 rng(8);
  const std::vector<Row> sample = SampleRows();
  std::vector<Row> set;
  for (int i = 0; i < 2500; ++i) {
    const Row& base = sample[rng() % sample.size()];
    set.push_back(Moved(WithMoreClues(base, static_cast<int>(rng() % 4), rng),
                        RandomTransform(rng)));
  }
  const std::map<uint64_t, Leak> in_memory =
      FindLeaks({set}, LeakScope::WithinOneSet());
  const std::map<uint64_t, Leak> spilled =
      FindLeaks({set}, LeakScope::WithinOneSet(), 1);
  EXPECT_EQ(in_memory, spilled);
  EXPECT_GT(in_memory.size(), 2400u);
}

}  // namespace
}  // namespace sudoku
