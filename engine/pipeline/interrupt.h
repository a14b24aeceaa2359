// SIGINT and SIGTERM as a request to stop reading: the run accounts what it
// has read, writes its reports as partial and exits 130 or 143.
#pragma once

namespace sudoku {

// Installs the handler for SIGINT and SIGTERM. The first signal only makes
// the stop request (engine/common/stop_request.h), which the pipeline's
// reader polls and a wait for input hears; a second one ends the process at
// once (_exit 128 + signal), for a person who will not wait for the batches
// in flight. Ignores SIGPIPE, so a closed pipe is a write error (EPIPE) that
// names the output instead of a silent death. Call before threads start.
void InstallInterruptHandler();

// Calls `handler` on SIGINT and SIGTERM, with system calls restarted after
// it (no library call fails with EINTR because a person pressed Ctrl-C), and
// ignores SIGPIPE. InstallInterruptHandler's, and bench bisect's, which
// passes the signal on to its children.
void HandleStopSignals(void (*handler)(int));

// The signal that asked the run to stop, or 0 while none has.
int InterruptSignal();

// The exit code for a run stopped by `signal`: 128 + signal, as shells do.
int InterruptExitCode(int signal);

}  // namespace sudoku
