// The process's one request to stop (SIGINT, SIGTERM): a flag, and a
// descriptor that becomes readable with it, so a wait can include it.
#pragma once

namespace sudoku {

// Makes the descriptor StopWakeFd returns. Call once, before a handler that
// calls RequestStop is installed (a signal handler cannot make one).
void PrepareStopRequest();

// Async-signal-safe: records `signal` as the request, the first one made
// wins, and makes StopWakeFd readable. False when a request was made
// before.
bool RequestStop(int signal);

// The signal of the request; 0 while none was made.
int StopSignal();

// A descriptor that polls readable (POLLIN) once a stop was requested, and
// stays so; -1 before PrepareStopRequest. A reader that must wait for a
// pipe, a FIFO or a terminal waits on it too, so that a person's Ctrl-C is
// heard while nothing is read (a read(2) restarted after the handler was
// not: `mkfifo f; bench f` could only be killed).
int StopWakeFd();

}  // namespace sudoku
