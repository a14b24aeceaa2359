// Loads strategy plugins (bench --plugin): dlopen, check the C ABI table, and
// make each strategy an ordinary Strategy row.
#pragma once

#include <deque>
#include <span>
#include <string>
#include <vector>

#include "strategies/strategy.h"

struct sudoku_strategy;
struct sudoku_strategy_table;

namespace sudoku {

// What "where it came from" says of a strategy compiled into bench.
inline constexpr std::string_view kBuiltIn = kBuiltInOrigin;

// What one --plugin names: [LABEL=]PATH. The text before the first '=' is a
// label when it is non-empty and only letters, digits, '_' and '-' (so never
// a path holding '/'); otherwise the whole text is the path. A label makes
// each of the library's strategies appear as LABEL:NAME, so two builds of
// one solver (or one file loaded twice) can run side by side.
struct PluginSpec {
  std::string label;  // empty: names as the library gives them
  std::string path;
  static PluginSpec Parse(const std::string& text);
};

// The strategies of every plugin loaded, in load order. A library, once
// loaded, stays loaded until the process ends: worker threads free their
// per-thread plugin state when they end, which may be after main returns.
class PluginLoader {
 public:
  // Loads the library `spec` names ([LABEL=]PATH), checks its table against the
  // ABI and its names against `builtins` and every strategy loaded before.
  // False, with `error` set to a message naming the file, when the plugin is
  // refused; then none of its strategies is added.
  bool Load(const std::string& spec, std::span<const Strategy> builtins,
            std::string& error);

  // Rows for the engine; stable until the next Load.
  std::span<const Strategy> strategies() const { return rows_; }

  // A loaded row's name as its library gives it, without the --plugin
  // label (what a child process serving it looks it up by).
  static std::string_view OwnName(const Strategy& row);

  // One loaded strategy: the context its row hands the trampoline.
  struct Loaded {
    const sudoku_strategy* descriptor;
    size_t slot;  // index of its state in each thread's state table
  };

 private:
  // Load's steps: every descriptor's (labelled) name into `names`, or false
  // with `error` saying which one is refused and why; then one row each.
  bool CheckNames(const struct sudoku_strategy_table& table,
                  const PluginSpec& spec, std::span<const Strategy> builtins,
                  std::vector<std::string>& names, std::string& error) const;
  void AddRows(const struct sudoku_strategy_table& table,
               const std::vector<std::string>& names, const std::string& path,
               const std::string& sha256, const std::string& build);

  // Text rows point at: each plugin's absolute path, its file's SHA-256,
  // its build description, each strategy's (labelled) name.
  std::deque<std::string> texts_;
  std::deque<Loaded> loaded_;  // stable addresses: rows point here
  std::vector<Strategy> rows_;
};

}  // namespace sudoku
