// The history's PostgreSQL back end (libpq): the same store on a server, for
// CI that runs on many machines; writers take turns on an advisory lock.
#include <libpq-fe.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>

#include "engine/history/sql_connection.h"

namespace sudoku {
namespace {

// Every writer of a history takes this transaction-level advisory lock
// first, so that two adds (or two first adds creating the tables) never
// interleave: the key is "SDBK", the store's name in four letters.
constexpr int64_t kWriterLock = 0x5344424b;

// PostgreSQL's type numbers (pg_type.oid) of the columns the store reads.
constexpr Oid kBoolOid = 16, kByteaOid = 17, kInt8Oid = 20, kInt2Oid = 21,
              kInt4Oid = 23, kFloat4Oid = 700, kFloat8Oid = 701,
              kNumericOid = 1700;

struct ResultCloser {
  void operator()(PGresult* result) const { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultCloser>;

// The URL as messages show it: any password replaced.
std::string Redacted(const std::string& url) {
  static const std::regex password(R"(^([a-z]+://[^:/@]*):[^@/]*@)");
  return std::regex_replace(url, password, "$1:***@");
}

SqlBlob FromHex(const char* text, size_t length) {
  // bytea's text form: \x then two hex digits per byte.
  SqlBlob bytes;
  const auto digit = [](char c) {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
  };
  for (size_t i = 2; i + 1 < length; i += 2) {
    bytes.push_back(
        static_cast<uint8_t>(digit(text[i]) * 16 + digit(text[i + 1])));
  }
  return bytes;
}

class PostgresConnection : public SqlConnection {
 public:
  PostgresConnection(std::string where, PGconn* db, double lock_timeout_s)
      : where_(std::move(where)), db_(db), lock_timeout_s_(lock_timeout_s) {}
  ~PostgresConnection() override { PQfinish(db_); }

  SqlDialect dialect() const override { return SqlDialect::kPostgres; }
  const std::string& where() const override { return where_; }

  std::vector<SqlRow> Query(const std::string& sql,
                            std::span<const SqlValue> params) override {
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size());
    std::vector<int> lengths(params.size()), formats(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
      const SqlValue& value = params[i];
      if (std::holds_alternative<std::nullptr_t>(value)) {
        values[i] = nullptr;
        continue;
      }
      if (const auto* blob = std::get_if<SqlBlob>(&value)) {
        // Binary format: the bytes as they are.
        values[i] = reinterpret_cast<const char*>(blob->data());
        lengths[i] = static_cast<int>(blob->size());
        formats[i] = 1;
        continue;
      }
      if (const auto* real = std::get_if<double>(&value)) {
        char buffer[40];
        std::snprintf(buffer, sizeof(buffer), "%.17g", *real);
        texts[i] = buffer;
      } else if (const auto* integer = std::get_if<int64_t>(&value)) {
        texts[i] = std::to_string(*integer);
      } else {
        texts[i] = std::get<std::string>(value);
      }
      values[i] = texts[i].c_str();
    }
    Result result(
        PQexecParams(db_, sql.c_str(), static_cast<int>(params.size()), nullptr,
                     values.data(), lengths.data(), formats.data(), 0));
    const ExecStatusType status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      Fail(result.get());
    }
    std::vector<SqlRow> rows;
    for (int r = 0; r < PQntuples(result.get()); ++r) {
      SqlRow row;
      for (int c = 0; c < PQnfields(result.get()); ++c) {
        row.push_back(Value(result.get(), r, c));
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

  void BeginWrite() override {
    Query("BEGIN", {});
    const SqlValue key = kWriterLock;
    try {
      Query("SELECT pg_advisory_xact_lock($1)", std::span(&key, 1));
    } catch (...) {
      // Waited in vain: the transaction is over before it began.
      Rollback();
      throw;
    }
  }
  void BeginRead() override {
    Query("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", {});
  }
  void Commit() override { Query("COMMIT", {}); }
  void Rollback() noexcept override { PQclear(PQexec(db_, "ROLLBACK")); }

  std::vector<std::string> Tables() override {
    std::vector<std::string> names;
    for (const SqlRow& row :
         Query("SELECT tablename::text FROM pg_tables "
               "WHERE schemaname = current_schema() ORDER BY tablename",
               {})) {
      names.push_back(AsText(row[0]));
    }
    return names;
  }

  void CheckIntegrity() override {}

 private:
  static SqlValue Value(const PGresult* result, int r, int c) {
    if (PQgetisnull(result, r, c)) return nullptr;
    const char* text = PQgetvalue(result, r, c);
    const size_t length = PQgetlength(result, r, c);
    switch (PQftype(result, c)) {
      case kInt2Oid:
      case kInt4Oid:
      case kInt8Oid:
        return static_cast<int64_t>(std::strtoll(text, nullptr, 10));
      case kFloat4Oid:
      case kFloat8Oid:
      case kNumericOid:
        return std::strtod(text, nullptr);
      case kBoolOid:
        return static_cast<int64_t>(text[0] == 't');
      case kByteaOid:
        return FromHex(text, length);
      default:
        return std::string(text, length);
    }
  }

  [[noreturn]] void Fail(const PGresult* result) const {
    const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    std::string detail = PQresultErrorMessage(result);
    while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' '))
      detail.pop_back();
    if (state != nullptr && std::string(state) == "55P03") {
      throw LockedError(where_, lock_timeout_s_);
    }
    throw HistoryError(where_ + ": " + detail);
  }

  std::string where_;
  PGconn* db_;
  double lock_timeout_s_;
};

}  // namespace

std::unique_ptr<SqlConnection> OpenPostgres(const std::string& url,
                                            double lock_timeout_s,
                                            SqlAccess access) {
  const std::string where = Redacted(url);
  PGconn* db = PQconnectdb(url.c_str());
  if (PQstatus(db) != CONNECTION_OK) {
    std::string detail = PQerrorMessage(db);
    while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' '))
      detail.pop_back();
    PQfinish(db);
    throw HistoryError("cannot connect to " + where + ": " + detail);
  }
  // The server's notices (a table that already exists, ...) are not for
  // bench's users.
  PQsetNoticeProcessor(
      db, [](void*, const char*) {}, nullptr);
  auto connection =
      std::make_unique<PostgresConnection>(where, db, lock_timeout_s);
  // lock_timeout bounds every wait for a lock, the writers' advisory lock
  // included; the server then answers 55P03 (lock_not_available). Its 0
  // would mean no bound, so the least is 1 ms.
  connection->Query(
      "SET lock_timeout = " + std::to_string(static_cast<int64_t>(std::max(
                                  1.0, std::round(lock_timeout_s * 1000)))),
      {});
  if (access == SqlAccess::kReadOnly) {
    // A reading command writes nothing, whatever the server would allow.
    connection->Query("SET default_transaction_read_only = on", {});
  }
  return connection;
}

}  // namespace sudoku
