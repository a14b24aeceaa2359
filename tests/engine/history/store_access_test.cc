// The store as reading commands and CI caches use it, against both back
// ends where it applies: opened read-only it writes nothing and reads an
// older schema as it is; a history on a read-only path reads (SQLite); a
// damaged file is refused by every command; version 3's CPU throughput is
// filled in for the rows already there; rows that no run of bench writes
// (a NaN, counts that do not add up) are refused with a clear message.
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>

#include "engine/history/history_store.h"
#include "tests/engine/history/store_fixture.h"

namespace sudoku {
namespace {

using testing::Backend;
using testing::ErrorOf;
using testing::MakeRun;
using testing::ReadFile;
using testing::TempPath;

class HistoryAccessTest : public testing::HistoryStoreTest {
 protected:
  // A history of `version` with one run (its first row), as that version
  // wrote it.
  // `instructions` > 0: the row counted that many per puzzle (callgrind).
  void MakeOlderHistory(int version, double instructions = 0) {
    std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, true, 10);
    MigrateHistory(*db, version);
    NewRun run = MakeRun("a1", "sha-1");
    if (instructions > 0) {
      run.entries[0].row.instructions_per_puzzle = instructions;
      run.entries[0].row.instructions_by = "callgrind";
      run.entries[0].row.instructions_sample = 200;
    }
    InTransaction(*db, true, [&] {
      const SqlValue values[] = {std::string("old.csv"), StoredHeader()};
      db->Query(
          "INSERT INTO bench_runs (report_sha256, report, commit_rev, "
          "branch, testbed, run_date, added, header) VALUES ('sha-1', "
          "$1, 'a1', '', '', '2026-11-01T00:00:00Z', "
          "'2026-11-01T00:00:00Z', $2)",
          values);
      const SqlValue row[] = {StoredFields(run.entries[0])};
      db->Query(
          "INSERT INTO bench_results (run_id, dataset, strategy, "
          "puzzles_per_s, nodes_total, fields) VALUES (1, "
          "'regression.txt', 'scan', 1, 2, $1)",
          row);
    });
  }
  int Version() {
    std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, false, 10);
    return InTransaction(*db, false, [&] { return HistorySchemaVersion(*db); });
  }
};

TEST_P(HistoryAccessTest, ReadingOpensReadOnlyAndWritesNothing) {
  {
    HistoryStore store = Open();
    const NewRun run = MakeRun("a1", "sha-1");
    store.Add(std::span(&run, 1));
  }
  HistoryStore reader = HistoryStore::Open(where_, false, 10);
  EXPECT_EQ(reader.Runs({}).size(), 1u);
  const NewRun second = MakeRun("b2", "sha-2");
  EXPECT_THROW(reader.Add(std::span(&second, 1)), HistoryError);
  EXPECT_EQ(RunCount(), 1u);
}

TEST_P(HistoryAccessTest, ReadsAnOlderSchemaAsItIs) {
  MakeOlderHistory(1);
  const std::string before = Sqlite() ? ReadFile(where_) : "";
  // Read, not migrated: a reading command on a read-only cache could not.
  const std::vector<StoredRun> runs =
      HistoryStore::Open(where_, false, 10).Runs({});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].results[0].entry.row.strategy, "scan");
  EXPECT_FALSE(runs[0].results[0].has_ledger);
  EXPECT_EQ(Version(), 1);
  if (Sqlite()) {
    EXPECT_EQ(ReadFile(where_), before);
  }
}

TEST_P(HistoryAccessTest, VersionFourFillsTheInstructionsOfOlderRows) {
  MakeOlderHistory(3, 123456.5);
  HistoryStore store = Open();
  EXPECT_EQ(store.version(), 4);
  EXPECT_EQ(Version(), 4);
  const auto column = [&] {
    return InTransaction(store.db(), false, [&] {
      return store.db().Query(
          "SELECT instructions_per_puzzle FROM bench_results ORDER BY id", {});
    });
  };
  std::vector<SqlRow> rows = column();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_DOUBLE_EQ(AsReal(rows[0][0]), 123456.5);
  // An added row that counted none holds NULL; the stored fields keep the
  // three columns, read back as written.
  const NewRun run = MakeRun("b2", "sha-2");
  store.Add(std::span(&run, 1));
  rows = column();
  ASSERT_EQ(rows.size(), 13u);
  EXPECT_TRUE(std::holds_alternative<std::nullptr_t>(rows[1][0]));
  const std::vector<StoredRun> runs = store.Runs({});
  const ReportRow& read = runs[0].results[0].entry.row;
  EXPECT_EQ(read.instructions_by, "callgrind");
  EXPECT_EQ(read.instructions_sample, 200u);
}

