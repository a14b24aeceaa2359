// A subcommand of bench (compare, merge, bisect): its options, defined once
// by its Setup function, and whether the command line named it.
#pragma once

#include <CLI/CLI.hpp>

namespace sudoku {

// `setup` adds the subcommand and its options to the App, bound to an
// Options, and returns it (SetupCompare, SetupMerge, SetupBisect). A command
// derives from this and adds its Execute.
template <typename Options, CLI::App* (*setup)(CLI::App&, Options&)>
class Subcommand {
 public:
  // Adds the subcommand and its options to `app`.
  void Setup(CLI::App& app) { subcommand_ = setup(app, options_); }
  // True when the command line named the subcommand.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }

 protected:
  Options options_;

 private:
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
