// End-to-end tests of named plugins, the strategy identity columns, compare's
// note on a changed plugin build, and bench --ab.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "engine/report/report_schema.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::ColumnIndex;
using testing::Fields;
using testing::Has;
using testing::Lines;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kBands = BANDS_PLUGIN;
const std::string kMixed =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/mixed.txt";
// One plugin file loaded twice, as two builds of one solver.
const std::string kTwice =
    " --plugin base=" + kBands + " --plugin new=" + kBands + " ";
const std::string kPair = "--ab base:bands-plugin,new:bands-plugin ";

// The SHA-256 by another hand than bench's: coreutils.
std::string Sha256Sum(const std::string& path) {
  FILE* pipe = popen(("sha256sum " + path).c_str(), "r");
  char buffer[65] = {};
  const size_t n = fread(buffer, 1, 64, pipe);
  pclose(pipe);
  return std::string(buffer, n);
}

TEST(BenchNamedPlugins, LabelsPrefixTheNamesAndListShowsBoth) {
  const BenchRun run = Bench("--list" + kTwice);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string hash = Sha256Sum(kBands).substr(0, 12);
  int labelled = 0;
  for (const std::string& line : Lines(run.out)) {
    if (line.rfind("base:bands-plugin ", 0) == 0 ||
        line.rfind("new:bands-plugin ", 0) == 0) {
      EXPECT_TRUE(Has(line, "[" + kBands + ", sha256 " + hash + "]")) << line;
      ++labelled;
    }
    EXPECT_NE(line.rfind("bands-plugin ", 0), 0u) << line;
  }
  EXPECT_EQ(labelled, 2) << run.out;
}

TEST(BenchNamedPlugins, ADuplicateLabelIsRefusedNamingBothSources) {
  const BenchRun run =
      Bench("--list --plugin base=" + kBands + " --plugin base=" + kBands);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "--plugin base=" + kBands +
                               ": strategy #1 "
                               "'base:bands-plugin' is a duplicate: a strategy "
                               "'base:bands-plugin' is already defined (" +
                               kBands + ")"))
      << run.err;
  EXPECT_EQ(Bench("--list --plugin base=").exit_code, 2);
}

TEST(BenchNamedPlugins, ReportNamesEachStrategysBuild) {
  const std::string csv = TempPath("ab_identity.csv");
  const BenchRun run =
      Bench("-q --progress never --plugin base=" + kBands +
            " -s bands,base:bands-plugin --csv " + csv + " " + kMixed);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::vector<std::string> lines = Lines(ReadFile(csv));
  ASSERT_EQ(lines.size(), 3u);
  const size_t origin = ColumnIndex(lines[0], "strategy_origin");
  const size_t sha = ColumnIndex(lines[0], "strategy_sha256");
  const std::vector<std::string> builtin = Fields(lines[1]);
  const std::vector<std::string> loaded = Fields(lines[2]);
  ASSERT_EQ(builtin.size(), Fields(lines[0]).size());
  ASSERT_LT(sha, builtin.size());
  EXPECT_EQ(builtin[1], "bands");
  EXPECT_EQ(builtin[origin], "built in");
  EXPECT_EQ(builtin[sha], "");
  EXPECT_EQ(loaded[1], "base:bands-plugin");
  EXPECT_EQ(loaded[origin], kBands);
  EXPECT_EQ(loaded[sha], Sha256Sum(kBands));
  EXPECT_EQ(loaded[sha].size(), 64u);
}

// A report with the strategy_sha256 field of every row replaced.
std::string WithSha(const std::string& csv, const std::string& sha) {
  const std::vector<std::string> lines = Lines(ReadFile(csv));
  const size_t at = ColumnIndex(lines[0], "strategy_sha256");
  std::string out = lines[0] + '\n';
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = Fields(lines[i]);
    fields[at] = sha;
    for (size_t f = 0; f < fields.size(); ++f) {
      out += (f ? "," : "") + CsvField(fields[f]);  // quoted as the report was
    }
    out += '\n';
  }
  return out;
}

