// Tests for the driver: counts add up, input order under many threads, wrong
// answers caught, exact merging; the reader and the batch pool on their own.
#include "engine/pipeline/driver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/input/puzzle.h"
#include "engine/pipeline/pipeline_accountant.h"
#include "engine/pipeline/pipeline_batch.h"
#include "engine/pipeline/pipeline_reader.h"
#include "engine/pipeline/pipeline_solver.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::SeedFixtures;
using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

// Records what the serial stage hands out.
class Recorder : public RunObserver {
 public:
  void OnRecord(const std::string&, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override {
    lines.push_back(record.line);
    verdicts.push_back(outcomes.empty() ? Verdict::kMalformed
                                        : outcomes.front().verdict);
  }
  void OnProblem(const std::string& message, bool error) override {
    (error ? errors : bad_lines).push_back(message);
  }
  std::vector<uint64_t> lines;
  std::vector<Verdict> verdicts;
  std::vector<std::string> errors, bad_lines;
};

// The seed fixtures whose givens are valid: the invalid ones would count as
// invalid lines, never as puzzles solved or over budget.
std::vector<testing::SeedFixture> ValidFixtures() {
  std::vector<testing::SeedFixture> valid;
  for (const auto& f : SeedFixtures()) {
    if (!f.invalid) valid.push_back(f);
  }
  EXPECT_GT(valid.size(), 0u);
  return valid;
}

// Every valid fixture once, as a dataset of plain lines.
std::string FixtureDataset() {
  std::string text = "# the seed fixtures\n";
  for (const auto& f : ValidFixtures()) text += f.text + "\n";
  return text;
}

RunOptions Options(std::initializer_list<const char*> names, int threads = 2) {
  RunOptions options;
  for (const char* name : names)
    options.strategies.push_back(FindStrategy(name));
  options.threads = threads;
  options.max_nodes = 5'000'000;
  return options;
}

TEST(RunDataset, EveryLineIsAccountedFor) {
  std::string bad_clash = kPuzzle;
  bad_clash[2] = '8';
  const std::string text = "# header comment\n" + kPuzzle + "\n\n" +
                           kPuzzle.substr(0, 70) + "\n" + bad_clash + "\r\n" +
                           kPuzzle + " 3.4 rating\n" + "x" + kPuzzle.substr(1) +
                           "\n" + std::string(81, '.') + "\n";
  const std::string path = WriteTempFile("accounted.txt", text);
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.solution_limit = 2;
  options.max_nodes = 100000;
  const DatasetResult r = RunDataset(path, options, recorder);
  ASSERT_EQ(r.stats.size(), 1u);
  const StrategyStats& s = r.stats[0];
  EXPECT_EQ(r.lines_read, 8u);
  EXPECT_EQ(r.puzzle_lines, 6u);
  EXPECT_EQ(s.puzzles(), 6u);
  EXPECT_EQ(s.count(Verdict::kSolved), 2u);
  EXPECT_EQ(s.count(Verdict::kMalformed), 2u);
  EXPECT_EQ(s.count(Verdict::kInvalid), 1u);
  EXPECT_EQ(s.count(Verdict::kMultiple), 1u);  // the empty grid
  EXPECT_EQ(r.malformed, 2u);
  EXPECT_EQ(r.invalid, 1u);
  EXPECT_EQ(recorder.lines, (std::vector<uint64_t>{2, 4, 5, 6, 7, 8}));
  ASSERT_EQ(recorder.bad_lines.size(), 3u);
  EXPECT_EQ(recorder.bad_lines[0], path + ":4: expected 81 cells, found 70");
  EXPECT_EQ(
      recorder.bad_lines[1],
      path + ":5: invalid givens: digit 8 twice in row 1 (r1c1 and r1c3)");
  EXPECT_EQ(recorder.bad_lines[2], path + ":7: bad character 'x' at column 1");
  EXPECT_TRUE(recorder.errors.empty());
  EXPECT_EQ(r.format, DatasetFormat::kLines);
}

TEST(RunDataset, StrictStopsAtTheFirstBadLine) {
  const std::string path = WriteTempFile(
      "strict.txt", kPuzzle + "\nshort\n" + kPuzzle + "\n" + kPuzzle + "\n");
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.strict = true;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_TRUE(r.stopped_strict);
  EXPECT_EQ(recorder.lines, (std::vector<uint64_t>{1, 2}));
}

TEST(RunDataset, OutputKeepsInputOrderUnderManyThreads) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += FixtureDataset();
  const std::string path = WriteTempFile("order.txt", text);
  Recorder recorder;
  RunOptions options = Options({"bitmask", "visited"}, 8);
  options.batch_size = 7;
  const DatasetResult r = RunDataset(path, options, recorder);
  ASSERT_EQ(recorder.lines.size(), r.puzzle_lines);
  for (size_t i = 1; i < recorder.lines.size(); ++i) {
    ASSERT_LT(recorder.lines[i - 1], recorder.lines[i]) << i;
  }
  EXPECT_EQ(r.stats[0].puzzles(), 40u * ValidFixtures().size());
}

