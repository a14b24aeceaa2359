// The one seam between the history store and its databases: a connection
// that runs parameterized SQL in transactions, with an SQLite and a
// PostgreSQL (libpq) implementation.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace sudoku {

// Anything the history cannot do, said so that a person can act on it: the
// file or server named, and why. bench exits 2 on it.
class HistoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using SqlBlob = std::vector<uint8_t>;
using SqlValue =
    std::variant<std::nullptr_t, int64_t, double, std::string, SqlBlob>;
using SqlRow = std::vector<SqlValue>;

int64_t AsInteger(const SqlValue& value);
double AsReal(const SqlValue& value);
std::string AsText(const SqlValue& value);
const SqlBlob& AsBlob(const SqlValue& value);

// Where the two databases' SQL differs, the store writes {id} and {blob}
// and the connection says what they are.
enum class SqlDialect { kSqlite, kPostgres };

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  virtual SqlDialect dialect() const = 0;
  // The database as a person names it: the file, or the URL without its
  // password.
  virtual const std::string& where() const = 0;
  // Runs one statement with `params` bound to $1, $2, ... and returns its
  // rows. Throws HistoryError.
  virtual std::vector<SqlRow> Query(const std::string& sql,
                                    std::span<const SqlValue> params = {}) = 0;
  // Starts a transaction that writes. Writers take turns: one waits for the
  // other up to the lock timeout, then this throws HistoryError saying the
  // database is locked.
  virtual void BeginWrite() = 0;
  // Starts a transaction that only reads, over one consistent snapshot.
  virtual void BeginRead() = 0;
  virtual void Commit() = 0;
  // Undoes the transaction; never throws (it runs while an error unwinds).
  virtual void Rollback() noexcept = 0;
  // The tables of the database (SQLite) or of its current schema (PostgreSQL).
  virtual std::vector<std::string> Tables() = 0;
  // Reads every page of an SQLite file and throws HistoryError when one is
  // damaged, so that nothing is written into a broken file; a PostgreSQL
  // server keeps its own pages whole.
  virtual void CheckIntegrity() = 0;
};

// What either back end says when another writer held the lock too long.
HistoryError LockedError(const std::string& where, double waited_s);

// True when `where` names a PostgreSQL database (postgresql:// or
// postgres://) rather than an SQLite file.
bool IsPostgresUrl(const std::string& where);

// How a connection may use its database.
enum class SqlAccess {
  kWrite,     // read and write; a missing SQLite file is an error
  kCreate,    // read and write; a missing SQLite file is made
  kReadOnly,  // read only, and nothing written beside it: a file on a
              // read-only path (a CI cache restored read-only) reads too
};

// Opens the SQLite file at `path`. A missing file is an error unless
// `access` is kCreate. A file that is not an SQLite database is refused
// before anything is written to it. Writes go through the write-ahead log.
// kReadOnly opens the file read-only; where the write-ahead log's index
// cannot be made beside it (a read-only folder), it opens it as immutable
// (SQLite's immutable=1: no locks, no index), which only a path nobody can
// write to allows safely.
std::unique_ptr<SqlConnection> OpenSqlite(const std::string& path,
                                          SqlAccess access,
                                          double lock_timeout_s);

// Connects to the PostgreSQL database at `url` (libpq's URI syntax); with
// kReadOnly every transaction is read-only.
std::unique_ptr<SqlConnection> OpenPostgres(
    const std::string& url, double lock_timeout_s,
    SqlAccess access = SqlAccess::kWrite);

// Either, by the form of `where`. `create` is kCreate, else kWrite.
std::unique_ptr<SqlConnection> OpenSqlConnection(const std::string& where,
                                                 bool create,
                                                 double lock_timeout_s);
std::unique_ptr<SqlConnection> OpenSqlConnection(const std::string& where,
                                                 SqlAccess access,
                                                 double lock_timeout_s);

// Runs `work` inside a transaction begun by `begin` (BeginWrite or
// BeginRead), committing when it returns and rolling back when it throws.
template <typename Work>
auto InTransaction(SqlConnection& db, bool write, Work work) {
  write ? db.BeginWrite() : db.BeginRead();
  try {
    if constexpr (std::is_void_v<decltype(work())>) {
      work();
      db.Commit();
    } else {
      auto result = work();
      db.Commit();
      return result;
    }
  } catch (...) {
    db.Rollback();
    throw;
  }
}

}  // namespace sudoku
