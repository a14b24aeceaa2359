// `bench merge PART.stats.json...`: the report a single run would have
// written, from the stats files of its `bench --shard K/N` parts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sudoku {

class MergeCommand {
 public:
  // Adds the `merge` subcommand and its options to `app`.
  void Setup(CLI::App& app);
  // True when the command line named `merge`.
  bool Selected() const { return subcommand_ && subcommand_->parsed(); }
  // Merges and reports; returns the process exit code.
  int Execute();

 private:
  struct Options {
    std::vector<std::string> parts;
    std::string csv;
    std::string html;
    bool quiet = false;
  };
  Options options_;
  CLI::App* subcommand_ = nullptr;
};

}  // namespace sudoku
