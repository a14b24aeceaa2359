// SIGINT, SIGTERM, SIGHUP and SIGQUIT as a request to stop: the run accounts
// what it has solved, writes its reports as partial and exits 128 + the
// signal (130, 143, 129, 131).
#pragma once

#include <signal.h>

namespace sudoku {

// The signals that ask a run to stop, all handled alike.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// Installs the handler for kStopSignals. Once HeedStopRequests was called,
// the first signal only makes the stop request
// (engine/common/stop_request.h), which the pipeline's reader polls, a wait
// for input hears and the solver stage checks before each solve (a puzzle
// it leaves unsolved ends the accounting there); a second one ends the
// process at once (_exit 128 + signal), for a person who will not wait.
// Ignores SIGPIPE, so a closed pipe is a write error (EPIPE) that names the
// output instead of a silent death. Call before threads start.
void InstallInterruptHandler();

// Calls `handler` on kStopSignals, with system calls restarted after
// it (no library call fails with EINTR because a person pressed Ctrl-C), and
// ignores SIGPIPE. InstallInterruptHandler's, and bench bisect's, which
// passes the signal on to its children.
void HandleStopSignals(void (*handler)(int));

// Makes the first signal a stop request; until then, in a command that
// never looks at the request, every signal ends the process at once
// (_exit 128 + signal), as the signal's default would but with the code a
// stop has. Called by the main run, which polls the request, before it
// starts.
void HeedStopRequests();

// The signal that asked the run to stop, or 0 while none has.
int InterruptSignal();

// The exit code for a run stopped by `signal`: 128 + signal, as shells do.
int InterruptExitCode(int signal);

}  // namespace sudoku
