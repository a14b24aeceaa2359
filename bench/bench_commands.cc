// Every command of `bench` on one App: set up once, then the chosen one run.
#include "bench/bench_commands.h"

#include "bench/cli/bench_app.h"

namespace sudoku {

BenchCommands::BenchCommands(CLI::App& app,
                             const std::vector<std::string>& args,
                             RankGroup* ranks, std::ostream& out) {
  run_.SetRankGroup(ranks);
  run_.SetArgs(args);
  run_.Setup(app);
  compare_.Setup(app);
  merge_.Setup(app);
  bisect_.Setup(app);
  history_.Setup(app);
  FinishBenchApp(app, out);
}

int BenchCommands::Execute() {
  if (merge_.Selected()) return merge_.Execute();
  if (bisect_.Selected()) return bisect_.Execute();
  if (history_.Selected()) return history_.Execute();
  return compare_.Selected() ? compare_.Execute() : run_.Execute();
}

}  // namespace sudoku
