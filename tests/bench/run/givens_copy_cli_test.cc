// End-to-end tests of plugins that write their givens buffer or count more
// nodes than any search can: every wrong answer counted wrong, the other
// strategies' searches unchanged, totals saturated and flagged, and nothing
// negative in a report or the history.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/history/sql_connection.h"
#include "engine/report/csv_reader.h"
#include "engine/report/report_schema.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::Lines;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kInPlace = SCRIBBLE_IN_PLACE_PLUGIN;
const std::string kFixed = SCRIBBLE_FIXED_PLUGIN;
const std::string kMaxNodes = SCRIBBLE_MAX_NODES_PLUGIN;
const std::string kHugeNodes = SCRIBBLE_HUGE_NODES_PLUGIN;

// Four unique puzzles: the sample and the first three of datasets/easy.txt.
const std::vector<std::string> kPuzzles = {
    testing::kSamplePuzzle,
    ".6429......7.8..4229..418..682..4...7.1.2..34.437...2.536972..11......"
    "734...1.29.",
    "42368.719.....2..51...9..2.6.4...28721...8.....592.1.694817.......8..."
    "717.1.5..9.",
    "27..9...4.4..53....634.....6.8...4.9.3.54...64..96.2.5.91.25..3...6391"
    "2....7...58"};

std::string Dataset() {
  std::string text;
  for (const std::string& p : kPuzzles) text += p + "\n";
  return WriteTempFile("givens.txt", text);
}

ReportRow RowOf(const std::string& csv, const std::string& strategy) {
  for (const ReportEntry& entry : ReadCsvReportFile(csv)) {
    if (entry.row.strategy == strategy) return entry.row;
  }
  ADD_FAILURE() << "no row for " << strategy << " in " << csv;
  return {};
}

// bitmask's nodes on the dataset, alone.
uint64_t BitmaskAlone(const std::string& data) {
  const std::string csv = TempPath("bitmask_alone.csv");
  EXPECT_EQ(Bench("--progress never -s bitmask --limit 2 --csv " + csv + " " +
                  data)
                .exit_code,
            0);
  return RowOf(csv, "bitmask").nodes_total;
}

// The first plugin: it solves in place, casting away const. The
// strategy after it used to "solve" full grids with 0 nodes.
TEST(GivensCopyCli, APluginSolvingInPlaceLeavesOthersTheirPuzzles) {
  const std::string data = Dataset();
  const std::string csv = TempPath("in_place.csv");
  const BenchRun run =
      Bench("--progress never --limit 2 --plugin " + kInPlace +
            " -s in-place,bitmask --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(RowOf(csv, "in-place").solved, kPuzzles.size());
  EXPECT_EQ(RowOf(csv, "bitmask").nodes_total, BitmaskAlone(data));
}

// The worst case: a fixed grid written into the givens and returned
// passed --reference with 0 wrong and exit 0, and the solutions file showed
// the grid as its own puzzle.
TEST(GivensCopyCli, AFixedGridWrittenInTheGivensIsCountedWrong) {
  const std::string data = Dataset();
  const std::string csv = TempPath("fixed.csv");
  const std::string solutions = TempPath("fixed_solutions.txt");
  const BenchRun run = Bench(
      "--progress never --limit 2 --plugin " + kFixed +
      " -s fixed-grid,bitmask --reference bitmask --csv " + csv +
      " --solutions " + solutions + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":1: WRONG ANSWER from fixed-grid: "
                                  "returned a grid that is not a solution"))
      << run.err;
  EXPECT_EQ(RowOf(csv, "fixed-grid").wrong, kPuzzles.size());
  EXPECT_EQ(RowOf(csv, "bitmask").wrong, 0u);
  EXPECT_EQ(RowOf(csv, "bitmask").solved, kPuzzles.size());
  EXPECT_EQ(RowOf(csv, "bitmask").nodes_total, BitmaskAlone(data));
  // The solutions file names each puzzle as read, with no answer from the
  // first strategy, whose answers were all wrong.
  const std::vector<std::string> lines = Lines(testing::ReadFile(solutions));
  ASSERT_EQ(lines.size(), kPuzzles.size());
  for (size_t i = 0; i < kPuzzles.size(); ++i) {
    EXPECT_EQ(lines[i], kPuzzles[i] + ":0:-");
  }
}