TEST(BenchNamedPlugins, CompareNotesAChangedBuildAndStillCompares) {
  const std::string csv = TempPath("ab_build.csv");
  ASSERT_EQ(Bench("-q --progress never --plugin " + kBands +
                  " -s bands-plugin --csv " + csv + " " + kMixed)
                .exit_code,
            0);
  const std::string base =
      WriteTempFile("ab_build_base.csv", WithSha(csv, "1a2b3c4d5e6f7a8b9c"));
  const std::string cur =
      WriteTempFile("ab_build_cur.csv", WithSha(csv, "5e6f7a8b9c0d1e2f3a"));
  const BenchRun run = Bench("compare --no-timing-gate " + base + " " + cur);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(Has(run.out,
                  "mixed.txt  bands-plugin  limit 1  budget none  "
                  "[same]\n    plugin build changed: sha256 "
                  "1a2b3c4d5e6f... -> 5e6f7a8b9c0d...\n"))
      << run.out;
  const BenchRun same = Bench("compare --no-timing-gate " + base + " " + base);
  EXPECT_FALSE(Has(same.out, "build changed")) << same.out;
}

TEST(BenchAb, OnePluginLoadedTwiceSearchesIdentically) {
  const BenchRun run =
      Bench("--progress never -t 2 --batch 64" + kTwice + kPair + kMixed);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(Has(
      run.out, "ab: new:bands-plugin / base:bands-plugin on " + kMixed + ": "))
      << run.out;
  EXPECT_TRUE(Has(run.out, "x throughput (95% CI ")) << run.out;
  EXPECT_TRUE(Has(run.out, "; searches identical\n")) << run.out;
  // The figures the ratio is made of, beside the table's (which keep every
  // timing): each build's puzzles/s over the puzzles the ratio kept.
  EXPECT_TRUE(Has(run.out, "ab: the ratio's figures, outliers set aside: "
                           "base:bands-plugin "))
      << run.out;
  EXPECT_TRUE(Has(run.out, " puzzles (the table above keeps every timing)\n"))
      << run.out;
  // The console table still has both rows.
  EXPECT_TRUE(Has(run.out, "base:bands-plugin ")) << run.out;
  EXPECT_TRUE(Has(run.out, "new:bands-plugin ")) << run.out;
}

TEST(BenchAb, DifferentSearchesFailWithFileAndLine) {
  // A budget keeps bitmask's hardest puzzles short (under TSan too).
  const BenchRun run = Bench(
      "-q --progress never --batch 64 --max-nodes 2000 --ab bands,bitmask " +
      kMixed);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(Has(run.err, "bench: ab: " + kMixed + ":")) << run.err;
  EXPECT_TRUE(Has(run.err, " nodes (solved), bitmask ")) << run.err;
  EXPECT_TRUE(Has(run.err, " more puzzles searched differently")) << run.err;
  EXPECT_TRUE(Has(run.out, "ab: bitmask / bands on ")) << run.out;
  EXPECT_TRUE(Has(run.out, "; searches DIFFER on ")) << run.out;
}

// Each dataset's differences are its own: solved grids (no search, 0 nodes
// for both) after a file where the two differ report no difference.
TEST(BenchAb, DifferencesAreReportedPerDataset) {
  std::string grids;
  for (int i = 0; i < 3; ++i) grids += testing::kSampleSolution + "\n";
  const std::string solved = WriteTempFile("ab_solved.txt", grids);
  const BenchRun run = Bench(
      "-q --progress never --batch 64 --max-nodes 2000 --ab bands,bitmask " +
      kMixed + " " + solved);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "ab: bitmask / bands on " + kMixed)) << run.out;
  const size_t second = run.out.find("ab: bitmask / bands on " + solved);
  ASSERT_NE(second, std::string::npos) << run.out;
  EXPECT_TRUE(Has(run.out.substr(second), "searches identical")) << run.out;
  EXPECT_FALSE(Has(run.err, solved + ":")) << run.err;
}

