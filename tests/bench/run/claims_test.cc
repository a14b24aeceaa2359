// End-to-end tests of the claims a strategy's answers make: unchecked count
// claims said loudly, --reference making false ones wrong, --strict-expected
// failing on the file's own counts, and which build of a plugin or process
// a row measured.
#include <gtest/gtest.h>

#include <string>

#include "engine/input/input.h"
#include "engine/report/csv_reader.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kCounts = CLAIMS_COUNTS_PLUGIN;
const std::string kNothing = CLAIMS_NOTHING_PLUGIN;
const std::string kSource = SUDOKU_SOURCE_DIR;

// One unique puzzle and two with several solutions.
std::string UniqueAndSeveral() {
  const std::string& unique = testing::kSamplePuzzle;
  std::string several = unique;
  int removed = 0;
  for (char& cell : several) {
    if (cell != '.' && removed < 6) {
      cell = '.';
      ++removed;
    }
  }
  return WriteTempFile("claims.txt", unique + "\n" + several + "\n" +
                                         std::string(81, '.') + "\n");
}

ReportRow RowOf(const std::string& csv, const std::string& strategy) {
  for (const ReportEntry& entry : ReadCsvReportFile(csv)) {
    if (entry.row.strategy == strategy) return entry.row;
  }
  ADD_FAILURE() << "no row for " << strategy << " in " << csv;
  return {};
}

// The plugin: it stops at one solution and calls it unique. Alone,
// nothing can contradict it; the run passes, but says so.
TEST(BenchClaims, UniquenessClaimsCheckedByNothingAreSaidLoudly) {
  const std::string data = UniqueAndSeveral();
  const std::string csv = TempPath("claims_alone.csv");
  const BenchRun run = Bench("--progress never --limit 2 --plugin " + kCounts +
                             " -s claims-counts --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.out, "UNCHECKED: 3 of claims-counts's answers claim a "
                           "solution count"))
      << run.out;
  EXPECT_EQ(RowOf(csv, "claims-counts").unchecked, 3u);

  // Beside a built-in counting strategy the claims are checked: the false
  // ones disagree (exit 1), and nothing is unchecked.
  const std::string beside = TempPath("claims_beside.csv");
  const BenchRun checked =
      Bench("--progress never --limit 2 --plugin " + kCounts +
            " -s claims-counts,bitmask --csv " + beside + " " + data);
  EXPECT_EQ(checked.exit_code, 1) << checked.err;
  EXPECT_TRUE(Has(checked.err, "DISAGREEMENT")) << checked.err;
  EXPECT_FALSE(Has(checked.out, "UNCHECKED")) << checked.out;
  EXPECT_EQ(RowOf(beside, "claims-counts").unchecked, 0u);
}

// The ABI's minimal example promises nothing: its "solved" beside bitmask's
// "multiple" passes, with a note; --reference makes those answers wrong.
TEST(BenchClaims, TheReferenceMakesFalseCountsWrong) {
  const std::string data = UniqueAndSeveral();
  const BenchRun lenient = Bench("--progress never --limit 2 --plugin " +
                                 kNothing + " -s claims-nothing,bitmask " +
                                 data);
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  EXPECT_TRUE(Has(lenient.out, "NOTE: claims-nothing does not promise to "
                               "count solutions"))
      << lenient.out;

  const std::string csv = TempPath("claims_reference.csv");
  const BenchRun run =
      Bench("--progress never --limit 2 --plugin " + kNothing +
            " -s claims-nothing --reference bands --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":2: WRONG ANSWER from claims-nothing: "
                                  "reports one solution, but the reference "
                                  "bands finds several solutions"))
      << run.err;
  EXPECT_EQ(RowOf(csv, "claims-nothing").wrong, 2u);
  EXPECT_EQ(RowOf(csv, "bands").multiple, 2u);  // the reference's own row

  // The reference counts to 2, beside the others, in one pass.
  EXPECT_EQ(Bench("--reference bands " + data).exit_code, 2);
  EXPECT_EQ(Bench("--limit 2 --reference bands --repeat 2 " + data).exit_code,
            2);
  EXPECT_EQ(Bench("--limit 2 --reference scan " + data).exit_code, 2);
}

