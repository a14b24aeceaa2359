// `bench history` end to end on real reports: add, show, check, --html and
// the trackers' JSON, over an SQLite file and a PostgreSQL server; and what
// it refuses: a partial report, another schema, a report without a
// revision, a foreign or damaged database, a locked one, an unknown
// revision.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/history/sql_connection.h"
#include "tests/bench/bench_runner.h"
#include "tests/engine/history/postgres_server.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Fields;
using testing::Has;
using testing::Lines;
using testing::ReadFile;
using testing::WriteTempFile;

const std::string kDatasets = std::string(SUDOKU_SOURCE_DIR) + "/datasets/";

// ctest runs every test in a process of its own, several at once: each test
// names its files after itself.
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->name()) + "." + suffix);
}

// A report of a real run over the edge cases (and, with `per_puzzle`, its
// per-puzzle file beside it as NAME.pp).
std::string Report(const std::string& name, bool per_puzzle = false) {
  const std::string csv = TestPath(name);
  const BenchRun run =
      Bench("-q --progress never -t 2 -s dlx,bands --limit 2 --csv " + csv +
            (per_puzzle ? " --per-puzzle " + csv + ".pp " : " ") + kDatasets +
            "edge-cases.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return csv;
}

// A fresh SQLite history for this test.
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

std::string Joined(const std::vector<std::string>& fields) {
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string f = fields[i];
    if (f.find_first_of(",\"") != std::string::npos) {
      std::string quoted = "\"";
      for (char c : f)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      f = quoted + "\"";
    }
    line += (i ? "," : "") + f;
  }
  return line;
}

// A copy of the CSV file `path` (a report or a per-puzzle file) with
// `column` set to `value` in the rows where `match` holds.
std::string Edited(
    const std::string& path, const std::string& name, const std::string& column,
    const std::string& value,
    const std::function<bool(const std::vector<std::string>&,
                             const std::vector<std::string>&)>& match) {
  const std::vector<std::string> lines = Lines(ReadFile(path));
  const std::vector<std::string> header = Fields(lines[0]);
  const size_t at = testing::ColumnIndex(header, column);
  std::string text = lines[0] + "\n";
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = Fields(lines[i]);
    if (match(header, fields)) fields.at(at) = value;
    text += Joined(fields) + "\n";
  }
  return WriteTempFile(std::filesystem::path(TestPath(name)).filename(), text);
}

const auto kDlx = [](const std::vector<std::string>& header,
                     const std::vector<std::string>& fields) {
  return fields[testing::ColumnIndex(header, "strategy")] == "dlx";
};
const auto kAll = [](const std::vector<std::string>&,
                     const std::vector<std::string>&) { return true; };

TEST(HistoryCli, AddShowCheckAndThePage) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv"), r2 = Report("r2.csv");
  BenchRun add = History(db, "add " + r1 + " --commit c1 --branch main");
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_TRUE(Has(add.out, "bench history: recorded " + r1 +
                               ": 2 rows of commit c1 on main (run 1)"))
      << add.out;
  ASSERT_EQ(History(db, "add " + r2 + " --commit c2 --branch main").exit_code,
            0);
  // The same report again is recorded once.
  add = History(db, "add " + r2 + " --commit c2 --branch main");
  EXPECT_EQ(add.exit_code, 0);
  EXPECT_TRUE(Has(add.out, "was recorded before (run 2, commit c2)"))
      << add.out;

  const BenchRun show = History(db, "show --strategy dlx");
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(Has(show.out,
                  "edge-cases.txt dlx limit 2 budget none 2 "
                  "threads [main]"))
      << show.out;
  EXPECT_FALSE(Has(show.out, " bands "));
  const auto lines = Lines(show.out);
  EXPECT_EQ(lines.size(), 6u) << show.out;  // title, header, rule, 2, blank

  const BenchRun json = History(db, "show --json");
  const nlohmann::json parsed = nlohmann::json::parse(json.out);
  ASSERT_EQ(parsed["series"].size(), 2u);
  EXPECT_EQ(parsed["series"][0]["commits"][1]["commit"], "c2");
  EXPECT_TRUE(parsed["series"][0]["commits"][1]["nodes_total"].is_number());

  const std::string verdict = TestPath("check.json");
  const BenchRun check = History(db, "check --json " + verdict);
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_TRUE(Has(check.out,
                  "verdict: PASS (exit 0): 0 changed, 0 slower, "
                  "2 pass, 0 new"))
      << check.out;
  EXPECT_EQ(nlohmann::json::parse(ReadFile(verdict))["verdict"], "pass");

  const std::string page = TestPath("page.html");
  const BenchRun html = Bench("history --html " + page + " --db " + db);
  ASSERT_EQ(html.exit_code, 0) << html.err;
  EXPECT_EQ(std::system(("python3 " + std::string(SUDOKU_SOURCE_DIR) +
                         "/tests/bench/html_check.py " + page +
                         " --min-charts 4 >/dev/null")
                            .c_str()),
            0);
}