TEST(RunDataset, StatisticsDoNotDependOnThreadsOrBatches) {
  const std::string path = WriteTempFile("merge.txt", FixtureDataset());
  Recorder a, b;
  RunOptions one = Options({"bitmask", "positional"}, 1);
  RunOptions many = Options({"bitmask", "positional"}, 6);
  many.batch_size = 3;
  const DatasetResult r1 = RunDataset(path, one, a);
  const DatasetResult r2 = RunDataset(path, many, b);
  for (size_t i = 0; i < 2; ++i) {
    for (int v = 0; v < kVerdicts; ++v) {
      EXPECT_EQ(r1.stats[i].verdicts[v], r2.stats[i].verdicts[v]);
    }
    EXPECT_EQ(r1.stats[i].nodes_total, r2.stats[i].nodes_total);
    EXPECT_EQ(r1.stats[i].nodes_max, r2.stats[i].nodes_max);
    EXPECT_EQ(r1.stats[i].nodes, r2.stats[i].nodes);  // whole histogram
    EXPECT_EQ(r1.stats[i].nanos.count(), r2.stats[i].nanos.count());
  }
  EXPECT_EQ(r1.sha256, r2.sha256);
}

// Deliberately broken strategies: the driver must catch every one of them.
SolveResult SolveWithGarbage(const Grid& givens, uint32_t, uint64_t) {
  SolveResult r;
  r.outcome = Outcome::kSolved;
  r.solutions = 1;
  r.solution = givens;  // not full, so not a solution
  return r;
}
SolveResult SolveWithNothing(const Grid&, uint32_t, uint64_t) { return {}; }
SolveResult SolveWithLies(const Grid& givens, uint32_t limit, uint64_t budget) {
  // Finds a real solution, then claims it is the only one whatever the truth.
  SolveResult r = FindStrategy("bitmask")->solve(givens, 1, budget);
  (void)limit;
  if (r.solutions > 0) r.outcome = Outcome::kSolved;
  return r;
}
const Strategy kGarbage{"garbage", "returns its givens", SolveWithGarbage,
                        kCountsSolutions, "none"};
const Strategy kNothing{"nothing", "never finds anything", SolveWithNothing,
                        kCountsSolutions, "none"};
const Strategy kLiar{"liar", "always claims uniqueness", SolveWithLies,
                     kCountsSolutions, "none"};

// The givens check waits for the answers; whatever a strategy makes of a
// puzzle whose givens clash, the line counts as invalid and nothing else.
SolveResult SolveWithGivensClash(const Grid& givens, uint32_t limit,
                                 uint64_t budget) {
  if (FindConflict(givens)) return SolveWithGarbage(givens, limit, budget);
  return FindStrategy("bitmask")->solve(givens, limit, budget);
}
const Strategy kCareless{"careless", "answers invalid puzzles with garbage",
                         SolveWithGivensClash, kCountsSolutions, "none"};

