// SIGINT, SIGTERM, SIGHUP and SIGQUIT: a flag for the reader, and _exit on a
// second signal.
#include "engine/pipeline/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>

#include "engine/common/atomic_output.h"
#include "engine/common/exit_codes.h"
#include "engine/common/stop_request.h"

namespace sudoku {
namespace {

// Set by a command that polls the stop request (the main run). Any other
// (compare, history, merge) would only note the request and go on: blocked
// opening a FIFO no one reads, it ignored the first SIGTERM.
std::atomic<bool> g_heeded{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// A command that does not poll, and the second signal to one that does, end
// at once without waiting for the reports: every output's temporary goes and
// its target stays as it was (a checkpoint's files stay, for --resume).
void OnStopSignal(int signal) {
  if (!g_heeded.load() || !RequestStop(signal)) {
    AbandonOutputsFromSignal();
    _exit(InterruptExitCode(signal));
  }
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
  // SIGHUP (an ssh session that dropped, a closed terminal) and SIGQUIT
  // (Ctrl-\\) end a run as surely as SIGTERM: by default they left the
  // reports empty, where these leave them partial and saying so.
  for (const int signal : kStopSignals) sigaction(signal, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
}

void InstallInterruptHandler() {
  PrepareStopRequest();
  HandleStopSignals(&OnStopSignal);
}

void HeedStopRequests() { g_heeded.store(true); }

int InterruptSignal() { return StopSignal(); }

int InterruptExitCode(int signal) {
  if (signal == SIGINT) return kExitInterrupted;
  if (signal == SIGTERM) return kExitTerminated;
  return 128 + signal;  // 129 for SIGHUP, 131 for SIGQUIT
}

}  // namespace sudoku
