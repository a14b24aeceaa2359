// Every program's CLI11 App (bench and its subcommands, gen, shuffle,
// convert, corpus), built as its main() builds it: for the tests that walk
// the Apps to check what every option declares.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench/cli/bench_app.h"
#include "bench/cli/bisect_options.h"
#include "bench/cli/compare_options.h"
#include "bench/cli/history_options.h"
#include "bench/cli/merge_options.h"
#include "bench/cli/run_options.h"
#include "engine/cli/usage_errors.h"
#include "tools/convert/convert_options.h"
#include "tools/corpus/corpus_options.h"
#include "tools/gen/gen_options.h"
#include "tools/shuffle/shuffle_options.h"

namespace sudoku {

// A program's App, built as its main() builds it, with the options it binds.
struct Program {
  std::string name;
  CLI::App app;
  std::vector<std::shared_ptr<void>> bound;  // what the options write to

  template <typename T>
  T& Bind() {
    auto value = std::make_shared<T>();
    bound.push_back(value);
    return *value;
  }
};

using ProgramMaker = std::function<void(Program&)>;

inline const std::vector<std::pair<std::string, ProgramMaker>>& Programs() {
  static const std::vector<std::pair<std::string, ProgramMaker>> programs = {
      {"bench",
       [](Program& p) {
         StartBenchApp(p.app);
         p.Bind<RunCommandCli>().Setup(p.app, p.Bind<RunCommandOptions>());
         SetupCompare(p.app, p.Bind<CompareCommandOptions>());
         SetupMerge(p.app, p.Bind<MergeCommandOptions>());
         SetupBisect(p.app, p.Bind<BisectCommandOptions>());
         SetupHistory(p.app, p.Bind<HistoryCommandOptions>());
       }},
      {"gen", [](Program& p) { SetupGen(p.app, p.Bind<GenOptions>()); }},
      {"shuffle",
       [](Program& p) { SetupShuffle(p.app, p.Bind<ShuffleOptions>()); }},
      {"convert",
       [](Program& p) { SetupConvert(p.app, p.Bind<ConvertOptions>()); }},
      {"corpus",
       [](Program& p) { SetupCorpus(p.app, p.Bind<CorpusOptions>()); }},
  };
  return programs;
}

inline std::unique_ptr<Program> Make(const std::string& name,
                              const ProgramMaker& make) {
  auto program = std::make_unique<Program>();
  program->name = name;
  program->app.name(name);
  make(*program);
  UseHouseErrors(program->app);
  return program;
}

}  // namespace sudoku
