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
// --strict-expected makes it a failure.
TEST(BenchClaims, StrictExpectedFailsOnTheFilesOwnCounts) {
  const std::string data = WriteTempFile(
      "claims_counts.txt", std::string(81, '.') + ":1\n" +
                               testing::kSamplePuzzle + ":1\n");
  EXPECT_EQ(Bench("-q --limit 2 -s bands " + data).exit_code, 0);
  const BenchRun strict =
      Bench("-q --limit 2 -s bands --strict-expected " + data);
  EXPECT_EQ(strict.exit_code, 1) << strict.err;
  EXPECT_TRUE(Has(strict.err, data + ":1: bands finds several solutions, the "
                                     "file says 1"))
      << strict.err;
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