// True in every field of a report: no count is negative.
void ExpectNoNegative(const std::string& csv) {
  const std::vector<std::string> lines = Lines(testing::ReadFile(csv));
  ASSERT_GE(lines.size(), 2u);
  const std::vector<std::string> header = testing::Fields(lines[0]);
  for (size_t l = 1; l < lines.size(); ++l) {
    const std::vector<std::string> fields = testing::Fields(lines[l]);
    for (const char* name : {"nodes_total", "nodes_max", "nodes_p50",
                             "nodes_p90", "nodes_p99", "nodes_mean"}) {
      const size_t at = testing::ColumnIndex(header, name);
      ASSERT_LT(at, fields.size()) << name;
      EXPECT_NE(fields[at].front(), '-') << name << " in " << lines[l];
    }
  }
}

// A plugin's UINT64_MAX nodes gave nodes_total 2^64 - 19 and -19 in the
// history: now the answer is wrong, and the total stops at 2^63 - 1.
TEST(GivensCopyCli, NodesNoSearchReachesAreWrongAndSaturate) {
  const std::string data = Dataset();
  const std::string csv = TempPath("max_nodes.csv");
  const BenchRun run =
      Bench("--progress never --limit 2 --plugin " + kMaxNodes +
            " -s max-nodes,bitmask --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err,
                  data + ":1: WRONG ANSWER from max-nodes: counted "
                         "18446744073709551615 nodes, above the most one "
                         "answer may count, 9223372036854775807 (contract "
                         "violation)"))
      << run.err;
  EXPECT_EQ(RowOf(csv, "max-nodes").wrong, kPuzzles.size());
  EXPECT_EQ(RowOf(csv, "max-nodes").nodes_total, 9223372036854775807u);
  EXPECT_EQ(RowOf(csv, "bitmask").nodes_total, BitmaskAlone(data));
  EXPECT_TRUE(Has(run.out, "NODES SATURATED: max-nodes's nodes_total"))
      << run.out;
  ExpectNoNegative(csv);
}

// Counts each within the contract whose sum passes what a report holds:
// saturated, said under the table, and stored as such in the history.
TEST(GivensCopyCli, SaturatedTotalsAreFlaggedAndStoredPositive) {
  const std::string data = Dataset();
  const std::string csv = TempPath("huge_nodes.csv");
  const BenchRun run =
      Bench("--progress never --limit 2 --plugin " + kHugeNodes +
            " -s huge-nodes --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.out, "NODES SATURATED: huge-nodes's nodes_total stopped "
                           "at 9,223,372,036,854,775,807"))
      << run.out;
  EXPECT_EQ(RowOf(csv, "huge-nodes").nodes_total, 9223372036854775807u);
  ExpectNoNegative(csv);

  const std::string db = TempPath("givens_history.sqlite");
  std::filesystem::remove(db);
  const BenchRun add =
      Bench("history add " + csv + " --commit c1 --db " + db);
  ASSERT_EQ(add.exit_code, 0) << add.err;
  const BenchRun show = Bench("history show --db " + db);
  EXPECT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(Has(show.out, "9,223,372,036,854,775,807")) << show.out;
  // The column SQL users read: a wrapped total was negative there.
  const auto rows = OpenSqlConnection(db, false, 1)
                        ->Query("SELECT nodes_total FROM bench_results");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(AsInteger(rows[0][0]), INT64_MAX);
}

// A report no bench writes, with a total past 2^63 - 1, is refused by the
// history rather than stored negative.
TEST(GivensCopyCli, TheHistoryRefusesTotalsPastTheMost) {
  const std::string data = Dataset();
  const std::string csv = TempPath("forged.csv");
  ASSERT_EQ(Bench("--progress never -s bitmask --csv " + csv + " " + data)
                .exit_code,
            0);
  const std::vector<std::string> lines = Lines(testing::ReadFile(csv));
  const std::vector<std::string> header = testing::Fields(lines[0]);
  std::vector<std::string> fields = testing::Fields(lines[1]);
  fields[testing::ColumnIndex(header, "nodes_total")] = "18446744073709551597";
  std::string forged = lines[0] + "\n";
  for (size_t i = 0; i < fields.size(); ++i) {
    forged += (i ? "," : "") + CsvField(fields[i]);
  }
  const std::string path = WriteTempFile("forged.csv", forged + "\n");
  const std::string db = TempPath("forged_history.sqlite");
  std::filesystem::remove(db);
  const BenchRun add =
      Bench("history add " + path + " --commit c1 --db " + db);
  EXPECT_EQ(add.exit_code, 2) << add.err;
  EXPECT_TRUE(Has(add.err, "nodes_total 18446744073709551597")) << add.err;
}

}  // namespace
}  // namespace sudoku
