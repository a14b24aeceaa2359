// One rule for the text both back ends store, checked before either is
// asked: UTF-8 without NUL bytes (what PostgreSQL's text holds). SQLite would
// record what PostgreSQL refuses with its own raw error; both now refuse it
// alike, naming the report's line, and record nothing of the run.
#include <gtest/gtest.h>

#include <string>

#include "engine/history/history_store.h"
#include "tests/engine/history/store_fixture.h"

namespace sudoku {
namespace {

using testing::Backend;
using testing::ErrorOf;
using testing::HistoryStoreTest;
using testing::MakeRun;

class HistoryTextTest : public HistoryStoreTest {
 protected:
  // The refusal of `run`, having checked that nothing of it was recorded.
  std::string Refusal(const NewRun& run) {
    HistoryStore store = Open();
    const std::string error =
        ErrorOf([&] { store.Add(std::span(&run, 1)); });
    EXPECT_TRUE(store.Runs({}).empty());
    return error;
  }
};

TEST_P(HistoryTextTest, ANulByteInANameIsRefusedNamingTheLine) {
  NewRun run = MakeRun("a1b2c3d", "sha-nul");
  run.entries[2].row.dataset = std::string("a\0b.txt", 7);
  EXPECT_EQ(Refusal(run),
            "report-a1b2c3d.csv:" + std::to_string(run.entries[2].line) +
                ": dataset holds a NUL byte; the history stores UTF-8 text "
                "without NUL bytes (as PostgreSQL does)");
}

TEST_P(HistoryTextTest, ANameThatIsNotUtf8IsRefusedNamingTheLine) {
  NewRun run = MakeRun("a1b2c3d", "sha-latin1");
  run.entries[1].row.strategy = "caf\xe9";  // Latin-1, as a file name may be
  EXPECT_EQ(Refusal(run),
            "report-a1b2c3d.csv:" + std::to_string(run.entries[1].line) +
                ": strategy is not UTF-8 text; the history stores UTF-8 text "
                "without NUL bytes (as PostgreSQL does)");
}

TEST_P(HistoryTextTest, ALabelThatIsNotUtf8IsRefused) {
  NewRun run = MakeRun("a1b2c3d", "sha-branch");
  run.branch = "caf\xe9";
  EXPECT_EQ(Refusal(run),
            "report-a1b2c3d.csv: the branch is not UTF-8 text; the history "
            "stores UTF-8 text without NUL bytes (as PostgreSQL does)");
}

// What may be stored is stored alike: UTF-8 beyond ASCII, control
// characters in a file's name (console output escapes them).
TEST_P(HistoryTextTest, Utf8AndControlCharactersInNamesAreStored) {
  NewRun run = MakeRun("a1b2c3d", "sha-utf8");
  run.entries[0].row.dataset = "caf\xc3\xa9\n\x1b[2J.txt";
  HistoryStore store = Open();
  ASSERT_TRUE(store.Add(std::span(&run, 1))[0].added);
  RunFilter filter;
  filter.dataset = run.entries[0].row.dataset;
  ASSERT_EQ(store.Runs(filter).size(), 1u);
  EXPECT_EQ(store.Runs(filter)[0].results[0].entry.row.dataset,
            run.entries[0].row.dataset);
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryTextTest,
                         ::testing::Values(Backend::kSqlite,
                                           Backend::kPostgres),
                         testing::BackendName);

}  // namespace
}  // namespace sudoku
