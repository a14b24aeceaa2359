// Tests for the symmetries: validity, inverses, preserved solution counts, and
// the canonical form.
#include "tools/lib/symmetry.h"

#include <gtest/gtest.h>

#include "engine/input/puzzle.h"
#include "tests/tools/brute_count.h"
#include "tools/lib/generator.h"

namespace sudoku {
namespace {

using testing::BruteCount;

// A few puzzles of every kind the generator makes.
std::vector<GeneratedPuzzle> Corpus() {
  std::vector<GeneratedPuzzle> corpus;
  for (const PuzzleKind kind :
       {PuzzleKind::kUnique, PuzzleKind::kMultiple, PuzzleKind::kNoSolution,
        PuzzleKind::kInvalid}) {
    GeneratorOptions options;
    options.kind = kind;
    options.solver = DefaultCountingSolver();
    for (const GenerateOutcome& outcome : GenerateRange(options, 77, 0, 4)) {
      EXPECT_TRUE(outcome.puzzle) << outcome.error;
      if (outcome.puzzle) corpus.push_back(*outcome.puzzle);
    }
  }
  return corpus;
}

// Digits relabelled 1, 2, ... in order of first appearance.
Grid RelabelInOrder(const Grid& grid) {
  std::array<uint8_t, 10> labels{};
  uint8_t next = 1;
  Grid out;
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t v = grid[cell];
    if (v != 0 && labels[v] == 0) labels[v] = next++;
    out[cell] = v == 0 ? 0 : labels[v];
  }
  return out;
}

TEST(Symmetry, RandomTransformsAreSymmetries) {
  std::mt19937_64 rng(1);
  bool transposed = false, straight = false;
  for (int i = 0; i < 200; ++i) {
    const Transform t = RandomTransform(rng);
    EXPECT_TRUE(IsSudokuSymmetry(t));
    (t.transpose ? transposed : straight) = true;
  }
  EXPECT_TRUE(transposed && straight);
}

TEST(Symmetry, RejectsOrdersThatSplitBands) {
  Transform t;
  std::swap(t.rows[2], t.rows[3]);
  EXPECT_FALSE(IsSudokuSymmetry(t));
  Transform d;
  d.digits[0] = 1;
  d.digits[1] = 0;
  EXPECT_FALSE(IsSudokuSymmetry(d));
}

TEST(Symmetry, InverseUndoesTheShuffle) {
  std::mt19937_64 rng(2);
  for (const GeneratedPuzzle& p : Corpus()) {
    for (int i = 0; i < 10; ++i) {
      const Transform t = RandomTransform(rng);
      const Grid shuffled = ApplyTransform(t, p.puzzle);
      EXPECT_EQ(ApplyTransform(InverseTransform(t), shuffled), p.puzzle);
      EXPECT_EQ(InverseTransform(InverseTransform(t)), t);
    }
  }
}

TEST(Symmetry, KeepsSolutionCountsConflictsAndSolutions) {
  std::mt19937_64 rng(3);
  for (const GeneratedPuzzle& p : Corpus()) {
    SCOPED_TRACE(FormatGrid(p.puzzle));
    const int count = BruteCount(p.puzzle, 3);
    for (int i = 0; i < 3; ++i) {
      const Transform t = RandomTransform(rng);
      const Grid shuffled = ApplyTransform(t, p.puzzle);
      EXPECT_EQ(BruteCount(shuffled, 3), count);
      EXPECT_EQ(FindConflict(shuffled).has_value(),
                FindConflict(p.puzzle).has_value());
      if (count == 1) {
        EXPECT_EQ(CheckSolution(shuffled, ApplyTransform(t, p.solution)),
                  std::nullopt);
        EXPECT_EQ(DefaultCountingSolver()
                      ->solve(shuffled, 2, kUnlimitedNodes)
                      .outcome,
                  Outcome::kSolved);
      }
    }
  }
}

TEST(Symmetry, ShufflesChangeTheText) {
  std::mt19937_64 rng(4);
  const auto corpus = Corpus();
  int changed = 0;
  for (const GeneratedPuzzle& p : corpus) {
    changed += ApplyTransform(RandomTransform(rng), p.puzzle) != p.puzzle;
  }
  EXPECT_GE(changed, static_cast<int>(corpus.size()) - 1);
}

TEST(Canonical, InvariantUnderShuffles) {
  std::mt19937_64 rng(5);
  for (const GeneratedPuzzle& p : Corpus()) {
    const Grid canonical = CanonicalForm(p.puzzle);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(CanonicalForm(ApplyTransform(RandomTransform(rng), p.puzzle)),
                canonical)
          << FormatGrid(p.puzzle);
    }
  }
}

// The canonical form is itself a shuffle of the puzzle (same counts, a fixed
// point) and no shuffle spells anything smaller.
TEST(Canonical, IsTheSmallestShuffle) {
  std::mt19937_64 rng(6);
  for (const GeneratedPuzzle& p : Corpus()) {
    const Grid canonical = CanonicalForm(p.puzzle);
    EXPECT_EQ(CanonicalForm(canonical), canonical);
    EXPECT_EQ(BruteCount(canonical, 3), BruteCount(p.puzzle, 3));
    for (int i = 0; i < 300; ++i) {
      const Grid other =
          RelabelInOrder(ApplyTransform(RandomTransform(rng), p.puzzle));
      EXPECT_LE(canonical, other);
    }
  }
}

TEST(Canonical, TellsDifferentPuzzlesApart) {
  const auto corpus = Corpus();
  for (size_t i = 0; i < corpus.size(); ++i) {
    for (size_t j = i + 1; j < corpus.size(); ++j) {
      EXPECT_NE(CanonicalForm(corpus[i].puzzle),
                CanonicalForm(corpus[j].puzzle));
    }
  }
}

TEST(Canonical, SolvedGridStartsWithOneToNine) {
  std::mt19937_64 rng(7);
  const Grid canonical = CanonicalForm(RandomSolvedGrid(rng));
  EXPECT_EQ(FormatGrid(canonical).substr(0, 9), "123456789");
}

}  // namespace
}  // namespace sudoku