TEST(RunDataset, InvalidGivensCountAsInvalidWhateverTheStrategiesSay) {
  std::string clash = kPuzzle;
  clash[2] = '8';
  const std::string path =
      WriteTempFile("deferred.txt", clash + "\n" + kPuzzle + "\n");
  for (const Strategy* careless : {&kCareless, &kNothing}) {
    Recorder recorder;
    RunOptions options = Options({"bitmask"});
    options.strategies.push_back(careless);
    const DatasetResult r = RunDataset(path, options, recorder);
    EXPECT_EQ(r.invalid, 1u);
    EXPECT_EQ(r.stats[0].count(Verdict::kInvalid), 1u);
    EXPECT_EQ(r.stats[1].count(Verdict::kInvalid), 1u);
    EXPECT_EQ(r.stats[0].searched(), 1u);
    EXPECT_EQ(r.stats[0].nanos.count(), 1u);  // the invalid line is not timed
    EXPECT_EQ(recorder.verdicts,
              (std::vector<Verdict>{Verdict::kInvalid, Verdict::kSolved}));
    ASSERT_EQ(recorder.bad_lines.size(), 1u);
    EXPECT_EQ(recorder.bad_lines[0],
              path +
                  ":1: invalid givens: digit 8 twice in row 1 (r1c1 and "
                  "r1c3)");
    if (careless == &kCareless) {
      EXPECT_TRUE(recorder.errors.empty());
      EXPECT_EQ(r.wrong_answers, 0u);
    } else {  // "no solution" for a puzzle bitmask solved is still wrong
      EXPECT_EQ(r.wrong_answers, 1u);
    }
  }
}

TEST(RunDataset, CatchesWrongAnswersInAMultiStrategyRun) {
  const std::string path = WriteTempFile("wrong.txt", kPuzzle + "\n");
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.strategies.push_back(&kGarbage);
  options.strategies.push_back(&kNothing);
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), 1u);
  EXPECT_EQ(r.stats[1].count(Verdict::kWrong), 1u);
  EXPECT_EQ(r.stats[2].count(Verdict::kWrong), 1u);
  EXPECT_EQ(r.wrong_answers, 2u);
  ASSERT_EQ(recorder.errors.size(), 2u);
  EXPECT_NE(recorder.errors[0].find(path + ":1: WRONG ANSWER from garbage: "
                                           "returned a grid that is not a "
                                           "solution (cell r1c3 is empty)"),
            std::string::npos)
      << recorder.errors[0];
  EXPECT_NE(recorder.errors[1].find(
                "WRONG ANSWER from nothing: says no solution, but " +
                kSolution + " is one"),
            std::string::npos)
      << recorder.errors[1];
}

TEST(RunDataset, CatchesAFalseUniquenessClaim) {
  // Fixture with several solutions: bitmask finds the smallest, a whole-tree
  // seed agrees there are several; the liar's "unique" is contradicted.
  const auto& fixtures = SeedFixtures();
  const auto it =
      std::find_if(fixtures.begin(), fixtures.end(), [](const auto& f) {
        return f.solutions >= 2 && f.nodes_all >= 0 && f.nodes_all < 100000;
      });
  ASSERT_NE(it, fixtures.end());
  const std::string path = WriteTempFile("multi.txt", it->text + "\n");
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.solution_limit = 2;
  options.strategies.push_back(&kLiar);
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kMultiple), 1u);
  // Both found the same smallest grid, so only the "several" against
  // "exactly one" clash is left: a disagreement nobody can settle alone.
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_EQ(r.stats[1].disagreements, 1u);
  ASSERT_EQ(recorder.errors.size(), 1u);
  EXPECT_NE(recorder.errors[0].find("DISAGREEMENT: liar proves one solution, "
                                    "bitmask reports several"),
            std::string::npos);
}

TEST(RunDataset, ChecksKaggleSolutionsAgainstEveryStrategy) {
  std::string zeros = kPuzzle;
  for (char& ch : zeros) {
    if (ch == '.') ch = '0';
  }
  const std::string path = WriteTempFile(
      "kaggle.csv", "quizzes,solutions\n" + zeros + "," + kSolution + "\n");
  Recorder recorder;
  RunOptions options = Options({"bitmask", "visited"});
  options.strategies.push_back(&kNothing);
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.format, DatasetFormat::kKaggle);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), 1u);
  EXPECT_EQ(r.stats[0].expected_differs, 0u);
  EXPECT_EQ(r.stats[2].count(Verdict::kWrong), 1u);
}