TEST(HistoryCli, AnExactChangeFailsAndNamesItsCommitAndPuzzles) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv", true);
  ASSERT_EQ(History(db, "add " + r1 + " --commit c1 --per-puzzle " + r1 + ".pp")
                .exit_code,
            0);
  // The next commit's dlx searched differently on line 12: 57 nodes became
  // 60, and the report's total with it.
  const auto row = [](const std::vector<std::string>& h,
                      const std::vector<std::string>& f) {
    return f[testing::ColumnIndex(h, "strategy")] == "dlx" &&
           f[testing::ColumnIndex(h, "line")] == "12";
  };
  const std::string pp = Edited(r1 + ".pp", "r2.pp", "nodes", "60", row);
  const auto header = Fields(Lines(ReadFile(r1))[0]);
  std::string dlx_total;
  for (const std::string& line : Lines(ReadFile(r1))) {
    const auto f = Fields(line);
    if (f[testing::ColumnIndex(header, "strategy")] == "dlx") {
      dlx_total = f[testing::ColumnIndex(header, "nodes_total")];
    }
  }
  const std::string r2 =
      Edited(r1, "r2.csv", "nodes_total",
             std::to_string(std::stoull(dlx_total) + 3), kDlx);
  const BenchRun add =
      History(db, "add " + r2 + " --commit c2 --per-puzzle " + pp);
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_TRUE(Has(add.out, "bench history: ledger: "));
  const BenchRun check = History(db, "check");
  EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
  EXPECT_TRUE(Has(check.out, "nodes_total " + dlx_total + " -> " +
                                 std::to_string(std::stoull(dlx_total) + 3) +
                                 ", first at c2 (after c1)"))
      << check.out;
  EXPECT_TRUE(Has(check.out,
                  "datasets/edge-cases.txt:12: solved 57 nodes "
                  "-> solved 60 nodes"))
      << check.out;
  EXPECT_TRUE(Has(check.out, "verdict: FAIL (exit 1): 1 changed")) << check.out;
}

TEST(HistoryCli, RefusesWhatIsNotAWholeReport) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv", true);
  // Interrupted: complete=false.
  const std::string partial =
      Edited(r1, "partial.csv", "complete", "false", kAll);
  BenchRun run = History(db, "add " + partial + " --commit c1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err,
                  "is a partial report (the run was interrupted "
                  "after line"))
      << run.err;
  // Another schema: the per-puzzle file given as a report.
  run = History(db, "add " + r1 + ".pp --commit c1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err,
                  "no column 'dataset' in the header; not a bench "
                  "CSV report?"))
      << run.err;
  // No revision: built outside git, and no --commit.
  const std::string unknown =
      Edited(r1, "unknown.csv", "git_revision", "unknown", kAll);
  run = History(db, "add " + unknown);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "its git_revision is unknown")) << run.err;
  // A per-puzzle file of another run.
  const std::string other =
      Edited(r1 + ".pp", "other.pp", "file", "elsewhere.txt", kAll);
  run = History(db, "add " + r1 + " --per-puzzle " + other);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "lines of elsewhere.txt for bands match no row"))
      << run.err;
  // None of it was recorded; the database was not even made.
  EXPECT_FALSE(std::filesystem::exists(db));
  // The report's own revision is the default.
  run = History(db, "add " + r1);
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

