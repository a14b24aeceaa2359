// The plugin server behind bench --isolate: the plugin loaded in a child
// process, each request answered through the same trampoline as in process.
#include "bench/run/plugin_server.h"

#include <unistd.h>

#include <iostream>
#include <sstream>
#include <vector>

#include "bench/run/plugin_loader.h"
#include "bench/run/process_reply.h"
#include "engine/common/file_identity.h"
#include "engine/common/text_format.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

// `PUZZLE LIMIT BUDGET`, as bench sends it.
bool ParseRequest(const std::string& line, Grid& givens, uint32_t& limit,
                  uint64_t& budget) {
  std::istringstream words(line);
  std::string puzzle, budget_text;
  if (!(words >> puzzle >> limit >> budget_text) || puzzle.size() != 81 ||
      limit == 0) {
    return false;
  }
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] < '0' || puzzle[cell] > '9') return false;
    givens[cell] = static_cast<uint8_t>(puzzle[cell] - '0');
  }
  if (budget_text == "-") {
    budget = kUnlimitedNodes;
    return true;
  }
  std::istringstream number(budget_text);
  return static_cast<bool>(number >> budget);
}

}  // namespace

std::string ServePluginCommand(const std::string& plugin,
                               const std::string& strategy) {
  // exec: the child is this executable itself, so a crash shows as its
  // signal, not as a shell's exit status and message.
  return "exec " + ShellQuoted(ThisProgram()) + " --serve-plugin " + ShellQuoted(plugin) +
         " " + ShellQuoted(strategy);
}

int ServePlugin(const std::string& plugin, const std::string& strategy,
                std::istream& in, std::ostream& out) {
  PluginLoader loader;
  std::string error;
  if (!loader.Load(plugin, AllStrategies(), error)) {
    std::cerr << "bench --serve-plugin: " << error << '\n';
    return 2;
  }
  const Strategy* row = nullptr;
  for (const Strategy& s : loader.strategies()) {
    if (s.name == strategy) row = &s;
  }
  if (row == nullptr) {
    std::cerr << "bench --serve-plugin: " << plugin << " has no strategy '"
              << strategy << "'\n";
    return 2;
  }
  for (std::string line; std::getline(in, line);) {
    Grid givens{};
    uint32_t limit = 1;
    uint64_t budget = kUnlimitedNodes;
    if (!ParseRequest(line, givens, limit, budget)) {
      std::cerr << "bench --serve-plugin: not a request: " << line << '\n';
      return 2;
    }
    // The parent waits for this line before it sends the next puzzle.
    out << FormatProcessReply(row->Solve(givens, limit, budget)) << std::flush;
  }
  return 0;
}

}  // namespace sudoku
