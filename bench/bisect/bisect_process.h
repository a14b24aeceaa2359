// bench bisect's child processes (git, the build command, bench runs): each
// in a process group of its own, to which bisect forwards SIGINT and SIGTERM,
// so that a stop reaches everything bisect started and nothing outlives it.
#pragma once

#include <string>
#include <vector>

namespace sudoku {

// Installs bisect's handler for SIGINT and SIGTERM: it remembers the first
// signal and forwards each to the group of the child running, if any. A child
// group gets it from bisect alone: a terminal's Ctrl-C reaches only the
// foreground group, and `kill PID` only bisect.
void InstallBisectSignals();

// The signal that asked bisect to stop, or 0 while none has.
int BisectStopSignal();

// How a child ended.
struct ChildEnd {
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it
  bool started = true;
  bool Succeeded() const { return started && signal == 0 && exit_code == 0; }
  // "exit 2", "killed by signal 9", "could not be started".
  std::string Describe() const;
};

struct Child {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH
  std::string cwd;                // empty: bisect's own
  std::string output;  // file for standard output (created); empty: inherit
  std::string errors;  // file for standard error; empty: inherit
  // A stop is forwarded to the child; off for the clean-up (git bisect
  // reset), which must run to its end whatever the person presses.
  bool stoppable = true;
};

// Runs `child` with standard input from /dev/null and waits for its end.
// After a stop, waits until its whole group has ended (killing it after
// 10 s), so nothing is still at work in the repository.
ChildEnd RunChild(const Child& child);

// What a git command said.
struct GitResult {
  ChildEnd end;
  std::string out;  // standard output without its last line break
  std::string err;
  bool ok() const { return end.Succeeded(); }
};

// Runs `git ARGS` in `cwd`, its outputs through files named `scratch`.out
// and .err (bisect's driver and its step each have their own).
GitResult Git(const std::vector<std::string>& args, const std::string& cwd,
              const std::string& scratch, bool stoppable = true);

// The whole of a (small) file; empty when it cannot be read.
std::string FileText(const std::string& path);
// Its last `lines` lines, each indented, for messages.
std::string LastLines(const std::string& path, int lines);

}  // namespace sudoku