// `puzzle:count:solution` lines (other solvers' test files): the count an
// answer proves is held against the file's, any count above 1 meaning
// "several", so a run under --limit 2 agrees with a file that counted on.
TEST(RunDataset, ChecksTestLineCountsAgainstWhatTheRunProves) {
  const std::string empty(81, '.');
  // Row 1 holds 1 to 8 and its last column a 9 further down: valid givens,
  // and no digit left for the row's last cell.
  const std::string dead = "12345678.........9" + std::string(63, '.');
  const std::string path = WriteTempFile(
      "counts.txt", kPuzzle + ":1:" + kSolution + "\n" +  // agrees
                        kPuzzle + ":2:\n" +               // one, proven
                        empty + ":5:-\n" +                // agrees
                        empty + ":1:\n" +                 // several found
                        dead + ":1:\n" +                  // none
                        dead + ":0:-\n");                 // agrees
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.solution_limit = 2;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), 2u);
  EXPECT_EQ(r.stats[0].count(Verdict::kMultiple), 2u);
  EXPECT_EQ(r.stats[0].count(Verdict::kNoSolution), 2u);
  EXPECT_EQ(r.stats[0].expected_differs, 3u);
  EXPECT_EQ(recorder.bad_lines,
            (std::vector<std::string>{
                path + ":2: bitmask proves one solution, the file says 2",
                path + ":4: bitmask finds several solutions, the file says 1",
                path + ":5: bitmask finds no solution, the file says 1"}));
  EXPECT_TRUE(recorder.errors.empty());
  EXPECT_EQ(r.wrong_answers, 0u);

  // Stopping at the first solution proves one exists, not that it is the
  // only one: only a claimed count of 0 is contradicted.
  const std::string first =
      WriteTempFile("counts-first.txt", kPuzzle + ":2:\n" + kPuzzle + ":0:\n");
  Recorder first_recorder;
  options.solution_limit = 1;
  const DatasetResult f = RunDataset(first, options, first_recorder);
  EXPECT_EQ(f.stats[0].expected_differs, 1u);
  EXPECT_EQ(first_recorder.bad_lines,
            (std::vector<std::string>{
                first + ":2: bitmask finds a solution, the file says 0"}));
}

// Other solvers' test files write `puzzle:count` alone where there is no
// solution to give (none, or several): the count is a reference like any
// other. A note that is not digits stays a note.
TEST(RunDataset, CountsWithoutASolutionFieldAreChecked) {
  const std::string empty(81, '.');
  const std::string dead = "12345678.........9" + std::string(63, '.');
  const std::string path =
      WriteTempFile("bare-counts.txt", empty + ":2\n" +  // agrees
                                           dead + ":0\n" +   // agrees
                                           empty + ":1\n" +  // several found
                                           dead + ":1\n" +   // none
                                           kPuzzle + ":2\n" +  // one, proven
                                           kPuzzle + ":hard\n");  // a note
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.solution_limit = 2;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.malformed, 0u);
  EXPECT_EQ(r.stats[0].expected_differs, 3u);
  EXPECT_EQ(recorder.bad_lines,
            (std::vector<std::string>{
                path + ":3: bitmask finds several solutions, the file says 1",
                path + ":4: bitmask finds no solution, the file says 1",
                path + ":5: bitmask proves one solution, the file says 2"}));
}

// Loaded strategies that stop at their first solution: one promises to
// count solutions (so its "solved" at a limit of 2 claims there is no second
// one, falsely), the other promises nothing, as the ABI's minimal example.
SolveResult StopsAtOne(const Grid& givens, uint32_t, uint64_t budget) {
  return FindStrategy("bitmask")->Solve(givens, 1, budget);
}
constexpr Strategy kClaimsUnique{.name = "claims-unique",
                                 .summary = "stops at one, says unique",
                                 .solve = &StopsAtOne,
                                 .capabilities = kCountsSolutions,
                                 .node_unit = "node",
                                 .origin = "/plugins/libclaims.so"};
constexpr Strategy kPromisesNothing{.name = "promises-nothing",
                                    .summary = "stops at one",
                                    .solve = &StopsAtOne,
                                    .capabilities = 0,
                                    .node_unit = "node",
                                    .origin = "/plugins/libnothing.so"};

