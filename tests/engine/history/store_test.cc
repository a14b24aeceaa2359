// The history store, the same tests against both back ends: an SQLite file
// and a real PostgreSQL server (Debian's, on a socket in a temporary
// folder). Recording once, every column read back, all or nothing, older
// schemas migrated, foreign and damaged databases refused, locks waited on,
// concurrent writers, a writer killed mid-add, a full disk.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/history/history_store.h"
#include "tests/engine/history/store_fixture.h"

namespace sudoku {
namespace {

using testing::Backend;
using testing::BaselineEntries;
using testing::ErrorOf;
using testing::HistoryStoreTest;
using testing::MakeLedger;
using testing::MakeRun;
using testing::PostgresServer;
using testing::ReadFile;
using testing::TempPath;

TEST_P(HistoryStoreTest, ReadsEveryColumnBack) {
  HistoryStore store = Open();
  const NewRun run = MakeRun("a1b2c3d", "sha-1");
  const std::vector<AddResult> added = store.Add(std::span(&run, 1));
  ASSERT_EQ(added.size(), 1u);
  EXPECT_TRUE(added[0].added);
  EXPECT_EQ(added[0].rows, 12u);
  const std::vector<StoredRun> runs = store.Runs({});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].commit, "a1b2c3d");
  EXPECT_EQ(runs[0].branch, "main");
  EXPECT_EQ(runs[0].testbed, "ci");
  EXPECT_EQ(runs[0].date, run.entries[0].manifest.date);
  ASSERT_EQ(runs[0].results.size(), run.entries.size());
  for (size_t i = 0; i < run.entries.size(); ++i) {
    // Every column, the manifest included, as the CSV writer writes it.
    EXPECT_EQ(StoredFields(runs[0].results[i].entry),
              StoredFields(run.entries[i]));
  }
  // Filters select rows, and the runs that hold them.
  RunFilter dlx, other;
  dlx.strategy = "dlx";
  other.branch = "other";
  EXPECT_EQ(store.Runs(dlx)[0].results.size(), 1u);
  EXPECT_TRUE(store.Runs(other).empty());
}

TEST_P(HistoryStoreTest, RecordsTheSameReportOnce) {
  HistoryStore store = Open();
  const NewRun run = MakeRun("a1b2c3d", "sha-1");
  ASSERT_TRUE(store.Add(std::span(&run, 1))[0].added);
  const AddResult again = store.Add(std::span(&run, 1))[0];
  EXPECT_FALSE(again.added);
  EXPECT_EQ(again.commit, "a1b2c3d");
  EXPECT_EQ(RunCount(), 1u);
}

TEST_P(HistoryStoreTest, AddsAllOrNothing) {
  HistoryStore store = Open();
  NewRun good = MakeRun("a1", "sha-1"), bad = MakeRun("b2", "sha-2");
  // Lines that do not rise cannot be encoded: the second run fails after
  // the first was written, inside the one transaction.
  bad.ledgers.resize(bad.entries.size());
  bad.ledgers[3] = {{5, Verdict::kSolved, 1}, {5, Verdict::kSolved, 1}};
  const NewRun both[] = {good, bad};
  EXPECT_THROW(store.Add(both), HistoryError);
  EXPECT_EQ(RunCount(), 0u);
  EXPECT_TRUE(store.Add(std::span(&good, 1))[0].added);
}

TEST_P(HistoryStoreTest, KeepsLedgers) {
  HistoryStore store = Open();
  NewRun run = MakeRun("a1", "sha-1");
  run.ledgers.resize(run.entries.size());
  run.ledgers[2] = MakeLedger(3000);
  const AddResult added = store.Add(std::span(&run, 1))[0];
  EXPECT_EQ(added.ledger_puzzles, 3000u);
  const StoredRun stored = store.Runs({})[0];
  EXPECT_FALSE(stored.results[1].has_ledger);
  ASSERT_TRUE(stored.results[2].has_ledger);
  EXPECT_EQ(store.Ledger(stored.results[2].id), *run.ledgers[2]);
  EXPECT_TRUE(store.Ledger(stored.results[1].id).empty());
}

