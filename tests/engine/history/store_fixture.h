// What the store's tests share: the two back ends as a test parameter, a
// fresh database of either per test, runs made from the committed baseline
// report.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/history/history_store.h"
#include "tests/engine/history/postgres_server.h"
#include "tests/fixtures.h"

namespace sudoku::testing {

enum class Backend { kSqlite, kPostgres };

// The committed regression baseline: a real report of every strategy.
inline std::vector<ReportEntry> BaselineEntries() {
  return ReadCsvReportFile(std::string(SUDOKU_SOURCE_DIR) +
                           "/bench/baseline/regression.csv");
}

inline NewRun MakeRun(const std::string& commit, const std::string& sha,
                      size_t copies = 1) {
  NewRun run{"report-" + commit + ".csv", sha, commit, "main", "ci", {}, {}};
  const std::vector<ReportEntry> base = BaselineEntries();
  for (size_t c = 0; c < copies; ++c) {
    for (ReportEntry entry : base) {
      if (c > 0) entry.row.strategy += "-" + std::to_string(c);
      entry.manifest.git_revision = commit;
      run.entries.push_back(entry);
    }
  }
  return run;
}

// A ledger of `lines` puzzles, nodes varying.
inline std::vector<LedgerEntry> MakeLedger(size_t lines) {
  std::vector<LedgerEntry> ledger;
  for (size_t i = 0; i < lines; ++i) {
    ledger.push_back({2 + i,
                      i % 7 == 0 ? Verdict::kOverBudget : Verdict::kSolved,
                      (i * 7919) % 3000});
  }
  return ledger;
}

// The message of the HistoryError that `work` throws ("" when none).
template <typename Work>
std::string ErrorOf(Work work) {
  try {
    work();
  } catch (const HistoryError& error) {
    return error.what();
  }
  return "";
}

class HistoryStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    const std::string name =
        ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::string stem = "h_" + name.substr(0, name.find('/'));
    for (char& c : stem) c = std::isalnum(c) ? std::tolower(c) : '_';
    if (GetParam() == Backend::kSqlite) {
      where_ = TempPath(stem + ".sqlite");
      for (const char* suffix : {"", "-wal", "-shm"}) {
        std::filesystem::remove(where_ + suffix);
      }
      return;
    }
    PostgresServer& server = PostgresServer::Get();
    ASSERT_TRUE(server.running()) << server.error();
    where_ = server.NewDatabase(stem);
  }

  HistoryStore Open(double lock_timeout_s = 10) {
    return HistoryStore::Open(where_, true, lock_timeout_s);
  }
  size_t RunCount() {
    return HistoryStore::Open(where_, false, 10).Runs({}).size();
  }
  bool Sqlite() const { return GetParam() == Backend::kSqlite; }

  std::string where_;
};

// The names the parameterized suites give the back ends.
inline std::string BackendName(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::kSqlite ? "Sqlite" : "Postgres";
}

}  // namespace sudoku::testing
