// The values a history query returns, and the choice of back end by the form
// of --db.
#include "engine/history/sql_connection.h"

#include <cmath>
#include <cstdio>

namespace sudoku {

int64_t AsInteger(const SqlValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return *integer;
  if (const auto* real = std::get_if<double>(&value)) {
    return static_cast<int64_t>(std::llround(*real));
  }
  if (const auto* text = std::get_if<std::string>(&value)) {
    return std::stoll(*text);
  }
  return 0;
}

double AsReal(const SqlValue& value) {
  if (const auto* real = std::get_if<double>(&value)) return *real;
  if (const auto* integer = std::get_if<int64_t>(&value)) {
    return static_cast<double>(*integer);
  }
  if (const auto* text = std::get_if<std::string>(&value)) {
    return std::stod(*text);
  }
  return 0;
}

std::string AsText(const SqlValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  if (const auto* integer = std::get_if<int64_t>(&value)) {
    return std::to_string(*integer);
  }
  return "";
}

const SqlBlob& AsBlob(const SqlValue& value) {
  static const SqlBlob kEmpty;
  const auto* blob = std::get_if<SqlBlob>(&value);
  return blob ? *blob : kEmpty;
}

HistoryError LockedError(const std::string& where, double waited_s) {
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%g", waited_s);
  return HistoryError(where +
                      " is locked: another program is writing to it (waited " +
                      seconds + " s; --lock-timeout waits longer)");
}

bool IsPostgresUrl(const std::string& where) {
  return where.starts_with("postgresql://") || where.starts_with("postgres://");
}

std::unique_ptr<SqlConnection> OpenSqlConnection(const std::string& where,
                                                 SqlAccess access,
                                                 double lock_timeout_s) {
  if (IsPostgresUrl(where)) return OpenPostgres(where, lock_timeout_s, access);
  return OpenSqlite(where, access, lock_timeout_s);
}

std::unique_ptr<SqlConnection> OpenSqlConnection(const std::string& where,
                                                 bool create,
                                                 double lock_timeout_s) {
  return OpenSqlConnection(
      where, create ? SqlAccess::kCreate : SqlAccess::kWrite, lock_timeout_s);
}

}  // namespace sudoku
