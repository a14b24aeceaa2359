// The history of every run: reports recorded by commit, branch and testbed
// in one database (an SQLite file or a PostgreSQL server), read back whole.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/history/ledger.h"
#include "engine/history/sql_connection.h"
#include "engine/report/csv_reader.h"

namespace sudoku {

// The schema this build writes. Each version is one step of
// MigrateHistory; an older database is brought forward when opened, a newer
// one is refused.
//   1: bench_meta, bench_runs, bench_results
//   2: bench_ledgers, the per-puzzle ledgers
//   3: bench_results.cpu_puzzles_per_s, the throughput per CPU-second
//   4: bench_results.instructions_per_puzzle (bench --instructions)
inline constexpr int kHistorySchemaVersion = 4;

// What bench_meta's "application" holds in every history, so that another
// program's database is never taken for one.
inline constexpr std::string_view kHistoryApplication = "sudoku-bench history";

// One report to record: its rows, and what they are keyed by.
struct NewRun {
  std::string report;         // the path given, for people
  std::string report_sha256;  // of the file: the same report is kept once
  std::string commit;         // the report's git_revision, or --commit
  std::string branch;         // --branch; "" when none was given
  std::string testbed;        // --testbed; "" when none was given
  std::vector<ReportEntry> entries;
  // Per entry (the same index), its ledger when --per-puzzle gave one.
  std::vector<std::optional<std::vector<LedgerEntry>>> ledgers;
};

struct AddResult {
  bool added = false;  // false: recorded before, as `run`
  int64_t run = 0;
  std::string commit;  // of the recorded run
  size_t rows = 0;
  size_t ledger_bytes = 0, ledger_puzzles = 0;
};

struct StoredResult {
  int64_t id = 0;
  ReportEntry entry;  // every column of the report, the manifest included
  bool has_ledger = false;
};

struct StoredRun {
  int64_t id = 0;
  std::string report, report_sha256;
  std::string commit, branch, testbed;
  std::string date;   // the run's own date (the manifest's), UTC ISO 8601
  std::string added;  // when it was recorded, UTC ISO 8601
  std::vector<StoredResult> results;
};

// Which rows to read; empty fields select all.
struct RunFilter {
  std::string dataset, strategy, branch;
};

class HistoryStore {
 public:
  // Opens the history at `where` (a file path, or a postgresql:// URL).
  // With `write` (to add), a missing file or an empty database becomes a
  // new history and an older schema is migrated forward; without, it is
  // opened read-only (a file on a read-only path reads), never changed, and
  // an older schema is read as it is. A database of another program, a
  // damaged file or one of a newer schema is refused (HistoryError) before
  // anything is read from it or written to it.
  static HistoryStore Open(const std::string& where, bool write,
                           double lock_timeout_s);
  explicit HistoryStore(std::unique_ptr<SqlConnection> db, bool write);

  SqlConnection& db() { return *db_; }
  const std::string& where() const { return db_->where(); }
  // The schema version of the database (older ones are read as they are).
  int version() const { return version_; }

  // Records every run in one transaction: all of them, or (on any error, a
  // kill, a full disk) none. A report recorded before is not recorded again.
  std::vector<AddResult> Add(std::span<const NewRun> runs);

  // The stored runs whose rows match `filter`, each with those rows, in the
  // order they were recorded.
  std::vector<StoredRun> Runs(const RunFilter& filter);

  // The ledger of one stored row; empty when it has none.
  std::vector<LedgerEntry> Ledger(int64_t result_id);

 private:
  std::unique_ptr<SqlConnection> db_;
  int version_ = 0;
};

// The schema version of the history in `db` (0: none yet); refuses a
// database that holds another program's tables. Call inside a transaction.
int HistorySchemaVersion(SqlConnection& db);

// Creates or brings forward the tables in `db` to `version`, in one write
// transaction. Tests use it to make a database of an older version.
void MigrateHistory(SqlConnection& db, int version);

// Puzzles per CPU-second of a report row, as the store records it beside
// puzzles_per_s: CpuPuzzlesPerSecond (engine/report/report.h), the solves'
// thread CPU time where the report has it, else its share of the pass's
// process CPU time; 0 when the row has no CPU time. A series is judged by
// one of the two for all its points (BuildSeries).
double CpuThroughput(const ReportRow& row);

// The CSV header and fields a row is stored as: the current schema's
// columns, written by the CSV writer, so that the CSV reader reads it back
// (and an older row reads with a newer schema's if_absent values).
std::string StoredHeader();
std::string StoredFields(const ReportEntry& entry);

}  // namespace sudoku
