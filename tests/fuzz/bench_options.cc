// Fuzzes bench's command line: every subcommand's options parsed as main.cc parses them; nothing is run.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "bench/bench_commands.h"
#include "bench/cli/bench_app.h"

// The input is the arguments, one per line; a run of bench's parse must end
// in a parse, a usage error or --help's success, never a crash or a hang.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args;
  std::string arg;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(arg);
      arg.clear();
    } else {
      arg += static_cast<char>(data[i]);
    }
  }
  if (!arg.empty()) args.push_back(arg);
  if (args.size() > 64) return 0;

  std::ostream silent(nullptr);
  CLI::App app;
  sudoku::StartBenchApp(app);
  const sudoku::BenchCommands commands(app, args, nullptr, silent);
  // CLI11 takes the arguments last first.
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::Error&) {
    // A usage error or --help: what main.cc turns into exit 2 or 0.
  }
  return 0;
}