// One unique puzzle, two with several solutions.
std::string UniqueAndSeveral() {
  std::string several = kPuzzle;
  for (size_t cell = 0; cell < 81; ++cell) {
    if (several[cell] != '.') {
      several[cell] = '.';
      if (std::count(several.begin(), several.end(), '.') >= 60) break;
    }
  }
  return kPuzzle + "\n" + several + "\n" + std::string(81, '.') + "\n";
}

TEST(RunDataset, ALoadedStrategysCountClaimsAloneAreUnchecked) {
  const std::string path = WriteTempFile("unchecked.txt", UniqueAndSeveral());
  Recorder recorder;
  RunOptions options;
  options.strategies = {&kClaimsUnique};
  options.solution_limit = 2;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), 3u);
  EXPECT_EQ(r.stats[0].unchecked, 3u);
  EXPECT_EQ(r.wrong_answers, 0u);

  // Beside a built-in strategy that counts, every claim was checked, and
  // the false ones disagree.
  options.strategies = {&kClaimsUnique, FindStrategy("bitmask")};
  const DatasetResult beside = RunDataset(path, options, recorder);
  EXPECT_EQ(beside.stats[0].unchecked, 0u);
  EXPECT_EQ(beside.disagreements, 2u);

  // At a limit of 1 "solved" claims only a solution, and its grid verified;
  // a strategy that does not promise to count claims no uniqueness either.
  options.strategies = {&kClaimsUnique};
  options.solution_limit = 1;
  EXPECT_EQ(RunDataset(path, options, recorder).stats[0].unchecked, 0u);
  options.strategies = {&kPromisesNothing};
  options.solution_limit = 2;
  EXPECT_EQ(RunDataset(path, options, recorder).stats[0].unchecked, 0u);

  // A file that gives the counts checks them.
  const std::string counted =
      WriteTempFile("unchecked-counted.txt",
                    kPuzzle + ":1\n" + std::string(81, '.') + ":2\n");
  options.strategies = {&kClaimsUnique};
  Recorder counted_recorder;
  const DatasetResult c = RunDataset(counted, options, counted_recorder);
  EXPECT_EQ(c.stats[0].unchecked, 0u);
  EXPECT_EQ(c.stats[0].expected_differs, 1u);
}

// The strategy that promises nothing passes beside bitmask, its "solved"
// next to bitmask's "multiple": --reference makes those answers wrong.
TEST(RunDataset, TheReferenceSettlesEveryCount) {
  const std::string path = WriteTempFile("reference.txt", UniqueAndSeveral());
  Recorder recorder;
  RunOptions options;
  options.strategies = {&kPromisesNothing, FindStrategy("bitmask")};
  options.solution_limit = 2;
  EXPECT_EQ(RunDataset(path, options, recorder).wrong_answers, 0u);
  options.reference = 1;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), 1u);
  EXPECT_EQ(r.stats[0].count(Verdict::kWrong), 2u);
  EXPECT_EQ(r.stats[1].count(Verdict::kMultiple), 2u);
  EXPECT_EQ(r.stats[1].count(Verdict::kWrong), 0u);
  EXPECT_EQ(r.wrong_answers, 2u);
  ASSERT_EQ(recorder.errors.size(), 2u);
  EXPECT_EQ(recorder.errors[0],
            path + ":2: WRONG ANSWER from promises-nothing: reports one "
                   "solution, but the reference bitmask finds several "
                   "solutions");
  // Run in the other order too (--ab's odd batches): the index follows.
  options.strategies = {FindStrategy("bitmask"), &kPromisesNothing};
  options.reference = 0;
  Recorder again;
  EXPECT_EQ(RunDataset(path, options, again).stats[1].count(Verdict::kWrong),
            2u);
}

TEST(RunDataset, BudgetsCountAsOverBudget) {
  const std::string path = WriteTempFile("budget.txt", FixtureDataset());
  Recorder recorder;
  RunOptions options = Options({"visited"});
  options.max_nodes = 10;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_GT(r.stats[0].count(Verdict::kOverBudget), 0u);
  EXPECT_LE(r.stats[0].nodes_max, 10u);
  EXPECT_EQ(r.stats[0].puzzles(), ValidFixtures().size());
}