TEST_P(HistoryStoreTest, MigratesAnOlderSchemaForward) {
  {
    // A database as version 1 made it: no ledger table yet, one run.
    std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, true, 10);
    MigrateHistory(*db, 1);
    const NewRun run = MakeRun("a1", "sha-1");
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
    EXPECT_EQ(
        InTransaction(*db, false, [&] { return HistorySchemaVersion(*db); }),
        1);
  }
  HistoryStore store = Open();
  EXPECT_EQ(InTransaction(store.db(), false,
                          [&] { return HistorySchemaVersion(store.db()); }),
            kHistorySchemaVersion);
  const std::vector<StoredRun> runs = store.Runs({});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].results[0].entry.row.strategy, "scan");
  // And version 2's table is there to write to.
  NewRun run = MakeRun("b2", "sha-2");
  run.ledgers.resize(run.entries.size());
  run.ledgers[0] = MakeLedger(10);
  EXPECT_TRUE(store.Add(std::span(&run, 1))[0].added);
}

TEST_P(HistoryStoreTest, RefusesANewerSchema) {
  Open();
  {
    std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, true, 10);
    InTransaction(*db, true, [&] {
      db->Query(
          "UPDATE bench_meta SET value = '99' WHERE key = "
          "'schema_version'",
          {});
    });
  }
  const std::string error = ErrorOf([&] { Open(); });
  EXPECT_NE(error.find("has history schema 99; this bench knows up to " +
                       std::to_string(kHistorySchemaVersion)),
            std::string::npos)
      << error;
}

TEST_P(HistoryStoreTest, RefusesAnotherProgramsDatabase) {
  {
    std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, true, 10);
    // On PostgreSQL other programs' tables may share the database; a table
    // of ours without bench_meta may not.
    const std::string table = Sqlite() ? "customers" : "bench_runs";
    db->Query("CREATE TABLE " + table + " (name TEXT)", {});
    db->Query("INSERT INTO " + table + " VALUES ('kept')", {});
  }
  const std::string before = Sqlite() ? ReadFile(where_) : "";
  const std::string error = ErrorOf([&] { Open(); });
  EXPECT_NE(error.find("not a bench history"), std::string::npos) << error;
  if (Sqlite()) {
    EXPECT_EQ(ReadFile(where_), before);
  }
  std::unique_ptr<SqlConnection> db = OpenSqlConnection(where_, false, 10);
  EXPECT_EQ(db->Tables().size(), 1u);
}

TEST_P(HistoryStoreTest, WaitsForALockThenSaysSo) {
  Open();
  std::unique_ptr<SqlConnection> holder = OpenSqlConnection(where_, false, 10);
  holder->BeginWrite();
  HistoryStore store = Open(0.2);
  const NewRun run = MakeRun("a1", "sha-1");
  const std::string error = ErrorOf([&] { store.Add(std::span(&run, 1)); });
  EXPECT_NE(error.find("is locked: another program is writing to it"),
            std::string::npos)
      << error;
  holder->Rollback();
  EXPECT_TRUE(store.Add(std::span(&run, 1))[0].added);
}

TEST_P(HistoryStoreTest, TwoWritersAtOnceBothLand) {
  // Both start on a database neither has created yet, so they also race to
  // create the tables.
  std::atomic<int> ready = 0;
  std::vector<std::string> errors(2);
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w) {
    writers.emplace_back([&, w] {
      try {
        const NewRun run =
            MakeRun("c" + std::to_string(w), "sha-" + std::to_string(w), 20);
        ++ready;
        while (ready < 2) std::this_thread::yield();
        HistoryStore store = Open();
        store.Add(std::span(&run, 1));
      } catch (const std::exception& error) {
        errors[w] = error.what();
      }
    });
  }
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
  const std::vector<StoredRun> runs =
      HistoryStore::Open(where_, false, 10).Runs({});
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].results.size(), 240u);
  EXPECT_EQ(runs[1].results.size(), 240u);
}

