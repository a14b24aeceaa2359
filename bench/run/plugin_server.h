// bench --isolate: one plugin strategy served in a child process over the
// process protocol, so a crash costs its puzzle, not the run.
#pragma once

#include <istream>
#include <ostream>
#include <string>

namespace sudoku {

// What the parent runs as an --exec command to serve `strategy` of the
// plugin at `plugin` (its own name, without a --plugin label): this bench
// executable with the hidden first argument --serve-plugin, shell-quoted.
std::string ServePluginCommand(const std::string& plugin,
                               const std::string& strategy);

// The child's side: loads the plugin, then answers each request line of
// `in` on `out`, flushed, until `in` ends (docs/process-protocol.md);
// returns the exit code (2 when the plugin or the strategy cannot be had, or
// a request is malformed).
int ServePlugin(const std::string& plugin, const std::string& strategy,
                std::istream& in, std::ostream& out);

}  // namespace sudoku