// Counts one node more than its budget allows: a contract violation.
SolveResult SolveOverBudget(const Grid&, uint32_t, uint64_t budget) {
  SolveResult r;
  r.outcome = Outcome::kOverBudget;
  r.nodes = budget + 1;
  return r;
}
const Strategy kSpendthrift{"spendthrift", "counts past its budget",
                            SolveOverBudget, 0, "none"};

TEST(RunDataset, NodesAboveTheBudgetAreAWrongAnswer) {
  const std::string path = WriteTempFile("overspent.txt", kPuzzle + "\n");
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.strategies.push_back(&kSpendthrift);
  options.max_nodes = 100000;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[1].count(Verdict::kWrong), 1u);
  EXPECT_EQ(r.wrong_answers, 1u);
  ASSERT_EQ(recorder.errors.size(), 1u);
  EXPECT_NE(
      recorder.errors[0].find(path + ":1: WRONG ANSWER from spendthrift: "
                                     "counted 100001 nodes, above the budget "
                                     "of 100000 (contract violation)"),
      std::string::npos)
      << recorder.errors[0];
}

// A row with a context (as a loaded plugin's): the engine calls it through
// Strategy::Solve, and an outcome code it does not know is a wrong answer.
SolveResult SolveWithContext(const void* context, const Grid& givens,
                             uint32_t limit, uint64_t budget) {
  SolveResult r = FindStrategy("bitmask")->solve(givens, limit, budget);
  r.outcome = *static_cast<const Outcome*>(context);
  return r;
}
const Outcome kUnknownCode = static_cast<Outcome>(9);
const Outcome kSolvedCode = Outcome::kSolved;
Strategy ContextRow(const char* name, const Outcome* code) {
  Strategy s{name, "through a context", nullptr, 0, "none"};
  s.context_solve = SolveWithContext;
  s.context = code;
  return s;
}

TEST(RunDataset, ContextRowsRunAndUnknownOutcomesAreWrong) {
  const std::string path = WriteTempFile("context.txt", kPuzzle + "\n");
  const Strategy good = ContextRow("context-good", &kSolvedCode);
  const Strategy bad = ContextRow("context-bad", &kUnknownCode);
  Recorder recorder;
  RunOptions options = Options({"bitmask"});
  options.strategies.push_back(&good);
  options.strategies.push_back(&bad);
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_EQ(r.stats[1].count(Verdict::kSolved), 1u);
  EXPECT_EQ(r.stats[2].count(Verdict::kWrong), 1u);
  ASSERT_EQ(recorder.errors.size(), 1u);
  EXPECT_NE(
      recorder.errors[0].find(path + ":1: WRONG ANSWER from context-bad: "
                                     "returned an unknown outcome code (9)"),
      std::string::npos)
      << recorder.errors[0];
}

// A row that cannot answer, as a process strategy whose process died: each
// line still counts once, as an error with its reason, never as wrong, and
// its grid takes no part in the checks; a line with clashing givens is
// invalid, as for every strategy.
SolveResult SolveWithError(const Grid& givens, uint32_t, uint64_t) {
  SolveResult r;
  r.outcome = Outcome::kError;
  r.solutions = 1;
  r.solution = givens;  // not a solution, were it an answer
  return r;
}
std::string_view ErrorReason(const void*) {
  return "process died (exit status 3)";
}

TEST(RunDataset, ErrorsAreCountedApartAndSayWhy) {
  std::string clash = kPuzzle;
  clash[2] = '8';
  const std::string path = WriteTempFile(
      "errors.txt", kPuzzle + "\n" + clash + "\n" + kPuzzle + "\n");
  Strategy unanswering{"unanswering", "never answers", SolveWithError, 0,
                       "none"};
  unanswering.last_error = ErrorReason;
  for (const bool alone : {false, true}) {
    Recorder recorder;
    RunOptions options = Options({"bitmask"});
    if (alone) options.strategies.clear();
    options.strategies.push_back(&unanswering);
    const DatasetResult r = RunDataset(path, options, recorder);
    const StrategyStats& stats = r.stats.back();
    EXPECT_EQ(stats.count(Verdict::kError), 2u) << alone;
    EXPECT_EQ(stats.count(Verdict::kInvalid), 1u) << alone;
    EXPECT_EQ(stats.puzzles(), 3u) << alone;
    EXPECT_EQ(r.wrong_answers, 0u) << alone;
    EXPECT_EQ(recorder.verdicts[0], alone ? Verdict::kError : Verdict::kSolved);
    ASSERT_EQ(recorder.errors.size(), 2u) << alone;
    EXPECT_EQ(
        recorder.errors[0],
        path + ":1: ERROR from unanswering: process died (exit status 3)");
    EXPECT_EQ(recorder.errors[1].substr(0, path.size() + 3), path + ":3:");
  }
}

