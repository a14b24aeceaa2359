// End-to-end tests of `bench --html` and `bench compare --html`: the pages of
// real runs pass tests/bench/html_check.py (well formed, self-contained,
// every chart drawn, every number the CSV's), and a broken page fails it.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kDatasets = kSource + "/datasets/";
const std::string kChecker =
    "python3 " + kSource + "/tests/bench/html_check.py ";

std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->name()) + "." + suffix);
}

// The checker's exit code (its messages go to the test's output).
int Check(const std::string& args) {
  const int status = std::system((kChecker + args).c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(BenchHtml, ARunOverEveryShippedDatasetPassesTheChecker) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  const BenchRun run = Bench(
      "-q --progress never -t 2 -s bitmask,dlx,bands --slowest 3 --html " +
      page + " --csv " + csv + " " + kDatasets + "easy.txt " + kDatasets +
      "mixed.txt " + kDatasets + "edge-cases.txt " + kDatasets +
      "regression.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  // 4 datasets x (outcomes, cactus, times, nodes).
  EXPECT_EQ(Check(page + " --csv " + csv + " --min-charts 16"), 0);
  const std::string text = ReadFile(page);
  EXPECT_TRUE(Has(text, "Summary: puzzles per second"));
  EXPECT_TRUE(Has(text, "Slowest puzzles"));
  EXPECT_TRUE(Has(text, kDatasets + "regression.txt:"));
}

// The README's main job draws twelve strategies: the checker holds their
// legend keys apart (colour and dash, also under colour vision
// deficiencies) and every table in a box that scrolls it. --lines keeps it
// short.
TEST(BenchHtml, TheMainJobsTwelveStrategiesPassTheChecker) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  const BenchRun run = Bench(
      "-q --progress never -t 2 --strategy all --max-nodes 10000 "
      "--lines 300 --html " +
      page + " --csv " + csv + " " + kDatasets + "mixed.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Check(page + " --csv " + csv + " --min-charts 4"), 0);
  const std::string text = ReadFile(page);
  for (const char* name : {"scan", "bitmask", "dlx", "bands", "simd"}) {
    EXPECT_TRUE(Has(text, "data-toggle=\"" + std::string(name) + "\"")) << name;
  }
}

TEST(BenchHtml, TheCheckerFailsLegendKeysDrawnAlikeAndAnUnboxedTable) {
  const std::string page = TestPath("html");
  testing::WriteTempFile(
      page.substr(page.rfind('/') + 1),
      "<!DOCTYPE html><html><body><svg class=\"chart\" data-chart=\"x\">"
      "<g class=\"legend\" data-toggle=\"a\"><line stroke=\"#e15759\"/>"
      "</g><g class=\"legend\" data-toggle=\"b\"><line stroke=\"#59a14f\"/>"
      "</g><path class=\"mark\" d=\"M0 0L1 1\"/></svg></body></html>");
  // Red and green, the same dash: apart to most eyes, not under
  // deuteranopia.
  EXPECT_EQ(Check(page), 1);
  testing::WriteTempFile(
      page.substr(page.rfind('/') + 1),
      "<!DOCTYPE html><html><body><svg class=\"chart\" data-chart=\"x\">"
      "<path class=\"mark\" d=\"M0 0L1 1\"/></svg><table><tr><td>1</td>"
      "</tr></table></body></html>");
  EXPECT_EQ(Check(page), 1);
  testing::WriteTempFile(
      page.substr(page.rfind('/') + 1),
      "<!DOCTYPE html><html><body><svg class=\"chart\" data-chart=\"x\">"
      "<g class=\"legend\" data-toggle=\"a\"><line stroke=\"#e15759\"/>"
      "</g><g class=\"legend\" data-toggle=\"b\"><line stroke=\"#59a14f\" "
      "stroke-dasharray=\"7 3\"/></g><path class=\"mark\" d=\"M0 0L1 1\"/>"
      "</svg><div class=\"table-box\"><table><tr><td>1</td></tr></table>"
      "</div></body></html>");
  EXPECT_EQ(Check(page), 0);  // a dash tells them apart
}

TEST(BenchHtml, OneDatasetHasNoSummary) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  ASSERT_EQ(Bench("-q --progress never --html " + page + " --csv " + csv + " " +
                  kDatasets + "mixed.txt")
                .exit_code,
            0);
  EXPECT_EQ(Check(page + " --csv " + csv + " --min-charts 4"), 0);
  EXPECT_FALSE(Has(ReadFile(page), "Summary"));
}

TEST(BenchHtml, AnUnwritablePageIsBadUsage) {
  const BenchRun run = Bench("-q --progress never --html /nonexistent/x.html " +
                             kDatasets + "mixed.txt");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "cannot write /nonexistent/x.html")) << run.err;
}