// Waits for `pid`; its exit code, or -signal.
int Reap(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

TEST_P(HistoryStoreTest, AWriterKilledMidAddLeavesItAsItWas) {
  {
    HistoryStore store = Open();
    const NewRun first = MakeRun("a1", "sha-1");
    store.Add(std::span(&first, 1));
  }
  NewRun big = MakeRun("b2", "sha-2", 100);
  big.ledgers.assign(big.entries.size(), MakeLedger(2000));
  int kills = 0;
  for (int attempt = 0; attempt < 3; ++attempt) {
    const pid_t pid = fork();
    if (pid == 0) {
      try {
        HistoryStore store = Open();
        store.Add(std::span(&big, 1));
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    // The child is mid-add exactly while it holds the writers' lock: probe
    // for it without waiting, and kill it the moment it is taken.
    std::unique_ptr<SqlConnection> probe =
        OpenSqlConnection(where_, false, 0.001);
    bool killed = false;
    while (!killed) {
      int status;
      if (waitpid(pid, &status, WNOHANG) == pid) break;  // finished first
      try {
        probe->BeginWrite();
        probe->Rollback();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      } catch (const HistoryError&) {
        kill(pid, SIGKILL);
        killed = true;
      }
    }
    if (!killed) {
      FAIL() << "the add finished (exit " << Reap(pid)
             << ") before it could be killed";
    }
    EXPECT_EQ(Reap(pid), -SIGKILL);
    ++kills;
    // As it was: one run, whole, and the file sound.
    HistoryStore store = Open();
    store.db().CheckIntegrity();
    const std::vector<StoredRun> runs = store.Runs({});
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].commit, "a1");
    EXPECT_EQ(runs[0].results.size(), 12u);
  }
  EXPECT_EQ(kills, 3);
  HistoryStore store = Open();
  EXPECT_TRUE(store.Add(std::span(&big, 1))[0].added);
  EXPECT_EQ(RunCount(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryStoreTest,
                         ::testing::Values(Backend::kSqlite,
                                           Backend::kPostgres),
                         testing::BackendName);

// SQLite alone: files that are not a history, or no longer whole, and a
// disk that fills up mid-add. (A PostgreSQL server keeps its own files.)
TEST(HistorySqlite, RefusesAFileThatIsNoDatabase) {
  const std::string path = testing::WriteTempFile(
      "not_a_db.sqlite", std::string(3000, 'x') + "\nnot a database\n");
  const std::string before = ReadFile(path);
  EXPECT_EQ(ErrorOf([&] { HistoryStore::Open(path, true, 1); }),
            path +
                " is not an SQLite database (file is not a database); "
                "not a bench history, so it is left as it is");
  EXPECT_EQ(ReadFile(path), before);
}

TEST(HistorySqlite, RefusesADamagedFile) {
  const std::string path = TempPath("damaged.sqlite");
  std::filesystem::remove(path);
  {
    HistoryStore store = HistoryStore::Open(path, true, 1);
    const NewRun run = MakeRun("a1", "sha-1", 10);
    store.Add(std::span(&run, 1));
    // Everything into the main file, so that the damage below is all there
    // is to read.
    store.db().Query("PRAGMA wal_checkpoint(TRUNCATE)", {});
  }
  std::string bytes = ReadFile(path);
  ASSERT_GT(bytes.size(), 8192u);
  // Pages 2 and 3 (bench_meta and its index) overwritten; page 1, with the
  // header and the schema, still says SQLite.
  for (size_t i = 4096; i < 3 * 4096; ++i) bytes[i] = '\x5a';
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  const std::string error = ErrorOf([&] { HistoryStore::Open(path, true, 1); });
  EXPECT_NE(error.find(" is damaged ("), std::string::npos) << error;
  EXPECT_EQ(ReadFile(path), bytes);
}

TEST(HistorySqlite, AFullDiskMidAddLeavesItAsItWas) {
  const std::string path = TempPath("full.sqlite");
  std::filesystem::remove(path);
  {
    HistoryStore store = HistoryStore::Open(path, true, 1);
    const NewRun run = MakeRun("a1", "sha-1");
    store.Add(std::span(&run, 1));
  }
  NewRun big = MakeRun("b2", "sha-2", 100);
  big.ledgers.assign(big.entries.size(), MakeLedger(2000));
  const pid_t pid = fork();
  if (pid == 0) {
    // No file may grow past 256 KiB: the write-ahead log fills up mid-add,
    // as a full disk would stop it. SIGXFSZ ignored, so the write fails
    // with EFBIG instead of ending the process.
    signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{256 << 10, 256 << 10};
    setrlimit(RLIMIT_FSIZE, &limit);
    try {
      HistoryStore store = HistoryStore::Open(path, true, 1);
      store.Add(std::span(&big, 1));
    } catch (const HistoryError& error) {
      const std::string message = error.what();
      _exit(message.find("cannot write " + path) == 0 ? 3 : 4);
    }
    _exit(0);
  }
  EXPECT_EQ(Reap(pid), 3);
  HistoryStore store = HistoryStore::Open(path, true, 1);
  store.db().CheckIntegrity();
  const std::vector<StoredRun> runs = store.Runs({});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].commit, "a1");
}

TEST(HistorySqlite, ReadingNeedsAHistory) {
  const std::string path = TempPath("missing.sqlite");
  std::filesystem::remove(path);
  EXPECT_THROW(HistoryStore::Open(path, false, 1), HistoryError);
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace sudoku