TEST(HistoryCli, RefusesAForeignOrDamagedDatabase) {
  const std::string text = WriteTempFile(
      "history_text.sqlite", std::string(4096, '#') + "\nnot SQLite\n");
  const std::string r1 = Report("r1.csv");
  BenchRun run = History(text, "add " + r1);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "is not an SQLite database")) << run.err;
  EXPECT_EQ(ReadFile(text), std::string(4096, '#') + "\nnot SQLite\n");
  // Another program's SQLite file.
  const std::string foreign = Db();
  std::system(("sqlite3 " + foreign +
               " 'CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES "
               "(1)' 2>/dev/null || python3 -c \"import sqlite3; "
               "c = sqlite3.connect('" +
               foreign +
               "'); c.execute('CREATE TABLE notes (text TEXT)'); "
               "c.commit()\"")
                  .c_str());
  const std::string before = ReadFile(foreign);
  ASSERT_FALSE(before.empty());
  run = History(foreign, "add " + r1);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err,
                  "holds tables of something else (notes), not a "
                  "bench history"))
      << run.err;
  EXPECT_EQ(ReadFile(foreign), before);
  EXPECT_EQ(History(foreign, "show").exit_code, 2);
}

TEST(HistoryCli, WaitsForALockedDatabaseThenSaysSo) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv"), r2 = Report("r2.csv");
  ASSERT_EQ(History(db, "add " + r1).exit_code, 0);
  std::unique_ptr<SqlConnection> holder = OpenSqlConnection(db, false, 1);
  holder->BeginWrite();
  BenchRun run = History(db, "add " + r2 + " --commit c2 --lock-timeout 0.5");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(
      Has(run.err, db + " is locked: another program is writing to "
                        "it (waited 0.5 s; --lock-timeout waits longer)"))
      << run.err;
  // Readers are not held up by a writer.
  EXPECT_EQ(History(db, "show").exit_code, 0);
  holder->Rollback();
  EXPECT_EQ(History(db, "add " + r2 + " --commit c2").exit_code, 0);
}

TEST(HistoryCli, TwoAddsAtOnceBothLand) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv"), r2 = Report("r2.csv");
  // Both started together from one shell; it prints their exit codes.
  const std::string add =
      std::string(BENCH_BINARY) + " history add --db " + db + " --commit ";
  const std::string command = "(" + add + "c1 " + r1 + " >/dev/null & p=$!; " +
                              add + "c2 " + r2 + " >/dev/null; b=$?; " +
                              "wait $p; echo $? $b)";
  FILE* shell = popen(command.c_str(), "r");
  char buffer[64] = {};
  const size_t n = fread(buffer, 1, sizeof(buffer) - 1, shell);
  pclose(shell);
  const std::string codes(buffer, n);
  EXPECT_EQ(codes, "0 0\n");
  const BenchRun show = History(db, "show --strategy dlx");
  EXPECT_TRUE(Has(show.out, "\n  c1 ")) << show.out;
  EXPECT_TRUE(Has(show.out, "\n  c2 ")) << show.out;
}

TEST(HistoryCli, UnknownRevisionsAreRefused) {
  const std::string db = Db();
  ASSERT_EQ(History(db, "add " + Report("r1.csv") + " --commit c1").exit_code,
            0);
  BenchRun run = History(db, "check --against deadbeef");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err,
                  "unknown revision deadbeef: no run of it is "
                  "recorded"))
      << run.err;
  run = History(db, "show --since nosuchrev");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "unknown revision nosuchrev")) << run.err;
  // A date is not a revision.
  EXPECT_EQ(History(db, "show --since 2000-01-01").exit_code, 0);
  // Reading a history that is not there makes none.
  const std::string missing = TestPath("missing.sqlite");
  run = History(missing, "show");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "no history at " + missing)) << run.err;
  EXPECT_FALSE(std::filesystem::exists(missing));
}

TEST(HistoryCli, TrackersJsonForBencher) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv");
  ASSERT_EQ(History(db, "add " + r1 + " --commit c1").exit_code, 0);
  const std::string bmf = TestPath("bmf.json");
  ASSERT_EQ(History(db, "show --bencher " + bmf).exit_code, 0);
  const nlohmann::json parsed = nlohmann::json::parse(ReadFile(bmf));
  const auto& dlx = parsed["edge-cases.txt/dlx limit=2 max_nodes=none"];
  EXPECT_GT(dlx["throughput"]["value"].get<double>(), 0);
  EXPECT_GT(dlx["latency"]["value"].get<double>(), 0);
  EXPECT_GT(dlx["nodes"]["value"].get<double>(), 0);
  // bench compare writes the same for CURRENT.
  const std::string from_compare = TestPath("compare-bmf.json");
  ASSERT_EQ(Bench("compare --bencher " + from_compare + " " + r1 + " " + r1)
                .exit_code,
            0);
  EXPECT_EQ(nlohmann::json::parse(ReadFile(from_compare)), parsed);
}

