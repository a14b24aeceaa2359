// The shell function `heeding PID` that the hostile tables' scripts define: it waits until bench heeds stop signals.
#pragma once

#include <string>

namespace sudoku::testing {

// Waits (up to 30 s) until bench's run heeds a stop: until its stop
// watchdog's thread has started (RunCommand::Execute starts it right after
// HeedStopRequests). A fixed sleep raced with a loaded machine still loading
// the program: a signal that came first ended it by the default action,
// silently, and a lock it had not yet taken was free. TSan runs a thread of
// its own from the start.
inline std::string HeedingShellFunction() {
#if defined(__SANITIZE_THREAD__)
  const std::string threads = "3";
#else
  const std::string threads = "2";
#endif
  return "heeding() { local i n; for i in $(seq 600); do "
         "n=$(sed -n 's/^Threads:[[:space:]]*//p' /proc/$1/status "
         "2>/dev/null); [ \"${n:-99}\" -ge " +
         threads + " ] && break; sleep 0.05; done; }\n";
}

}  // namespace sudoku::testing
