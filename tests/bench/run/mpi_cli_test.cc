// End-to-end tests of `mpirun -np N bench`: the ranks' merged report and
// their per-puzzle and solutions files are the single process's (files and
// standard input, plain or compressed), and a file one rank cannot read or
// a rank that dies ends the job.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <filesystem>
#include <string>

#include "engine/input/shard.h"
#include "tests/bench/bench_runner.h"
#include "tests/bench/report_match.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::BenchUnder;
using testing::ExpectProcesses;
using testing::ExpectSameReport;
using testing::Has;
using testing::Lines;
using testing::ReadFile;
using testing::WithoutTimes;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kEdgeCases = kSource + "/datasets/edge-cases.txt";
const std::string kSettings =
    "-q -t 1 -s bitmask,visited --limit 2 --max-nodes 100000 --slowest 3 ";

// CI runs as root, and the machine has 2 cores for up to 4 ranks; no core
// files from the rank the crash test kills.
std::string Mpirun(int ranks) {
  return "ulimit -c 0; " + std::string(MPIEXEC) +
         " --allow-run-as-root --oversubscribe -np " + std::to_string(ranks) +
         " ";
}

// ctest runs tests side by side: each names its files after itself.
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath("mpi." + std::string(info->name()) + "." + suffix);
}

std::string Gzipped(const std::string& name, const std::string& content) {
  const std::string path = TestPath(name);
  gzFile file = gzopen(path.c_str(), "wb");
  gzwrite(file, content.data(), static_cast<unsigned>(content.size()));
  gzclose(file);
  return path;
}

// Runs `path` (datasets, "-" for `stdin_path`) in one plain process and
// under mpirun with each of `ranks`, and checks the report, the per-puzzle
// and the solutions files.
void ExpectRanksMatchSingleRun(const std::string& path,
                               std::initializer_list<int> ranks,
                               const std::string& stdin_path = "/dev/null") {
  const std::string single = TestPath("single");
  ASSERT_EQ(Bench(kSettings + "--csv " + single + ".csv --per-puzzle " +
                      single + ".pp --solutions " + single + ".so " + path,
                  stdin_path)
                .exit_code,
            0);
  for (int n : ranks) {
    SCOPED_TRACE(path + " on " + std::to_string(n) + " ranks");
    const std::string job = TestPath(std::to_string(n) + "ranks");
    const BenchRun run =
        BenchUnder(Mpirun(n),
                   kSettings + "--csv " + job + ".csv --per-puzzle " + job +
                       ".pp --solutions " + job + ".so " + path,
                   stdin_path);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    ExpectSameReport(single + ".csv", job + ".csv");
    ExpectProcesses(job + ".csv", n);
    EXPECT_EQ(WithoutTimes(ReadFile(job + ".pp")),
              WithoutTimes(ReadFile(single + ".pp")));
    EXPECT_EQ(ReadFile(job + ".so"), ReadFile(single + ".so"));
    // The ranks' parts were joined and removed.
    EXPECT_EQ(ReadFile(job + ".pp.part-1-of-" + std::to_string(n)), "");
    EXPECT_EQ(ReadFile(job + ".so.part-" + std::to_string(n) + "-of-" +
                       std::to_string(n)),
              "");
  }
}

TEST(MpiCliTest, EdgeCasesOnOneToFourRanks) {
  ExpectRanksMatchSingleRun(kEdgeCases, {1, 2, 3, 4});
}

TEST(MpiCliTest, GzipOnOneToFourRanks) {
  const std::string gz =
      Gzipped("easy.txt.gz", ReadFile(kSource + "/datasets/easy.txt"));
  ExpectRanksMatchSingleRun(gz, {1, 2, 3, 4});
}

TEST(MpiCliTest, RegressionCorpusOnThreeRanks) {
  ExpectRanksMatchSingleRun(kSource + "/datasets/regression.txt", {3});
}

// More than three line blocks (engine/input/shard.h: kBlockLines) of puzzles and
// bad lines, so that 2 and 3 ranks take turns and rank 0 interleaves.
std::string SeveralBlocks() {
  const std::string edge = ReadFile(kEdgeCases);
  const std::string easy = ReadFile(kSource + "/datasets/easy.txt");
  std::string text = edge + easy + edge + easy + edge;
  const size_t lines = Lines(text).size();
  EXPECT_GT(lines, 2 * kBlockLines);
  EXPECT_LT(lines, 3 * kBlockLines);  // 3 ranks: one block each, the last short
  return text;
}

TEST(MpiCliTest, StandardInputOnOneToThreeRanks) {
  const std::string path =
      testing::WriteTempFile("mpi_stdin.txt", SeveralBlocks());
  ExpectRanksMatchSingleRun("-", {1, 2, 3}, path);
}

TEST(MpiCliTest, GzipStandardInputOnTwoAndThreeRanks) {
  ExpectRanksMatchSingleRun("-", {2, 3},
                            Gzipped("blocks.txt.gz", SeveralBlocks()));
}

// One block only: ranks 1 and 2 own no line, and write and merge nothing.
TEST(MpiCliTest, TinyStandardInputAfterAFileOnThreeRanks) {
  ExpectRanksMatchSingleRun(kEdgeCases + " -", {3}, kEdgeCases);
}