// A contradiction the reference settles is said once, as the wrong answer
// it is, and not also counted as a disagreement nobody resolved.
TEST(BenchClaims, TheReferenceSettlesDisagreementsOnce) {
  const std::string data = UniqueAndSeveral();
  const std::string csv = TempPath("claims_settled.csv");
  const BenchRun run =
      Bench("--progress never --limit 2 --plugin " + kCounts +
            " -s claims-counts --reference bitmask --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":2: WRONG ANSWER from claims-counts"))
      << run.err;
  EXPECT_FALSE(Has(run.err, "DISAGREEMENT")) << run.err;
  EXPECT_TRUE(Has(run.out, "ERROR: 2 wrong answers, 0 unresolved "
                           "disagreements"))
      << run.out;
  EXPECT_EQ(RowOf(csv, "claims-counts").wrong, 2u);
  EXPECT_EQ(RowOf(csv, "claims-counts").disagreements, 0u);
  EXPECT_EQ(RowOf(csv, "bitmask").disagreements, 0u);
}

// A test file's counts contradicted: only counted (expected_differs), unless
// --strict-expected makes it a failure; but several solutions where the file
// claims one fail the run either way (issue 36: it exited 0).
TEST(BenchClaims, StrictExpectedFailsOnTheFilesOwnCounts) {
  const std::string data = WriteTempFile(
      "claims_counts.txt", std::string(81, '.') + ":1\n" +
                               testing::kSamplePuzzle + ":1\n");
  const BenchRun plain = Bench("-q --limit 2 -s bands " + data);
  EXPECT_EQ(plain.exit_code, 1) << plain.err;
  const BenchRun strict =
      Bench("-q --limit 2 -s bands --strict-expected " + data);
  EXPECT_EQ(strict.exit_code, 1) << strict.err;
  EXPECT_TRUE(Has(strict.err, data + ":1: bands finds several solutions, the "
                                     "file says 1"))
      << strict.err;
  // A count of 2 where the run proves one is only counted.
  const std::string proven = WriteTempFile(
      "claims_proven.txt", testing::kSamplePuzzle + ":2\n");
  EXPECT_EQ(Bench("-q --limit 2 -s bands " + proven).exit_code, 0);
  const BenchRun strict_proven =
      Bench("-q --limit 2 -s bands --strict-expected " + proven);
  EXPECT_EQ(strict_proven.exit_code, 1) << strict_proven.err;
  EXPECT_TRUE(Has(strict_proven.err,
                  proven + ":1: bands proves one solution, the file says 2"))
      << strict_proven.err;
}

// The file's own answers caught out (issue 36): a wrong reference answer is
// its own outcome, its puzzle still solved; a puzzle of two solutions whose
// row gives one answer is named; either fails the run. A clean file passes.
TEST(BenchClaims, WrongReferencesAndSeveralWhereOneIsClaimedFailTheRun) {
  const std::string& puzzle = testing::kSamplePuzzle;
  const std::string& solution = testing::kSampleSolution;
  std::string breaks_a_rule = solution, changes_a_given = solution;
  breaks_a_rule[2] = '6';    // a blank cell: row 1's given 6 twice
  changes_a_given[0] = '1';  // the given 8 at r1c1
  // Rows 1 and 2 of the solution hold 1 7 / 7 1 in columns 3 and 6 (boxes
  // 1 and 2): blanked, two solutions.
  std::string two = solution;
  ASSERT_EQ(std::string({two[2], two[5], two[11], two[14]}), "1771");
  for (int cell : {2, 5, 11, 14}) two[cell] = '.';
  const std::string header = "id,puzzle,solution,rating\n";
  const std::string data = WriteTempFile(
      "claims_references.csv",
      header + "a," + puzzle + "," + solution + ",1\n" +  // line 2: good
          "b," + puzzle + "," + breaks_a_rule + ",1\n" +  // 3
          "c," + puzzle + "," + changes_a_given + ",1\n" +  // 4
          "d," + two + "," + solution + ",1\n" +  // 5: two solutions
          "e,12345," + solution + ",1\n");        // 6: malformed
  const std::string csv = TempPath("claims_references_report.csv");
  const BenchRun run = Bench("--progress never -s simd --limit 2 --csv " +
                             csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":3: REFERENCE WRONG: solution column is "
                                  "not a solution of the puzzle: digit 6"))
      << run.err;
  EXPECT_TRUE(Has(run.err, data + ":4: REFERENCE WRONG: solution column is "
                                  "not a solution of the puzzle: cell r1c1 "
                                  "changes given 8 to 1"))
      << run.err;
  EXPECT_TRUE(Has(run.err, data + ":5: simd finds several solutions, the "
                                  "file gives one answer"))
      << run.err;
  EXPECT_TRUE(Has(run.err, data + ":6: puzzle column: ")) << run.err;
  EXPECT_TRUE(Has(run.out, "REFERENCE WRONG: 2 lines")) << run.out;
  EXPECT_TRUE(Has(run.out, "SEVERAL SOLUTIONS: simd finds several solutions "
                           "to 1 puzzles"))
      << run.out;
  const ReportRow row = RowOf(csv, "simd");
  EXPECT_EQ(row.puzzles, 5u);
  EXPECT_EQ(row.solved, 3u);
  EXPECT_EQ(row.multiple, 1u);
  EXPECT_EQ(row.malformed, 1u);
  EXPECT_EQ(row.reference_wrong, 2u);
  EXPECT_EQ(row.several_claimed_one, 1u);
  // --max-messages hides the names, not the failure.
  EXPECT_EQ(Bench("-q -s simd --limit 2 --max-messages 0 " + data).exit_code,
            1);

  // The good row alone: exit 0, both counts 0, no such lines.
  const std::string clean = WriteTempFile(
      "claims_clean.csv", header + "a," + puzzle + "," + solution + ",1\n");
  const std::string clean_csv = TempPath("claims_clean_report.csv");
  const BenchRun good = Bench("--progress never -s simd --limit 2 --csv " +
                              clean_csv + " " + clean);
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_FALSE(Has(good.out, "REFERENCE WRONG")) << good.out;
  EXPECT_EQ(RowOf(clean_csv, "simd").reference_wrong, 0u);
  EXPECT_EQ(RowOf(clean_csv, "simd").several_claimed_one, 0u);
}