TEST(HistoryCli, JudgesCpuTimeAndSaysSoInEveryOutput) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv"), r2 = Report("r2.csv");
  ASSERT_EQ(History(db, "add " + r1 + " --commit c1").exit_code, 0);
  ASSERT_EQ(History(db, "add " + r2 + " --commit c2").exit_code, 0);
  const std::string verdict = TestPath("check.json");
  BenchRun run = History(db, "check --json " + verdict);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, " commits (puzzles per CPU-second)\n")) << run.out;
  EXPECT_EQ(nlohmann::json::parse(ReadFile(verdict))["measure"], "cpu");
  run = History(db, "check --measure wall");
  EXPECT_TRUE(Has(run.out, " commits (puzzles/s (wall clock))\n")) << run.out;
  const nlohmann::json show =
      nlohmann::json::parse(History(db, "show --json").out);
  EXPECT_EQ(show["series"][0]["measure"], "cpu");
  EXPECT_GT(show["series"][0]["commits"][0]["cpu_puzzles_per_s"].get<double>(),
            0);
  EXPECT_TRUE(Has(History(db, "show").out, "per CPU-s"));
  const std::string page = TestPath("page.html");
  ASSERT_EQ(Bench("history --html " + page + " --db " + db).exit_code, 0);
  EXPECT_TRUE(Has(ReadFile(page), "judged on puzzles per CPU-second"));
  EXPECT_EQ(History(db, "check --measure joules").exit_code, 2);
}

TEST(HistoryCli, MarkdownSummaryForTheCiPage) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv");
  ASSERT_EQ(History(db, "add " + r1 + " --commit c1").exit_code, 0);
  // A job summary is a file each step appends to.
  const std::string summary = TestPath("summary.md");
  std::filesystem::remove(summary);
  ASSERT_EQ(History(db, "check --markdown " + summary).exit_code, 0);
  ASSERT_EQ(
      Bench("compare --markdown " + summary + " " + r1 + " " + r1).exit_code,
      0);
  const std::string text = ReadFile(summary);
  EXPECT_TRUE(
      text.starts_with("### bench history check: PASS (exit 0)\n\n"
                       "Each series' newest commit against the one "
                       "before (exact columns) and its last 60 "
                       "commits (puzzles per CPU-second): 0 changed, "
                       "0 slower, 0 pass, 2 new.\n\nNo series "
                       "changed or got slower.\n\n### bench compare: "
                       "PASS (exit 0)\n"))
      << text;
  // "-": the summary on standard output, the verdict on standard error.
  BenchRun run = History(db, "check --markdown -");
  EXPECT_TRUE(run.out.starts_with("### bench history check: PASS")) << run.out;
  EXPECT_TRUE(Has(run.err, "verdict: PASS (exit 0)")) << run.err;
  run = Bench("compare --markdown - " + r1 + " " + r1);
  EXPECT_TRUE(run.out.starts_with("### bench compare: PASS")) << run.out;
  EXPECT_TRUE(Has(run.err, "verdict: PASS (exit 0)")) << run.err;
}

