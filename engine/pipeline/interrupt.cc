// SIGINT and SIGTERM: a flag for the reader, and _exit on a second signal.
#include "engine/pipeline/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include "engine/common/atomic_output.h"
#include "engine/common/exit_codes.h"
#include "engine/common/stop_request.h"

namespace sudoku {
namespace {

// The second signal does not wait for the reports: every output's
// temporary goes and its target stays as it was (a checkpoint's files
// stay, for --resume).
void OnStopSignal(int signal) {
  if (RequestStop(signal)) return;
  AbandonOutputsFromSignal();
  _exit(InterruptExitCode(signal));
}

}  // namespace

void HandleStopSignals(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // Restarted reads: the reader sees the flag at its next line, and no
  // library call fails with EINTR because a person pressed Ctrl-C. A read
  // that may wait for ever (a pipe, a FIFO) waits in poll(2) on the stop
  // request's descriptor too (engine/common/stop_request.h).
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
}

void InstallInterruptHandler() {
  PrepareStopRequest();
  HandleStopSignals(&OnStopSignal);
}

int InterruptSignal() { return StopSignal(); }

int InterruptExitCode(int signal) {
  if (signal == SIGINT) return kExitInterrupted;
  if (signal == SIGTERM) return kExitTerminated;
  return 128 + signal;
}

}  // namespace sudoku
