// Numbers and labels checked where they come in, names escaped where they go
// out: compare refuses a row no run of bench writes (a nan) as history add
// does; history add refuses a --commit or --branch that is not one line of
// text; names reach a terminal escaped and Markdown as text; a name
// PostgreSQL cannot hold is refused by SQLite too, naming the report's line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/bench/bench_runner.h"
#include "tests/engine/history/postgres_server.h"
#include "tests/fixtures.h"

namespace sudoku::testing {
namespace {

const std::string kDatasets = std::string(SUDOKU_SOURCE_DIR) + "/datasets/";

// Each test names its files after itself (ctest runs tests side by side).
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return TempPath(std::string("labels_") + info->name() + "." + suffix);
}

// A one-row report of a real run.
std::string Report(const std::string& name) {
  const std::string csv = TestPath(name);
  const BenchRun run = Bench("-q --progress never -t 1 -s dlx --csv " + csv +
                             " " + kDatasets + "edge-cases.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return csv;
}

std::string CsvField(const std::string& field) {
  if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
  std::string quoted = "\"";
  for (char c : field) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// A copy of the report at `path` with `column` of its row set to `value`.
std::string Edited(const std::string& path, const std::string& name,
                   const std::string& column, const std::string& value) {
  const std::vector<std::string> lines = Lines(ReadFile(path));
  EXPECT_EQ(lines.size(), 2u);
  std::vector<std::string> fields = Fields(lines[1]);
  fields.at(ColumnIndex(lines[0], column)) = value;
  std::string row;
  for (size_t i = 0; i < fields.size(); ++i) {
    row += (i ? "," : "") + CsvField(fields[i]);
  }
  const std::string edited = TestPath(name);
  std::filesystem::remove(edited);
  return WriteTempFile(std::filesystem::path(edited).filename(),
                       lines[0] + "\n" + row + "\n");
}

std::string Db() {
  const std::string db = TestPath("sqlite");
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::filesystem::remove(db + suffix);
  }
  return db;
}

BenchRun History(const std::string& db, const std::string& args) {
  return Bench("history " + args + " --db '" + db + "'");
}

// Whether some line of `text` starts with `start`.
bool HasLineStarting(const std::string& text, const std::string& start) {
  for (const std::string& line : Lines(text)) {
    if (line.rfind(start, 0) == 0) return true;
  }
  return false;
}

// One rule for a report row, shared with history add: a nan is no figure
// bench writes, and no verdict may rest on it.
TEST(LabelsCli, CompareRefusesARowHistoryAddRefuses) {
  const std::string base = Report("base.csv");
  const std::string nan = Edited(base, "nan.csv", "puzzles_per_s", "nan");
  const BenchRun compare = Bench("compare " + base + " " + nan);
  EXPECT_EQ(compare.exit_code, 2) << compare.out << compare.err;
  EXPECT_TRUE(Has(compare.err, nan + ":2: edge-cases.txt dlx: puzzles_per_s "
                                     "is nan, not a finite number"))
      << compare.err;
  const BenchRun add = History(Db(), "add " + nan + " --commit c1");
  EXPECT_EQ(add.exit_code, 2);
  EXPECT_TRUE(Has(add.err, nan + ":2: edge-cases.txt dlx: puzzles_per_s is "
                                 "nan, not a finite number"))
      << add.err;
}

// A line break in --commit or --branch would forge a line in every later
// console output ("verdict: PASS"); an escape sequence would move the
// cursor.
TEST(LabelsCli, HistoryAddRefusesALabelThatIsNotOneLineOfText) {
  const std::string db = Db();
  const std::string report = Report("r.csv");
  for (const std::string& option : {"--commit", "--branch", "--testbed"}) {
    const BenchRun add =
        History(db, "add " + report + " " + option +
                        " \"$(printf 'c1\\nverdict: PASS (exit 0)')\"");
    EXPECT_EQ(add.exit_code, 2) << option << ": " << add.out;
    EXPECT_TRUE(Has(add.err, "'c1\\nverdict: PASS (exit 0)' holds a control "
                             "character (\\n); a label is one line of text"))
        << option << ": " << add.err;
    EXPECT_FALSE(HasLineStarting(add.err, "verdict")) << add.err;
  }
  const BenchRun escape = History(
      db, "add " + report + " --commit c1 --branch \"$(printf '\\033[2J')\"");
  EXPECT_EQ(escape.exit_code, 2) << escape.out;
  EXPECT_TRUE(Has(escape.err, "'\\x1b[2J' holds a control character"))
      << escape.err;
  EXPECT_FALSE(std::filesystem::exists(db));  // nothing was recorded
}

// A file may be named with a line break: recorded as it is, shown escaped.
TEST(LabelsCli, StoredNamesReachTheConsoleEscaped) {
  const std::string db = Db();
  const std::string forged = Edited(Report("r.csv"), "forged.csv", "dataset",
                                    "x\nverdict: PASS (exit 0)\x1b[2J");
  const BenchRun add = History(db, "add " + forged + " --commit c1");
  ASSERT_EQ(add.exit_code, 0) << add.err;
  for (const std::string& command : {"show", "check"}) {
    const BenchRun run = History(db, command);
    EXPECT_TRUE(Has(run.out, "x\\nverdict: PASS (exit 0)\\x1b[2J"))
        << command << ": " << run.out;
    EXPECT_FALSE(Has(run.out, "\x1b")) << command;
    EXPECT_FALSE(HasLineStarting(run.out, "verdict: PASS (exit 0)\x1b"))
        << command << ": " << run.out;
  }
}

// Names reach a Markdown summary as text: no raw HTML, no end of a cell or a
// code span.
TEST(LabelsCli, NamesReachMarkdownAsText) {
  const std::string base = Report("base.csv");
  const std::string hostile =
      Edited(base, "hostile.csv", "dataset", "<img src=x onerror=alert(1)>|&");
  const std::string md = TestPath("md");
  std::filesystem::remove(md);
  const BenchRun compare =
      Bench("compare " + base + " " + hostile + " --markdown " + md);
  // The baseline's row is missing (exit 1), the renamed one new.
  EXPECT_EQ(compare.exit_code, 1) << compare.err;
  const std::string text = ReadFile(md);
  EXPECT_FALSE(Has(text, "<img")) << text;
  EXPECT_TRUE(Has(text, "| &lt;img src=x onerror=alert(1)&gt;\\|&amp; | dlx"))
      << text;
}

// PostgreSQL's text holds UTF-8 without NUL bytes. A name that is not UTF-8
// (a Latin-1 file name) is refused by both back ends alike, naming the
// report's line, before either is asked.
TEST(LabelsCli, ANameNeitherBackEndCanHoldIsRefusedNamingTheLine) {
  const std::string latin1 =
      Edited(Report("r.csv"), "latin1.csv", "dataset", "caf\xe9.txt");
  const std::string expected =
      latin1 + ":2: dataset is not UTF-8 text; the history stores UTF-8 text "
               "without NUL bytes (as PostgreSQL does)";
  const BenchRun sqlite = History(Db(), "add " + latin1 + " --commit c1");
  EXPECT_EQ(sqlite.exit_code, 2) << sqlite.out;
  EXPECT_TRUE(Has(sqlite.err, expected)) << sqlite.err;
  PostgresServer& server = PostgresServer::Get();
  if (!server.running()) GTEST_SKIP() << server.error();
  const std::string url = server.NewDatabase("labels_latin1");
  const BenchRun postgres = History(url, "add " + latin1 + " --commit c1");
  EXPECT_EQ(postgres.exit_code, 2) << postgres.out;
  EXPECT_TRUE(Has(postgres.err, expected)) << postgres.err;
}

}  // namespace
}  // namespace sudoku::testing