TEST_P(HistoryAccessTest, VersionThreeFillsTheCpuThroughputOfOlderRows) {
  MakeOlderHistory(2);
  HistoryStore store = Open();  // an add's open brings it forward
  // Brought forward to this build's version (3 when the test was written).
  EXPECT_EQ(store.version(), kHistorySchemaVersion);
  EXPECT_EQ(Version(), kHistorySchemaVersion);
  const ReportEntry entry = MakeRun("a1", "sha-1").entries[0];
  const double expected = CpuThroughput(entry.row);
  ASSERT_GT(expected, 0);
  const std::vector<SqlRow> rows = InTransaction(store.db(), false, [&] {
    return store.db().Query("SELECT cpu_puzzles_per_s FROM bench_results", {});
  });
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NEAR(AsReal(rows[0][0]), expected, expected * 1e-9);
  // A new row gets it as it is added.
  const NewRun run = MakeRun("b2", "sha-2");
  store.Add(std::span(&run, 1));
  const std::vector<SqlRow> all = InTransaction(store.db(), false, [&] {
    return store.db().Query(
        "SELECT COUNT(*) FROM bench_results WHERE cpu_puzzles_per_s > 0", {});
  });
  EXPECT_EQ(AsInteger(all[0][0]), 13);
}

TEST_P(HistoryAccessTest, RefusesRowsNoRunOfBenchWrites) {
  HistoryStore store = Open();
  NewRun nan = MakeRun("a1", "sha-1");
  nan.entries[2].row.puzzles_per_s = std::numeric_limits<double>::quiet_NaN();
  std::string error = ErrorOf([&] { store.Add(std::span(&nan, 1)); });
  EXPECT_NE(error.find(": regression.txt " + nan.entries[2].row.strategy +
                       ": puzzles_per_s is nan, not a finite number of zero "
                       "or more"),
            std::string::npos)
      << error;
  NewRun counts = MakeRun("b2", "sha-2");
  counts.entries[0].row.solved += 1;
  error = ErrorOf([&] { store.Add(std::span(&counts, 1)); });
  EXPECT_NE(
      error.find("its outcome counts add up to " +
                 std::to_string(counts.entries[0].row.puzzles + 1) +
                 ", but it counts " +
                 std::to_string(counts.entries[0].row.puzzles) + " puzzles"),
      std::string::npos)
      << error;
  EXPECT_EQ(RunCount(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryAccessTest,
                         ::testing::Values(Backend::kSqlite,
                                           Backend::kPostgres),
                         testing::BackendName);

// Runs `work` in a child that cannot write `path`'s folder: as root (whom
// chmod does not stop) it drops to the unprivileged user nobody first. The
// child's exit code: work's, or 99 when the privileges would not drop.
int AsReader(const std::function<int()>& work) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (geteuid() == 0 &&
        (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
         setresuid(65534, 65534, 65534) != 0)) {
      _exit(99);
    }
    _exit(work());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// A history in a folder of its own, both made read-only (a CI cache
// restored read-only): WAL mode needs an index file beside the database,
// which cannot be made there; reading it must still work, and leave the
// folder as it was.
TEST(HistorySqlite, ReadsAHistoryOnAReadOnlyPath) {
  const std::string dir = TempPath("read_only_history");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/history.sqlite";
  {
    HistoryStore store = HistoryStore::Open(path, true, 1);
    const NewRun run = MakeRun("a1", "sha-1");
    store.Add(std::span(&run, 1));
  }
  ASSERT_FALSE(std::filesystem::exists(path + "-wal"));  // closed cleanly
  ASSERT_EQ(chmod(path.c_str(), 0444), 0);
  ASSERT_EQ(chmod(dir.c_str(), 0555), 0);
  const int code = AsReader([&] {
    try {
      // The writer's open would fail here: it proves the path read-only.
      try {
        HistoryStore::Open(path, true, 1);
        return 3;
      } catch (const HistoryError&) {
      }
      HistoryStore store = HistoryStore::Open(path, false, 1);
      return store.Runs({}).size() == 1 ? 0 : 4;
    } catch (const HistoryError& error) {
      std::fprintf(stderr, "%s\n", error.what());
      return 5;
    }
  });
  EXPECT_EQ(code, 0);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);  // nothing made beside it
  chmod(dir.c_str(), 0755);
}

TEST(HistorySqlite, EveryCommandRefusesADamagedFile) {
  const std::string path = TempPath("damaged_for_readers.sqlite");
  std::filesystem::remove(path);
  {
    HistoryStore store = HistoryStore::Open(path, true, 1);
    const NewRun run = MakeRun("a1", "sha-1", 10);
    store.Add(std::span(&run, 1));
    store.db().Query("PRAGMA wal_checkpoint(TRUNCATE)", {});
  }
  std::string bytes = ReadFile(path);
  ASSERT_GT(bytes.size(), 16384u);
  // A page of the results overwritten: the schema and bench_meta still
  // read, so only an integrity check tells.
  for (size_t i = bytes.size() - 2 * 4096; i < bytes.size() - 4096; ++i) {
    bytes[i] = '\x5a';
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  for (bool write : {true, false}) {
    const std::string error =
        ErrorOf([&] { HistoryStore::Open(path, write, 1); });
    EXPECT_NE(error.find(" is damaged ("), std::string::npos)
        << (write ? "add: " : "show, check: ") << error;
  }
  EXPECT_EQ(ReadFile(path), bytes);
}

}  // namespace
}  // namespace sudoku
