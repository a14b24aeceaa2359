// End-to-end tests of `bench --shard K/N` and `bench merge`: merged parts
// give the single run's report and per-puzzle lines, and bad parts are
// refused with exit 2.
#include <gtest/gtest.h>
#include <zlib.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/report/report_schema.h"
#include "tests/bench/bench_runner.h"
#include "tests/bench/report_match.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::ExpectSameReport;
using testing::Fields;
using testing::Lines;
using testing::ReadFile;
using testing::WithoutTimes;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kEdgeCases = kSource + "/datasets/edge-cases.txt";
const std::string kSettings =
    "-q -t 2 -s bitmask,visited --limit 2 --max-nodes 100000 --slowest 3 ";

// ctest runs tests side by side: each names its files after itself.
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->name()) + "." + suffix);
}

std::string Gzipped(const std::string& name, const std::string& content) {
  const std::string path = TestPath(name);
  gzFile file = gzopen(path.c_str(), "wb");
  gzwrite(file, content.data(), static_cast<unsigned>(content.size()));
  gzclose(file);
  return path;
}

// Runs `path` whole and in `n` parts, merges the parts, and checks the
// report, the per-puzzle and the solutions files against the whole run's.
void ExpectShardsMatchSingleRun(const std::string& path, int n) {
  SCOPED_TRACE(path + " in " + std::to_string(n) + " parts");
  const std::string single = TestPath("single");
  ASSERT_EQ(Bench(kSettings + "--csv " + single + ".csv --per-puzzle " +
                  single + ".pp --solutions " + single + ".so " + path)
                .exit_code,
            0);
  std::string parts, per_puzzle, solutions;
  for (int k = 1; k <= n; ++k) {
    const std::string part =
        TestPath(std::to_string(k) + "of" + std::to_string(n));
    const BenchRun run =
        Bench(kSettings + "--shard " + std::to_string(k) + "/" +
              std::to_string(n) + " --csv " + part + ".csv --per-puzzle " +
              part + ".pp --solutions " + part + ".so " + path);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    parts += " " + part + ".csv.stats.json";  // beside the CSV by default
    per_puzzle += ReadFile(part + ".pp");
    solutions += ReadFile(part + ".so");
  }
  const std::string merged = TestPath("merged.csv");
  const BenchRun merge = Bench("merge --csv " + merged + parts);
  ASSERT_EQ(merge.exit_code, 0) << merge.err;
  EXPECT_NE(merge.out.find("puzzle lines"), std::string::npos);  // the table
  ExpectSameReport(single + ".csv", merged);
  testing::ExpectProcesses(single + ".csv", 1);
  testing::ExpectProcesses(merged, n);
  EXPECT_EQ(WithoutTimes(per_puzzle), WithoutTimes(ReadFile(single + ".pp")));
  EXPECT_EQ(solutions, ReadFile(single + ".so"));
}

TEST(ShardCliTest, EdgeCasesMergeToTheSingleRun) {
  for (int n : {1, 2, 3, 7}) ExpectShardsMatchSingleRun(kEdgeCases, n);
}

TEST(ShardCliTest, GzipMergesToTheSingleRun) {
  // 165 KB compressed: several of the decoder's 64 KiB reads, so the lines
  // fall into several parts.
  const std::string gz =
      Gzipped("easy.txt.gz", ReadFile(kSource + "/datasets/easy.txt"));
  for (int n : {1, 2, 3, 7}) ExpectShardsMatchSingleRun(gz, n);
}

TEST(ShardCliTest, RegressionCorpusMergesToTheSingleRun) {
  ExpectShardsMatchSingleRun(kSource + "/datasets/regression.txt", 3);
}