// Which build ran: a plugin's absolute path and its own build description,
// and the SHA-256 of a process strategy's executable.
TEST(BenchClaims, RowsNameTheBuildOfPluginsAndProcesses) {
  const std::string data =
      WriteTempFile("claims_build.txt", testing::kSamplePuzzle + "\n");
  const std::string csv = TempPath("claims_builds.csv");
  const std::string script = kSource + "/bench/exec/solver.py";
  const BenchRun run =
      Bench("-q --limit 2 --plugin " + kNothing + " --exec py=" + script +
            " -s claims-nothing,py,bitmask --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const ReportRow plugin = RowOf(csv, "claims-nothing");
  EXPECT_EQ(plugin.strategy_origin.front(), '/');
  EXPECT_EQ(plugin.strategy_sha256, Input::FileSha256Hex(kNothing));
  EXPECT_EQ(plugin.strategy_build, "cc -O2 (claims_plugin.c)");
  const ReportRow process = RowOf(csv, "py");
  EXPECT_EQ(process.strategy_origin, "exec: " + script);
  EXPECT_EQ(process.strategy_sha256, Input::FileSha256Hex(script));
  EXPECT_TRUE(RowOf(csv, "bitmask").strategy_build.empty());
  // A plugin that does not describe its build leaves the column empty.
  const std::string other = TempPath("claims_builds_counts.csv");
  EXPECT_EQ(Bench("-q --limit 2 --plugin " + kCounts +
                  " -s claims-counts --csv " + other + " " + data)
                .exit_code,
            0);
  EXPECT_TRUE(RowOf(other, "claims-counts").strategy_build.empty());
}

}  // namespace
}  // namespace sudoku
