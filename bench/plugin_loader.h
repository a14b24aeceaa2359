// Loads strategy plugins (bench --plugin): dlopen, check the C ABI table, and
// make each strategy an ordinary Strategy row.
#pragma once

#include <deque>
#include <span>
#include <string>
#include <vector>

#include "strategies/strategy.h"

struct sudoku_strategy;

namespace sudoku {

// What "where it came from" says of a strategy compiled into bench.
inline constexpr std::string_view kBuiltIn = "built in";

// The strategies of every plugin loaded, in load order. A library, once
// loaded, stays loaded until the process ends: worker threads free their
// per-thread plugin state when they end, which may be after main returns.
class PluginLoader {
 public:
  // Loads the library at `path`, checks its table against the ABI and its
  // names against `builtins` and every strategy loaded before. False, with
  // `error` set to a message naming the file, when the plugin is refused;
  // then none of its strategies is added.
  bool Load(const std::string& path, std::span<const Strategy> builtins,
            std::string& error);

  // Rows for the engine; stable until the next Load.
  std::span<const Strategy> strategies() const { return rows_; }

  // One loaded strategy: the context its row hands the trampoline.
  struct Loaded {
    const sudoku_strategy* descriptor;
    size_t slot;  // index of its state in each thread's state table
  };

 private:
  std::deque<std::string> origins_;  // each plugin's path, as given
  std::deque<Loaded> loaded_;        // stable addresses: rows point here
  std::vector<Strategy> rows_;
};

}  // namespace sudoku