TEST(BenchAb, UsageErrors) {
  const std::string tail = " " + kMixed;
  const BenchRun one = Bench("-q --ab bands" + tail);
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_TRUE(Has(one.err, "--ab takes two strategy names")) << one.err;
  EXPECT_EQ(Bench("-q --ab bands,bitmask,dlx" + tail).exit_code, 2);
  EXPECT_EQ(Bench("-q --ab ,bands" + tail).exit_code, 2);
  const BenchRun unknown = Bench("-q --ab bands,nosuch" + tail);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_TRUE(Has(unknown.err, "no strategy named 'nosuch'")) << unknown.err;
  EXPECT_EQ(Bench("-q --ab bands,bands" + tail).exit_code, 2);
  EXPECT_EQ(Bench("-q --ab bands,bitmask --repeat 3" + tail).exit_code, 2);
  const BenchRun alone = Bench("-q --max-slowdown 5" + tail);
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_TRUE(Has(alone.err, "--max-slowdown judges an --ab run")) << alone.err;
  EXPECT_EQ(Bench("-q --ab bands,bitmask --max-slowdown lots" + tail).exit_code,
            2);
  // -100% would ask B to take no time at all.
  EXPECT_EQ(Bench("-q --ab bands,bitmask --max-slowdown -150" + tail).exit_code,
            2);
}

// Timing decides the verdict, so only its form is checked: a line, and an
// exit code that is a verdict's (0 or 1), never a usage error.
TEST(BenchAb, MaxSlowdownPrintsAVerdictLine) {
  const BenchRun run = Bench("-q --progress never --batch 64" + kTwice + kPair +
                             "--max-slowdown -50 " + kMixed);
  EXPECT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.err;
  EXPECT_TRUE(Has(run.out, "ab: verdict: ")) << run.out;
  EXPECT_TRUE(Has(run.out, "the demanded 100.0% faster; detection limit "))
      << run.out;
}

// Without --batch the batch follows the dataset's size: 2,000 lines of
// mixed.txt at the default 2,048 were one batch and no interval (UNDECIDED,
// exit 3); cut to size they give pairs enough for one. The margin is wide
// enough that timing cannot decide the exit code.
TEST(BenchAb, TheBatchFollowsTheDatasetsSize) {
  const BenchRun chosen = Bench("-q --progress never" + kTwice + kPair +
                                "--max-slowdown 1000 " + kMixed);
  EXPECT_EQ(chosen.exit_code, 0) << chosen.out << chosen.err;
  // 2,000 lines in batches of 32: 62 and a partial one.
  EXPECT_TRUE(Has(chosen.out, "over 63 batches")) << chosen.out;
  EXPECT_TRUE(Has(chosen.out, "ab: verdict: PASS")) << chosen.out;
  const BenchRun given = Bench("-q --progress never --batch 2048" + kTwice +
                               kPair + "--max-slowdown 1000 " + kMixed);
  EXPECT_EQ(given.exit_code, 3) << given.out << given.err;
  EXPECT_TRUE(Has(given.out, "(1 batches of 2048 puzzles; a smaller --batch "
                             "gives more)"))
      << given.out;
}

// Searches that differ: the verdict line agrees with the exit code.
TEST(BenchAb, DifferentSearchesGiveAFailingVerdictLine) {
  const BenchRun run =
      Bench("-q --progress never --max-nodes 2000 --ab bands,bitmask "
            "--max-slowdown 5 " +
            kMixed);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "ab: verdict: FAIL (exit 1): the searches differ"))
      << run.out;
  EXPECT_FALSE(Has(run.out, "UNDECIDED")) << run.out;
}

TEST(BenchAb, TooFewBatchesForAVerdictIsUndecided) {
  const std::string puzzle =
      WriteTempFile("ab_one.txt", testing::kSamplePuzzle + "\n");
  const BenchRun run = Bench("-q --progress never" + kTwice + kPair +
                             "--max-slowdown 5 " + puzzle);
  EXPECT_EQ(run.exit_code, 3) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "ab: verdict: UNDECIDED (exit 3)")) << run.out;
}

}  // namespace
}  // namespace sudoku
