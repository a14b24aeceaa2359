// The history's SQLite back end: one file, written through the write-ahead
// log, writers taking turns under a busy timeout.
#include <sqlite3.h>
#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "engine/history/sql_connection.h"

namespace sudoku {
namespace {

struct StatementCloser {
  void operator()(sqlite3_stmt* statement) const {
    sqlite3_finalize(statement);
  }
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementCloser>;

class SqliteConnection : public SqlConnection {
 public:
  SqliteConnection(std::string path, sqlite3* db, double lock_timeout_s)
      : path_(std::move(path)), db_(db), lock_timeout_s_(lock_timeout_s) {}
  ~SqliteConnection() override { sqlite3_close_v2(db_); }

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }
  const std::string& where() const override { return path_; }
  sqlite3* handle() const { return db_; }

  std::vector<SqlRow> Query(const std::string& sql,
                            std::span<const SqlValue> params) override {
    sqlite3_stmt* raw = nullptr;
    Check(sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr));
    Statement statement(raw);
    for (size_t i = 0; i < params.size(); ++i) {
      const std::string name = "$" + std::to_string(i + 1);
      const int index = sqlite3_bind_parameter_index(raw, name.c_str());
      if (index == 0) continue;
      Check(Bind(raw, index, params[i]));
    }
    std::vector<SqlRow> rows;
    while (true) {
      const int code = sqlite3_step(raw);
      if (code == SQLITE_DONE) break;
      if (code != SQLITE_ROW) Check(code);
      SqlRow row;
      for (int c = 0; c < sqlite3_column_count(raw); ++c) {
        row.push_back(Column(raw, c));
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

  void BeginWrite() override {
    // The journal mode is set here, after the store has seen the file is its
    // own: switching another program's database to WAL would change it.
    if (!wal_) {
      SetWalMode();
      wal_ = true;
    }
    // IMMEDIATE takes the write lock now, waiting under the busy timeout; a
    // deferred transaction that reads first could only fail later, when it
    // tries to write.
    Query("BEGIN IMMEDIATE", {});
  }
  void BeginRead() override { Query("BEGIN", {}); }
  void Commit() override { Query("COMMIT", {}); }
  void Rollback() noexcept override {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

  std::vector<std::string> Tables() override {
    std::vector<std::string> names;
    for (const SqlRow& row :
         Query("SELECT name FROM sqlite_schema WHERE type = 'table' "
               "ORDER BY name",
               {})) {
      names.push_back(AsText(row[0]));
    }
    return names;
  }

  void CheckIntegrity() override {
    const std::vector<SqlRow> rows = Query("PRAGMA quick_check", {});
    if (rows.size() == 1 && AsText(rows[0][0]) == "ok") return;
    std::string first = rows.empty() ? "no answer" : AsText(rows[0][0]);
    throw HistoryError(path_ + " is damaged (" + first +
                       "); restore it from a copy or move it away. "
                       "Nothing was written to it.");
  }

 private:
  static int Bind(sqlite3_stmt* statement, int index, const SqlValue& value) {
    switch (value.index()) {
      case 0:
        return sqlite3_bind_null(statement, index);
      case 1:
        return sqlite3_bind_int64(statement, index, std::get<int64_t>(value));
      case 2:
        return sqlite3_bind_double(statement, index, std::get<double>(value));
      case 3: {
        const std::string& text = std::get<std::string>(value);
        return sqlite3_bind_text(statement, index, text.data(),
                                 static_cast<int>(text.size()),
                                 SQLITE_TRANSIENT);
      }
      default: {
        const SqlBlob& blob = std::get<SqlBlob>(value);
        return sqlite3_bind_blob(statement, index, blob.data(),
                                 static_cast<int>(blob.size()),
                                 SQLITE_TRANSIENT);
      }
    }
  }

  static SqlValue Column(sqlite3_stmt* statement, int c) {
    switch (sqlite3_column_type(statement, c)) {
      case SQLITE_INTEGER:
        return static_cast<int64_t>(sqlite3_column_int64(statement, c));
      case SQLITE_FLOAT:
        return sqlite3_column_double(statement, c);
      case SQLITE_TEXT:
        return std::string(
            reinterpret_cast<const char*>(sqlite3_column_text(statement, c)),
            sqlite3_column_bytes(statement, c));
      case SQLITE_BLOB: {
        const auto* data =
            static_cast<const uint8_t*>(sqlite3_column_blob(statement, c));
        return SqlBlob(data, data + sqlite3_column_bytes(statement, c));
      }
      default:
        return nullptr;
    }
  }

  // SQLite answers a journal-mode switch that meets another connection's
  // lock with SQLITE_BUSY at once, without the busy handler (two first adds
  // to a new file at the same moment); so it is retried here, up to the same
  // lock timeout.
  void SetWalMode() {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration<double>(lock_timeout_s_);
    while (true) {
      const int code = sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr,
                                    nullptr, nullptr);
      if ((code & 0xff) != SQLITE_BUSY ||
          std::chrono::steady_clock::now() >= deadline) {
        Check(code);
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  // Turns an SQLite result code into a HistoryError a person can act on.
  void Check(int code) const {
    if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
    const std::string detail = sqlite3_errmsg(db_);
    switch (code & 0xff) {
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
        throw LockedError(path_, lock_timeout_s_);
      case SQLITE_NOTADB:
        throw HistoryError(path_ + " is not an SQLite database (" + detail +
                           "); not a bench history, so it is left as it is");
      case SQLITE_CORRUPT:
        throw HistoryError(path_ + " is damaged (" + detail +
                           "); restore it from a copy or move it away. "
                           "Nothing was written to it.");
      case SQLITE_FULL:
        throw HistoryError("cannot write " + path_ + ": the disk is full (" +
                           detail + "); nothing of this add was kept");
      case SQLITE_IOERR:
        throw HistoryError("cannot write " + path_ + " (" + detail +
                           "); nothing of this add was kept");
      default:
        throw HistoryError(path_ + ": " + detail);
    }
  }

  std::string path_;
  sqlite3* db_;
  double lock_timeout_s_;
  bool wal_ = false;
};

}  // namespace

namespace {

// `path` as an SQLite URI ("file:PATH?QUERY"): the characters a URI gives a
// meaning escaped.
std::string FileUri(const std::string& path, const std::string& query) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char escaped[4];
      std::snprintf(escaped, sizeof(escaped), "%%%02x",
                    static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?" + query;
}

// Opens `path` with `flags` (a URI when SQLITE_OPEN_URI is among them); the
// connection, or null and why not in `error`.
std::unique_ptr<SqliteConnection> Connect(const std::string& path,
                                          const std::string& name, int flags,
                                          double lock_timeout_s,
                                          std::string& error) {
  sqlite3* db = nullptr;
  const int code = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (code != SQLITE_OK) {
    error = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    sqlite3_close_v2(db);
    return nullptr;
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, static_cast<int>(lock_timeout_s * 1000));
  return std::make_unique<SqliteConnection>(name, db, lock_timeout_s);
}

// The first read of a file opened read-only: what SQLite says when the
// write-ahead log's index cannot be made beside it (a read-only folder);
// SQLITE_OK when it reads.
int FirstRead(sqlite3* db) {
  return sqlite3_exec(db, "PRAGMA schema_version", nullptr, nullptr, nullptr);
}

}  // namespace

std::unique_ptr<SqlConnection> OpenSqlite(const std::string& path,
                                          SqlAccess access,
                                          double lock_timeout_s) {
  struct stat info;
  const bool exists = stat(path.c_str(), &info) == 0;
  if (!exists && access != SqlAccess::kCreate) {
    throw HistoryError("no history at " + path +
                       " (bench history add creates it; --db names another)");
  }
  if (exists && !S_ISREG(info.st_mode)) {
    throw HistoryError(path + " is not a file");
  }
  std::string error;
  std::unique_ptr<SqliteConnection> connection;
  if (access == SqlAccess::kReadOnly) {
    const int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
    connection =
        Connect(FileUri(path, "mode=ro"), path, flags, lock_timeout_s, error);
    if (connection != nullptr) {
      const int code = FirstRead(connection->handle());
      if ((code & 0xff) == SQLITE_READONLY ||
          (code & 0xff) == SQLITE_CANTOPEN) {
        // Nothing can be made beside the file, nor can anyone write to it:
        // read it as it stands, without locks.
        connection = Connect(FileUri(path, "mode=ro&immutable=1"), path, flags,
                             lock_timeout_s, error);
      }
    }
  } else {
    const int flags = SQLITE_OPEN_READWRITE |
                      (access == SqlAccess::kCreate ? SQLITE_OPEN_CREATE : 0);
    connection = Connect(path, path, flags, lock_timeout_s, error);
  }
  if (connection == nullptr) {
    throw HistoryError("cannot open " + path + " (" + error + ")");
  }
  // Reads the header now, so that a file of another kind is refused here.
  connection->Query("PRAGMA schema_version", {});
  return connection;
}

}  // namespace sudoku