TEST(RunDataset, ParseOnlyReadsEverythingAndSolvesNothing) {
  const std::string path =
      WriteTempFile("parse.txt", FixtureDataset() + "bad\n");
  Recorder recorder;
  RunOptions options;
  options.threads = 2;
  const DatasetResult r = RunDataset(path, options, recorder);
  EXPECT_TRUE(r.stats.empty());
  EXPECT_EQ(r.puzzle_lines, ValidFixtures().size() + 1);
  EXPECT_EQ(r.malformed, 1u);
  EXPECT_EQ(r.invalid, 0u);  // the fixture dataset holds valid puzzles only
}

// The stages stand alone: the reader cuts batches without the rest of the
// pipeline, and the pool hands a given-back batch out again, emptied.
std::vector<uint64_t> LineNumbers(const Batch& batch) {
  std::vector<uint64_t> numbers;
  for (const Batch::Line& line : batch.lines) numbers.push_back(line.number);
  return numbers;
}

TEST(BatchReader, CutsBatchesAndSkipsCommentsAndBlankLines) {
  const std::string path = WriteTempFile(
      "reader.txt", "# comment\n" + kPuzzle + "\n\n" + kPuzzle + "\nshort\n");
  Input input(path);
  RunOptions options;
  options.batch_size = 2;
  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool);
  Batch* first = reader.Next();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(LineNumbers(*first), (std::vector<uint64_t>{2, 4}));
  EXPECT_EQ(first->text, kPuzzle + kPuzzle);
  Batch* second = reader.Next();
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(LineNumbers(*second), (std::vector<uint64_t>{5}));
  EXPECT_EQ(reader.Next(), nullptr);
  EXPECT_EQ(reader.lines_read(), 5u);
  EXPECT_FALSE(reader.stopped_strict());
  pool.Give(first);
  pool.Give(second);
  Batch* again = pool.Take();
  EXPECT_TRUE(again == first || again == second);
  EXPECT_TRUE(again->lines.empty());
  EXPECT_TRUE(again->text.empty());
  pool.Give(again);
}

TEST(BatchReader, StrictStopsAtTheBadLine) {
  const std::string path = WriteTempFile(
      "reader-strict.txt", kPuzzle + "\nshort\n" + kPuzzle + "\n");
  Input input(path);
  RunOptions options;
  options.strict = true;
  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool);
  Batch* batch = reader.Next();
  ASSERT_NE(batch, nullptr);
  EXPECT_EQ(LineNumbers(*batch), (std::vector<uint64_t>{1, 2}));
  EXPECT_TRUE(reader.stopped_strict());
  EXPECT_EQ(reader.Next(), nullptr);
  pool.Give(batch);
}

