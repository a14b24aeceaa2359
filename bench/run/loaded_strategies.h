// The strategies a run can name: the built-in ones, those of every --plugin
// library, and the --exec processes (or --isolate's servers), each an
// ordinary Strategy row.
#pragma once

#include <ostream>
#include <span>
#include <string_view>
#include <vector>

#include "bench/cli/run_options.h"
#include "bench/run/plugin_loader.h"
#include "bench/run/process_strategy.h"
#include "strategies/strategy.h"

namespace sudoku {

class LoadedStrategies {
 public:
  LoadedStrategies() = default;
  // Rows point into the loaders: never copied or moved.
  LoadedStrategies(const LoadedStrategies&) = delete;
  LoadedStrategies& operator=(const LoadedStrategies&) = delete;

  // Loads every --plugin and adds every --exec of `o`; false, having said
  // why on `err`, when a plugin or process is refused or a --strategy name
  // is unknown.
  bool Load(const RunCommandOptions& o, std::ostream& err);

  // A built-in or loaded strategy by name; null when there is none.
  const Strategy* Find(std::string_view name) const;

  // -s's strategies in order, each once (a name given twice, or in "all"
  // and by name, runs once), then --reference's when it is not among them;
  // `reference` is set to its index (-1 without --reference). None under
  // --parse-only.
  std::vector<const Strategy*> Selected(const RunCommandOptions& o,
                                        int& reference) const;

  // One line per strategy: name, summary, and where it came from (--list).
  void List(std::ostream& out) const;

 private:
  bool AddProcessStrategies(const RunCommandOptions& o, std::ostream& err);

  PluginLoader plugins_;
  ProcessStrategies processes_;
  std::vector<const Strategy*> all_;  // built in, then loaded
};

}  // namespace sudoku