TEST(ShardCliTest, ATinyFileLeavesSomePartsEmpty) {
  const std::string tiny = testing::WriteTempFile(
      "shard_cli_tiny.txt",
      testing::kSamplePuzzle + "\n" + testing::kSamplePuzzle + "\n");
  ExpectShardsMatchSingleRun(tiny, 7);
  const std::string part = TestPath("empty");
  ASSERT_EQ(Bench(kSettings + "--shard 2/7 --stats " + part + ".json " +
                  "--per-puzzle " + part + ".pp " + tiny)
                .exit_code,
            0);
  EXPECT_EQ(ReadFile(part + ".pp"), "");  // no line, not even the header
}

// Writes the stats of part `shard` of `dataset` run with `settings` and
// returns the file's path.
std::string StatsOf(const std::string& shard,
                    const std::string& settings = kSettings,
                    const std::string& dataset = kEdgeCases) {
  const std::string path = TestPath(
      "part" +
      std::to_string(std::hash<std::string>()(shard + settings + dataset)) +
      ".json");
  const BenchRun run = Bench(settings + " --shard " + shard + " --stats " +
                             path + " " + dataset);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return path;
}

// `bench merge` of `parts`: exit 2, and standard error holds `message`.
void ExpectRefused(const std::vector<std::string>& parts,
                   const std::string& message) {
  std::string args = "merge -q";
  for (const std::string& p : parts) args += " " + p;
  const BenchRun run = Bench(args);
  EXPECT_EQ(run.exit_code, 2) << args;
  EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
}

TEST(ShardCliTest, MergeRefusesPartsThatAreNotOneRun) {
  const std::string one = StatsOf("1/3"), two = StatsOf("2/3"),
                    three = StatsOf("3/3");
  ExpectRefused({one, three}, "shard 2/3 is missing");
  ExpectRefused({one, two, two, three}, "(shard 2/3) repeats " + two);
  ExpectRefused({one, StatsOf("2/2"), three}, "is of another split");
  ExpectRefused(
      {one, StatsOf("2/3", kSettings, kSource + "/datasets/easy.txt"), three},
      "read other datasets");
  ExpectRefused(
      {one,
       StatsOf("2/3", "-q -s bitmask,visited --max-nodes 100000 --slowest 3"),
       three},
      "ran other settings");
  const std::string not_stats = testing::WriteTempFile("not_stats.json", "{}");
  ExpectRefused({one, not_stats}, "not a shard stats file");
  EXPECT_EQ(Bench("merge -q " + one + " " + two + " " + three).exit_code, 0);
}

TEST(ShardCliTest, RefusesABadShard) {
  for (const char* bad : {"0/3", "4/3", "1/0", "x"}) {
    const BenchRun run = Bench("-q --shard " + std::string(bad) + " --stats " +
                               TestPath("bad.json") + " " + kEdgeCases);
    EXPECT_EQ(run.exit_code, 2) << bad;
    EXPECT_NE(run.err.find("--shard"), std::string::npos) << run.err;
  }
  const BenchRun no_stats = Bench("-q --shard 1/2 " + kEdgeCases);
  EXPECT_EQ(no_stats.exit_code, 2);
  EXPECT_NE(no_stats.err.find("needs --stats"), std::string::npos);
  const BenchRun stdin_run =
      Bench("-q --shard 1/2 --stats " + TestPath("s.json") + " -", kEdgeCases);
  EXPECT_EQ(stdin_run.exit_code, 2);
  EXPECT_NE(stdin_run.err.find("standard input cannot be split"),
            std::string::npos);
  const BenchRun repeat = Bench("-q --repeat 2 --shard 1/2 --stats " +
                                TestPath("r.json") + " " + kEdgeCases);
  EXPECT_EQ(repeat.exit_code, 2);
  const BenchRun capped = Bench("-q --lines 5 --shard 1/2 --stats " +
                                TestPath("l.json") + " " + kEdgeCases);
  EXPECT_EQ(capped.exit_code, 2);
  EXPECT_NE(capped.err.find("does not combine with --lines"), std::string::npos)
      << capped.err;
}

}  // namespace
}  // namespace sudoku
