// The `bench` command: run strategies over datasets and report; compare two
// reports, merge a sharded run's parts, keep the history of runs, or bisect a
// solver's history.
#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "bench/bench_commands.h"
#include "bench/cli/bench_app.h"
#include "bench/run/crash_report.h"
#include "bench/run/plugin_server.h"
#include "bench/run/rank_group.h"
#include "engine/common/exit_codes.h"
#include "engine/pipeline/interrupt.h"

int main(int argc, char** argv) {
  // bench --isolate's child: one plugin strategy served over the process
  // protocol. Internal (the parent writes this command line), so it stays
  // out of --help; a crash here must die by its signal, unreported, for the
  // parent to count the puzzle in errors.
  if (argc == 4 && std::string_view(argv[1]) == "--serve-plugin") {
    // A sanitizer's own handlers would turn the signal into exit status 1.
    for (const int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) {
      std::signal(signal, SIG_DFL);
    }
    return sudoku::ServePlugin(argv[2], argv[3], std::cin, std::cout);
  }
  sudoku::InstallCrashReport();  // before any thread starts
  CLI::App app;
  sudoku::StartBenchApp(app);
  // Joined before parsing: MPI may take its own arguments out of argv.
  const auto ranks = sudoku::JoinRankGroup(argc, argv);
  // Under mpirun the ranks would stop at different lines, and a rank left
  // waiting in a collective step would hang the job: there SIGINT and
  // SIGTERM keep their default, and mpirun ends the whole job.
  if (!ranks) sudoku::InstallInterruptHandler();
  const std::vector<std::string> args(argv + 1, argv + argc);
  // Under mpirun every rank parses the same arguments: rank 0 alone prints
  // the help, the manual page or the usage error, so the job says it once.
  std::ostream silent(nullptr);
  const bool speaks = !ranks || ranks->rank() == 0;
  std::ostream& out = speaks ? std::cout : silent;
  std::ostream& err = speaks ? std::cerr : silent;
  sudoku::BenchCommands commands(app, args, ranks.get(), out);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e, out, err);
  } catch (const CLI::ParseError& e) {
    app.exit(e, out, err);
    return sudoku::kExitUsage;
  }
  return commands.Execute();
}
