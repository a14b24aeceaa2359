// Process strategies (bench --exec NAME='COMMAND'): a command in any language,
// started once per worker thread, that answers one puzzle per line; each is
// made an ordinary Strategy row.
#pragma once

#include <deque>
#include <span>
#include <string>
#include <vector>

#include "strategies/strategy.h"

namespace sudoku {

// What a process strategy's `origin` starts with, before its command.
inline constexpr std::string_view kExecOrigin = "exec: ";

// The process strategies of one bench run, in the order given. The line
// protocol they speak is specified in docs/process-protocol.md.
class ProcessStrategies {
 public:
  // One process strategy: the context its row hands the solve function.
  struct Spec {
    std::string name;
    std::string command;  // run as /bin/sh -c COMMAND
    std::string origin;   // kExecOrigin + command
    // The SHA-256 of the file the command's first word names (searched in
    // PATH when it has no '/'), so a rebuilt executable shows in reports;
    // empty when the word names no regular file.
    std::string sha256;
    double timeout_s;     // longest wait for one answer
    size_t slot;          // index of its process in each thread's table
  };

  // Adds `spec`, NAME=COMMAND, whose process gets `timeout_s` seconds per
  // puzzle. False, with `error` naming the --exec argument, when the
  // argument is malformed or NAME is empty, reserved or already one of
  // `taken` or of the process strategies added before.
  bool Add(const std::string& spec, double timeout_s,
           std::span<const Strategy* const> taken, std::string& error);

  // bench --isolate: `loaded`, a plugin's strategy, served by `command` in a
  // process per thread. The row keeps the plugin's name, promises and build
  // (origin, SHA-256, build description); a crash is then one puzzle's
  // error, and the thread's next puzzle starts a fresh process.
  void AddServed(const Strategy& loaded, const std::string& command,
                 double timeout_s);

  // Rows for the engine; stable until the next Add.
  std::span<const Strategy> strategies() const { return rows_; }

 private:
  // The row every process strategy gets, pointing at `spec`.
  Strategy RowFor(const Spec& spec) const;

  std::deque<Spec> specs_;  // stable addresses: rows point here
  std::vector<Strategy> rows_;
};

// True for a row made by ProcessStrategies: its time per puzzle is a round
// trip to another process.
bool IsProcessStrategy(const Strategy& strategy);

// The console's footnote when some of `strategies` are process strategies
// (what their time per puzzle measures); empty when none is.
std::string RoundTripNote(std::span<const Strategy* const> strategies);

}  // namespace sudoku
