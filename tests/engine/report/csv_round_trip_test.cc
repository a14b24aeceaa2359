// What bench writes as CSV, its own readers read back, whatever the names in
// it hold; and a CSV saved by a spreadsheet with a byte order mark reads as
// the same file without one.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/history/ledger.h"
#include "engine/input/input.h"
#include "engine/report/csv_reader.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/per_puzzle_reader.h"
#include "engine/report/puzzle_outputs.h"
#include "engine/report/report_schema.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

// A --per-puzzle file of two puzzle lines of `file`, under `strategies`.
std::string PerPuzzleFile(const std::string& file,
                          const std::vector<std::string>& strategies) {
  std::ostringstream out;
  PerPuzzleWriter writer(out, strategies);
  std::vector<PuzzleOutcome> outcomes(strategies.size());
  for (PuzzleOutcome& o : outcomes) {
    o.verdict = Verdict::kSolved;
    o.nanos = 100;
    o.result.nodes = 7;
  }
  for (const uint64_t line : {3u, 9u}) {
    PuzzleRecord record;
    record.line = line;
    writer.OnRecord(file, record, outcomes);
  }
  return out.str();
}

TEST(CsvRoundTrip, AFileNameWithALineBreakAndAStrategyWithAQuoteReadBack) {
  const std::string file = "odd\nname, \"quoted\".txt";
  const std::vector<std::string> strategies = {"my \"fast\" one", "a,b"};
  const std::string text = PerPuzzleFile(file, strategies);
  // The stream reader.
  std::istringstream in(text);
  PerPuzzleReader reader(in, "pp.csv");
  PerPuzzleRow row;
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(reader.Next(row)) << text;
    EXPECT_EQ(row.file, file);
    EXPECT_EQ(row.strategy, strategies[i % 2]);
  }
  EXPECT_FALSE(reader.Next(row));
  // history add's reader, on the same file.
  const PerPuzzleLedgers ledgers =
      ReadPerPuzzleFile(WriteTempFile("odd.pp.csv", text));
  ASSERT_EQ(ledgers.size(), 2u);
  for (const std::string& strategy : strategies) {
    const auto it = ledgers.find({file, strategy});
    ASSERT_NE(it, ledgers.end()) << strategy;
    ASSERT_EQ(it->second.size(), 2u);
    EXPECT_EQ(it->second[0].line, 3u);
    EXPECT_EQ(it->second[1].line, 9u);
    EXPECT_EQ(it->second[1].nodes, 7u);
  }
}

TEST(CsvRoundTrip, HistoryAddsReaderStillRefusesWhatIsNoPerPuzzleFile) {
  EXPECT_THROW(ReadPerPuzzleFile(WriteTempFile("empty.pp", "")), HistoryError);
  EXPECT_THROW(ReadPerPuzzleFile(WriteTempFile("report.pp", "dataset,x\n")),
               HistoryError);
  const std::string header = "file,line,strategy,outcome,ns,nodes\n";
  EXPECT_THROW(ReadPerPuzzleFile(WriteTempFile(
                   "outcome.pp", header + "a.txt,1,s,sideways,1,1\n")),
               HistoryError);
  EXPECT_THROW(ReadPerPuzzleFile(WriteTempFile(
                   "order.pp", header + "a.txt,5,s,solved,1,1\n"
                                        "a.txt,4,s,solved,1,1\n")),
               HistoryError);
  EXPECT_THROW(ReadPerPuzzleFile(
                   WriteTempFile("count.pp", header + "a.txt,x,s,solved,1,1\n")),
               HistoryError);
  EXPECT_THROW(ReadPerPuzzleFile("/nonexistent/pp.csv"), HistoryError);
}

TEST(CsvRoundTrip, AByteOrderMarkIsNoPartOfTheFirstField) {
  const std::string bom(kByteOrderMark);
  std::istringstream in(bom + "\"a\",b\nc,d\n");
  CsvRecordReader reader(in, "bom.csv");
  CsvRecord record;
  ASSERT_TRUE(reader.Next(record));
  EXPECT_EQ(record.fields, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(record.line, 1u);
  ASSERT_TRUE(reader.Next(record));
  EXPECT_EQ(record.fields, (std::vector<std::string>{"c", "d"}));
  // Bytes that only begin like one are data.
  std::istringstream almost("\xEF\xBBx,y\n");
  CsvRecordReader other(almost, "almost.csv");
  ASSERT_TRUE(other.Next(record));
  EXPECT_EQ(record.fields, (std::vector<std::string>{"\xEF\xBBx", "y"}));
  // One in the middle of a file is data too.
  std::istringstream later("a\n" + bom + "b\n");
  CsvRecordReader middle(later, "middle.csv");
  ASSERT_TRUE(middle.Next(record));
  ASSERT_TRUE(middle.Next(record));
  EXPECT_EQ(record.fields, (std::vector<std::string>{bom + "b"}));
}

TEST(CsvRoundTrip, AReportAndAPerPuzzleFileSavedWithAByteOrderMarkRead) {
  DatasetResult result;
  result.path = "data/a.txt";
  result.sha256 = "00ff";
  result.wall_s = 2;
  StrategyStats stats;
  stats.Add({Verdict::kSolved, 1000, 10, true});
  result.stats = {stats};
  RunOptions options;
  options.strategies = {FindStrategy("bitmask")};
  options.max_nodes = kUnlimitedNodes;
  options.threads = 1;
  const Manifest manifest = {"0.1.0", "abc", "GNU 12", "-O3", "CPU",
                             "2026-01-01T00:00:00Z", 1, "host:1"};
  std::stringstream csv;
  CsvReporter(csv).ReportPass(manifest, result, MakeRows(result, options));
  std::istringstream plain(csv.str());
  const auto expected = ReadCsvReport(plain, "plain.csv");
  std::istringstream marked(std::string(kByteOrderMark) + csv.str());
  const auto read = ReadCsvReport(marked, "bom.csv");
  ASSERT_EQ(read.size(), expected.size());
  EXPECT_EQ(read[0].row.dataset, "a.txt");
  EXPECT_EQ(read[0].row.strategy, "bitmask");
  EXPECT_EQ(read[0].manifest.git_revision, expected[0].manifest.git_revision);

  const std::string pp = PerPuzzleFile("a.txt", {"bitmask"});
  std::istringstream pp_in(std::string(kByteOrderMark) + pp);
  PerPuzzleReader reader(pp_in, "bom.pp");
  PerPuzzleRow row;
  ASSERT_TRUE(reader.Next(row));
  EXPECT_EQ(row.file, "a.txt");
  EXPECT_EQ(ReadPerPuzzleFile(WriteTempFile(
                                  "bom.pp", std::string(kByteOrderMark) + pp))
                .size(),
            1u);
}

}  // namespace
}  // namespace sudoku