// A compressed file is split by blocks too; a plain file by byte ranges:
// both in one run, each dataset's lines in order.
TEST(MpiCliTest, CompressedAndPlainFilesInOneRunOnTwoRanks) {
  const std::string gz = Gzipped("blocks2.txt.gz", SeveralBlocks());
  ExpectRanksMatchSingleRun(gz + " " + kEdgeCases + " " + gz, {2});
}

TEST(MpiCliTest, TheTableAndTheJobOnRankZeroOnly) {
  const BenchRun run = BenchUnder(Mpirun(2), "-t 1 " + kEdgeCases);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  size_t tables = 0;
  for (size_t at = run.out.find("puzzle lines"); at != std::string::npos;
       at = run.out.find("puzzle lines", at + 1)) {
    ++tables;
  }
  EXPECT_EQ(tables, 1u) << run.out;
  EXPECT_TRUE(Has(run.out, "mpi: 2 ranks x 1 threads on ")) << run.out;
}

TEST(MpiCliTest, AnUnreadableFileEndsEveryRankWithOneMessage) {
  const BenchRun run =
      BenchUnder(Mpirun(3), "-q --csv " + TestPath("csv") + " " + kEdgeCases +
                                " /nonexistent/mpi-cli-test.txt");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const std::string message =
      "bench: cannot open /nonexistent/mpi-cli-test.txt";
  const size_t first = run.err.find(message);
  ASSERT_NE(first, std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(message, first + 1), std::string::npos) << run.err;
}

TEST(MpiCliTest, AnUnwritableReportEndsTheJobBeforeItRunsAndLeavesNoParts) {
  const std::string pp = TestPath("unwritable.pp");
  const BenchRun run =
      BenchUnder(Mpirun(3), "-q --csv /nonexistent/dir/r.csv --per-puzzle " +
                                pp + " " + kEdgeCases);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(Has(run.err, "cannot write /nonexistent/dir/r.csv")) << run.err;
  for (int k = 1; k <= 3; ++k) {
    EXPECT_FALSE(
        std::filesystem::exists(pp + ".part-" + std::to_string(k) + "-of-3"));
  }
}

TEST(MpiCliTest, AUsageErrorAndTheHelpAreSaidOnce) {
  const BenchRun bad = BenchUnder(Mpirun(3), "--no-such-option");
  EXPECT_EQ(bad.exit_code, 2);
  const std::string message = "--no-such-option";
  const size_t first = bad.err.find(message);
  ASSERT_NE(first, std::string::npos) << bad.err;
  EXPECT_EQ(bad.err.find(message, first + 1), std::string::npos) << bad.err;
  const BenchRun unknown =
      BenchUnder(Mpirun(3), "-q -s no-such-strategy " + kEdgeCases);
  EXPECT_EQ(unknown.exit_code, 2);
  const size_t named = unknown.err.find("no-such-strategy");
  ASSERT_NE(named, std::string::npos) << unknown.err;
  EXPECT_EQ(unknown.err.find("no-such-strategy", named + 1), std::string::npos)
      << unknown.err;
  const BenchRun help = BenchUnder(Mpirun(2), "--help");
  EXPECT_EQ(help.exit_code, 0);
  const size_t usage = help.out.find("Usage:");
  ASSERT_NE(usage, std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("Usage:", usage + 1), std::string::npos);
}

TEST(MpiCliTest, RefusesShard) {
  const BenchRun shard =
      BenchUnder(Mpirun(2), "-q --shard 1/2 --stats " + TestPath("s.json") +
                                " " + kEdgeCases);
  EXPECT_EQ(shard.exit_code, 2);
  EXPECT_TRUE(Has(shard.err, "--shard does not combine with mpirun"))
      << shard.err;
  const std::string fifo = TestPath("fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const BenchRun piped = BenchUnder(Mpirun(2), "-q " + fifo);
  EXPECT_EQ(piped.exit_code, 2);
  EXPECT_TRUE(Has(piped.err, "is neither (each rank would read its own"))
      << piped.err;
  const BenchRun capped = BenchUnder(Mpirun(2), "-q --lines 5 " + kEdgeCases);
  EXPECT_EQ(capped.exit_code, 2);
  EXPECT_TRUE(Has(capped.err, "--lines does not combine with it"))
      << capped.err;
}

// crash-abort aborts on a puzzle whose first cell is empty: only the last
// line has one, so only the last rank dies, and the job must still fail.
TEST(MpiCliTest, ARankThatDiesFailsTheJob) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += testing::kSamplePuzzle + "\n";
  std::string last = testing::kSamplePuzzle;
  ASSERT_NE(last[0], '.');
  last[0] = '.';
  text += last + "\n";
  const std::string dataset = testing::WriteTempFile("mpi_crash.txt", text);
  const BenchRun run =
      BenchUnder(Mpirun(2), "-q -t 1 --plugin " + std::string(CRASH_PLUGIN) +
                                " -s crash-abort --csv " + TestPath("csv") +
                                " " + dataset);
  EXPECT_NE(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.err, "SIGABRT")) << run.err;  // the crash report
  EXPECT_EQ(ReadFile(TestPath("csv")), "");         // no report lacking a part
}

}  // namespace
}  // namespace sudoku