// A CI cache restored read-only: the history's folder and file cannot be
// written, and WAL mode's index cannot be made beside it. Reading commands
// still read it. As root (whom chmod does not stop) they run as the user
// nobody, through setpriv.
TEST(HistoryCli, ReadsAHistoryOnAReadOnlyPath) {
  const std::string dir = TestPath("ro");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = dir + "/history.sqlite";
  ASSERT_EQ(History(db, "add " + Report("r1.csv") + " --commit c1").exit_code,
            0);
  ASSERT_EQ(History(db, "add " + Report("r2.csv") + " --commit c2").exit_code,
            0);
  ASSERT_EQ(chmod(db.c_str(), 0444), 0);
  ASSERT_EQ(chmod(dir.c_str(), 0555), 0);
  std::string as_reader;
  if (geteuid() == 0) {
    if (std::system("setpriv --version >/dev/null 2>&1") != 0) {
      chmod(dir.c_str(), 0755);
      GTEST_SKIP() << "running as root without setpriv";
    }
    as_reader = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  }
  const auto run = [&](const std::string& args) {
    return testing::BenchUnder(as_reader, "history " + args + " --db " + db);
  };
  // The path really is read-only for the reader: an add is refused.
  EXPECT_EQ(run("add " + Report("r3.csv") + " --commit c3").exit_code, 2);
  BenchRun show = run("show");
  EXPECT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(Has(show.out, "\n  c2 ")) << show.out;
  BenchRun check = run("check");
  EXPECT_EQ(check.exit_code, 0) << check.err;
  EXPECT_TRUE(Has(check.out, "verdict: PASS (exit 0)")) << check.out;
  const std::string page = TestPath("ro.html");
  EXPECT_EQ(
      testing::BenchUnder(as_reader, "history --html " + page + " --db " + db)
          .exit_code,
      geteuid() == 0 ? 2 : 0);  // nobody cannot write the test's folder
  // Nothing was made beside it.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);
  chmod(dir.c_str(), 0755);
}

TEST(HistoryCli, EveryCommandRefusesADamagedDatabase) {
  const std::string db = Db();
  ASSERT_EQ(History(db, "add " + Report("r1.csv") + " --commit c1").exit_code,
            0);
  std::string bytes = ReadFile(db);
  ASSERT_GE(bytes.size(), 3 * 4096u);
  // The last page (rows of bench_results): the schema still reads.
  for (size_t i = bytes.size() - 4096; i < bytes.size(); ++i) bytes[i] = 'Z';
  testing::WriteTempFile(std::filesystem::path(db).filename(), bytes);
  for (const std::string& args : {std::string("check"), std::string("show"),
                                  "add " + Report("r2.csv") + " --commit c2"}) {
    const BenchRun run = History(db, args);
    EXPECT_EQ(run.exit_code, 2) << args << ": " << run.out;
    EXPECT_TRUE(Has(run.err, db + " is damaged (")) << args << ": " << run.err;
  }
  EXPECT_EQ(ReadFile(db), bytes);
}

TEST(HistoryCli, RefusesNanAndCountsThatDoNotAddUp) {
  const std::string db = Db();
  const std::string r1 = Report("r1.csv");
  const std::string nan = Edited(r1, "nan.csv", "puzzles_per_s", "nan", kDlx);
  BenchRun run = History(db, "add " + nan + " --commit c1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, nan + ":2: edge-cases.txt dlx: puzzles_per_s is "
                                 "nan, not a finite number of zero or more; "
                                 "not a report bench wrote"))
      << run.err;
  const std::string counts = Edited(r1, "counts.csv", "solved", "0", kDlx);
  run = History(db, "add " + counts + " --commit c1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "edge-cases.txt dlx: its outcome counts add up to "))
      << run.err;
  EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(HistoryCli, OnPostgreSql) {
  testing::PostgresServer& server = testing::PostgresServer::Get();
  ASSERT_TRUE(server.running()) << server.error();
  const std::string url = server.NewDatabase("history_cli");
  const std::string r1 = Report("r1.csv", true), r2 = Report("r2.csv");
  BenchRun run = History(url, "add " + r1 + " --commit c1 --branch main " +
                                  "--testbed ci --per-puzzle " + r1 + ".pp");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.out, "(run 1) in postgresql:///history_cli?host="))
      << run.out;
  ASSERT_EQ(History(url, "add " + r2 + " --commit c2 --branch main").exit_code,
            0);
  EXPECT_TRUE(Has(History(url, "add " + r2 + " --commit c2").out,
                  "was recorded before"));
  const BenchRun show = History(url, "show --branch main --strategy bands");
  EXPECT_TRUE(Has(show.out, "[main] on ci: ")) << show.out;
  EXPECT_TRUE(Has(show.out, "\n  c2 ")) << show.out;
  run = History(url, "check --against c1");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "against c1")) << run.out;
  const std::string page = TestPath("pg.html");
  EXPECT_EQ(Bench("history --html " + page + " --db '" + url + "'").exit_code,
            0);
  // A server that is not there is said so.
  run = History("postgresql:///nosuchdb?host=" + std::string("/nonexistent"),
                "show");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "cannot connect to postgresql:///nosuchdb"))
      << run.err;
}

}  // namespace
}  // namespace sudoku
