// Tests of reading CSV files back record by record: RFC 4180 records and
// --per-puzzle files, as PerPuzzleWriter writes them.
#include "engine/report/per_puzzle_reader.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/report/puzzle_outputs.h"

namespace sudoku {
namespace {

TEST(CsvRecordReader, QuotedFieldsBlankLinesAndCrlf) {
  std::istringstream in("a,\"b,\"\"c\"\"\"\r\n\n\"two\nlines\",x\nlast");
  CsvRecordReader reader(in, "t.csv");
  CsvRecord r;
  ASSERT_TRUE(reader.Next(r));
  EXPECT_EQ(r.fields, (std::vector<std::string>{"a", "b,\"c\""}));
  EXPECT_EQ(r.line, 1u);
  ASSERT_TRUE(reader.Next(r));
  EXPECT_EQ(r.fields, (std::vector<std::string>{"two\nlines", "x"}));
  EXPECT_EQ(r.line, 3u);
  ASSERT_TRUE(reader.Next(r));
  EXPECT_EQ(r.fields, (std::vector<std::string>{"last"}));
  EXPECT_EQ(r.line, 5u);
  EXPECT_FALSE(reader.Next(r));

  std::istringstream open_quote("a,\"b\n");
  CsvRecordReader broken(open_quote, "t.csv");
  EXPECT_THROW(broken.Next(r), ReportFormatError);
}

TEST(PerPuzzleReader, ReadsWhatTheWriterWrote) {
  std::ostringstream out;
  PerPuzzleWriter writer(out, {"toy"});
  PuzzleRecord record;
  record.line = 7;
  PuzzleOutcome outcome;
  outcome.verdict = Verdict::kOverBudget;
  outcome.nanos = 1500;
  outcome.result.nodes = 20000;
  writer.OnRecord("my, file.txt", record, {&outcome, 1});
  std::istringstream in(out.str());
  PerPuzzleReader reader(in, "p.csv");
  PerPuzzleRow row;
  ASSERT_TRUE(reader.Next(row));
  EXPECT_EQ(row.file, "my, file.txt");
  EXPECT_EQ(row.line, 7u);
  EXPECT_EQ(row.strategy, "toy");
  EXPECT_EQ(row.outcome, "over_budget");
  EXPECT_EQ(row.nanos, 1500u);
  EXPECT_EQ(row.nodes, 20000u);
  EXPECT_EQ(row.at, 2u);
  EXPECT_FALSE(reader.Next(row));
}

TEST(PerPuzzleReader, RefusesOtherFiles) {
  std::istringstream report("dataset,strategy\nx,y\n");
  EXPECT_THROW(PerPuzzleReader(report, "r.csv"), ReportFormatError);
  std::istringstream short_row(
      "file,line,strategy,outcome,ns,nodes\na.txt,1,toy,solved,5\n");
  PerPuzzleReader reader(short_row, "p.csv");
  PerPuzzleRow row;
  EXPECT_THROW(reader.Next(row), ReportFormatError);
  std::istringstream bad_number(
      "file,line,strategy,outcome,ns,nodes\na.txt,x1,toy,solved,5,6\n");
  PerPuzzleReader numbers(bad_number, "p.csv");
  EXPECT_THROW(numbers.Next(row), ReportFormatError);
}

}  // namespace
}  // namespace sudoku