// The solver stage alone: ranges may finish in any order, yet the problems
// come out in input order and the batch's tally adds up.
TEST(BatchSolver, SolvesRangesInAnyOrderAndSortsProblems) {
  const std::string path = WriteTempFile(
      "solver.txt", kPuzzle + "\nshort\n" + kPuzzle + "\n" + kPuzzle + "\n");
  Input input(path);
  RunOptions options = Options({"bitmask"});
  options.strategies.push_back(&kGarbage);
  BatchPool pool(options.batch_size);
  BatchReader reader(input, options, pool);
  Batch* batch = reader.Next();
  ASSERT_NE(batch, nullptr);
  ASSERT_EQ(batch->lines.size(), 4u);
  BatchSolver solver(path, options);
  solver.Prepare(*batch);
  solver.SolveRange(*batch, 2, 4);
  solver.SolveRange(*batch, 0, 2);
  solver.Finish(*batch);
  EXPECT_EQ(batch->records[1].status, RecordStatus::kMalformed);
  ASSERT_EQ(batch->problems.size(), 3u);
  for (size_t i = 0; i < batch->problems.size(); ++i) {
    EXPECT_EQ(batch->problems[i].record, std::vector<size_t>({0, 2, 3})[i]);
    EXPECT_TRUE(batch->problems[i].error);
  }
  std::vector<StrategyStats> stats(2);
  uint64_t disagreements = 0;
  BatchSolver::Tally(*batch, 2, false, stats, disagreements);
  EXPECT_EQ(stats[0].count(Verdict::kSolved), 3u);
  EXPECT_EQ(stats[0].count(Verdict::kMalformed), 1u);
  EXPECT_EQ(stats[1].count(Verdict::kWrong), 3u);
  EXPECT_EQ(batch->outcomes[2 * 2 + 1].verdict, Verdict::kWrong);
  pool.Give(batch);
}

// The accountant alone: lines counted; a record's reason and problems, then
// the record itself, in input order; progress once per batch.
TEST(Accountant, TellsTheObserverInInputOrder) {
  class Log : public RunObserver {
   public:
    void OnRecord(const std::string&, const PuzzleRecord& record,
                  std::span<const PuzzleOutcome> outcomes) override {
      events.push_back("record " + std::to_string(record.line) + " x" +
                       std::to_string(outcomes.size()));
    }
    void OnProblem(const std::string& message, bool error) override {
      events.push_back((error ? "error " : "bad ") + message);
    }
    void OnProgress(uint64_t lines, uint64_t, std::optional<uint64_t>,
                    double) override {
      events.push_back("progress " + std::to_string(lines));
    }
    std::vector<std::string> events;
  } log;
  Batch batch;
  batch.records.resize(2);
  batch.records[0].line = 3;
  batch.records[1].line = 7;
  batch.records[1].status = RecordStatus::kInvalid;
  batch.records[1].reason = "clash";
  batch.outcomes.resize(2);
  batch.tallies.resize(2);
  batch.disagreed.resize(2);
  batch.problems.push_back({0, "f:3: WRONG", true});
  DatasetResult result;
  Accountant accountant("f", Options({"bitmask"}), log, result,
                        Accountant::Clock::now(), 0);
  accountant.Account(batch);
  EXPECT_EQ(log.events, (std::vector<std::string>{
                            "error f:3: WRONG", "record 3 x1", "bad f:7: clash",
                            "record 7 x1", "progress 2"}));
  EXPECT_EQ(result.puzzle_lines, 2u);
  EXPECT_EQ(result.invalid, 1u);
  EXPECT_EQ(result.malformed, 0u);
}

// An observer that wants no records is not called per line, yet every line,
// reason and problem is still counted and told.
TEST(Accountant, SkipsRecordsAnObserverDoesNotWant) {
  class Log : public RunObserver {
   public:
    bool WantsRecords() const override { return false; }
    void OnRecord(const std::string&, const PuzzleRecord&,
                  std::span<const PuzzleOutcome>) override {
      events.push_back("record");
    }
    void OnProblem(const std::string& message, bool) override {
      events.push_back(message);
    }
    std::vector<std::string> events;
  } log;
  Batch batch;
  batch.records.resize(3);
  batch.records[1].line = 7;
  batch.records[1].status = RecordStatus::kMalformed;
  batch.records[1].reason = "short";
  batch.outcomes.resize(3);
  batch.tallies.resize(3);
  batch.disagreed.resize(3);
  batch.problems.push_back({2, "f:9: WRONG", true});
  DatasetResult result;
  Accountant accountant("f", Options({"bitmask"}), log, result,
                        Accountant::Clock::now(), 0);
  accountant.Account(batch);
  EXPECT_EQ(log.events, (std::vector<std::string>{"f:7: short", "f:9: WRONG"}));
  EXPECT_EQ(result.puzzle_lines, 3u);
  EXPECT_EQ(result.malformed, 1u);
}

}  // namespace
}  // namespace sudoku
