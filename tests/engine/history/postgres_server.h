// A PostgreSQL server from Debian's packages for the history tests: a fresh
// cluster in a temporary folder, listening on a Unix socket there only,
// stopped when the test process ends.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/history/sql_connection.h"

namespace sudoku::testing {

class PostgresServer {
 public:
  // The one server of this test process, started on first use.
  static PostgresServer& Get() {
    static PostgresServer server;
    return server;
  }

  bool running() const { return running_; }
  // Why it is not running.
  const std::string& error() const { return error_; }

  // The URL of a new, empty database on the server.
  std::string NewDatabase(const std::string& name) {
    OpenPostgres(Url("postgres"), 10)->Query("CREATE DATABASE " + name, {});
    return Url(name);
  }

  std::string Url(const std::string& database) const {
    return "postgresql:///" + database + "?host=" + dir_ + "&user=postgres";
  }

  ~PostgresServer() {
    // Only the process that started it stops it: a forked test child that
    // ends with exit() must not.
    if (running_ && getpid() == owner_) {
      Run(bin_ + "/pg_ctl -D " + dir_ +
          "/data -m fast -w stop >/dev/null 2>&1");
    }
    // A server that would not start leaves its folder, and the logs in it.
    if (getpid() == owner_ && !dir_.empty() && error_.empty()) {
      std::error_code ignored;
      std::filesystem::remove_all(dir_, ignored);
    }
  }

 private:
  PostgresServer() : owner_(getpid()) {
    bin_ = Binaries();
    if (bin_.empty()) {
      error_ =
          "no /usr/lib/postgresql/*/bin/initdb (Debian's postgresql "
          "package; bash tools/setup.sh installs it)";
      return;
    }
    char pattern[] = "/tmp/sudoku-pg-XXXXXX";
    if (mkdtemp(pattern) == nullptr) {
      error_ = "cannot make a temporary folder";
      return;
    }
    dir_ = pattern;
    // initdb refuses to run as root: then the cluster is the postgres
    // user's, who owns the folder (Debian's package creates that user).
    if (geteuid() == 0) {
      if (Run("chown postgres: " + dir_) != 0) {
        error_ = "cannot give " + dir_ + " to the postgres user";
        return;
      }
      as_ = "runuser -u postgres -- ";
    }
    if (Run(bin_ + "/initdb -D " + dir_ + "/data -A trust -U postgres " +
            "-E UTF8 --locale=C --no-sync >" + dir_ + "/initdb.log 2>&1") !=
        0) {
      error_ = "initdb failed (see " + dir_ + "/initdb.log)";
      return;
    }
    // No TCP: the socket in the folder is the only way in, so concurrent
    // test processes never meet. fsync off: the tests kill clients, never
    // the server.
    if (Run(bin_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ +
            "/server.log -o \"-k " + dir_ +
            " -c listen_addresses='' -c fsync=off\" -w start >" + dir_ +
            "/pg_ctl.log 2>&1") != 0) {
      error_ = "pg_ctl start failed (see " + dir_ + "/pg_ctl.log and " + dir_ +
               "/server.log)";
      return;
    }
    running_ = true;
  }

  int Run(const std::string& command) const {
    return std::system((as_ + command).c_str());
  }

  // The newest installed server's bin folder ("" when none).
  static std::string Binaries() {
    std::string best;
    int best_version = 0;
    std::error_code ignored;
    for (const auto& entry :
         std::filesystem::directory_iterator("/usr/lib/postgresql", ignored)) {
      const std::string bin = entry.path().string() + "/bin";
      const int version = std::atoi(entry.path().filename().c_str());
      if (std::filesystem::exists(bin + "/initdb") && version > best_version) {
        best = bin;
        best_version = version;
      }
    }
    return best;
  }

  pid_t owner_;
  std::string bin_, dir_, as_, error_;
  bool running_ = false;
};

}  // namespace sudoku::testing