TEST(BenchHtml, ADashWritesThePageToStandardOutput) {
  const BenchRun run =
      Bench("--progress never --html - " + kDatasets + "mixed.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(run.out.starts_with("<!DOCTYPE html>")) << run.out.substr(0, 80);
  EXPECT_TRUE(Has(run.err, "puzzle lines")) << run.err;  // the table
  const BenchRun two = Bench("-q --html - --csv - " + kDatasets + "mixed.txt");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_TRUE(Has(two.err, "would mix in standard output")) << two.err;
}

TEST(BenchHtml, TheCheckerFailsABrokenPage) {
  const std::string page = TestPath("html");
  testing::WriteTempFile(
      page.substr(page.rfind('/') + 1),
      "<!DOCTYPE html><html><body><svg class=\"chart\" data-chart=\"x\">"
      "</svg><div><img src=\"https://example.org/a.png\"></body></html>");
  EXPECT_EQ(Check(page), 1);
}

TEST(BenchHtml, TheCheckerFailsANumberThatIsNotTheCsvs) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  ASSERT_EQ(Bench("-q --progress never --html " + page + " --csv " + csv + " " +
                  kDatasets + "mixed.txt")
                .exit_code,
            0);
  std::string text = ReadFile(page);
  const std::string cell = "data-column=\"solved\">";
  const size_t at = text.find(cell);
  ASSERT_NE(at, std::string::npos);
  text.insert(at + cell.size(), "1");
  testing::WriteTempFile(page.substr(page.rfind('/') + 1), text);
  EXPECT_EQ(Check(page + " --csv " + csv), 1);
}

TEST(BenchHtml, MergedPartsDrawTheWholeRun) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  const std::string part1 = TestPath("1.json"), part2 = TestPath("2.json");
  const std::string run = "-q --progress never -s bitmask,dlx --slowest 2 " +
                          kDatasets + "mixed.txt " + kDatasets +
                          "edge-cases.txt --shard ";
  ASSERT_EQ(Bench(run + "1/2 --stats " + part1).exit_code, 0);
  ASSERT_EQ(Bench(run + "2/2 --stats " + part2).exit_code, 0);
  const BenchRun merged = Bench("merge -q --html " + page + " --csv " + csv +
                                " " + part1 + " " + part2);
  EXPECT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(Check(page + " --csv " + csv + " --min-charts 8"), 0);
  EXPECT_TRUE(Has(ReadFile(page), "Slowest puzzles"));
}

TEST(BenchCompareHtml, BaselineAgainstCurrentPassesTheChecker) {
  const std::string page = TestPath("html"), csv = TestPath("csv");
  ASSERT_EQ(Bench("-q --progress never -s bitmask,dlx --csv " + csv + " " +
                  kDatasets + "mixed.txt " + kDatasets + "edge-cases.txt")
                .exit_code,
            0);
  const BenchRun run =
      Bench("compare --no-timing-gate --html " + page + " " + csv + " " + csv);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  // The ratio chart, then per row its time and node distributions.
  EXPECT_EQ(Check(page + " --min-charts 9"), 0);
  const std::string text = ReadFile(page);
  EXPECT_TRUE(Has(text, "mixed.txt dlx limit 1 budget none [same]"));
  EXPECT_TRUE(Has(text, "baseline " + csv));
}

TEST(BenchCompareHtml, TheCommittedBaselineWithoutNodePercentilesStillDraws) {
  const std::string page = TestPath("html");
  const std::string baseline = kSource + "/bench/baseline/regression.csv";
  const BenchRun run = Bench("compare --no-timing-gate --html " + page + " " +
                             baseline + " " + baseline);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(Check(page), 0);
}

}  // namespace
}  // namespace sudoku
