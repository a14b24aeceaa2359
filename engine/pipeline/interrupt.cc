// SIGINT and SIGTERM: a flag for the reader, and _exit on a second signal.
#include "engine/pipeline/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>

#include "engine/common/exit_codes.h"

namespace sudoku {
namespace {

// The one state a signal handler may touch: a lock-free atomic. It is
// process-wide by nature (a signal is), written once by the handler and only
// read by the threads.
std::atomic<int> g_stop_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

void OnStopSignal(int signal) {
  int none = 0;
  if (!g_stop_signal.compare_exchange_strong(none, signal)) {
    _exit(InterruptExitCode(signal));
  }
}

}  // namespace

void HandleStopSignals(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // Restarted reads: the reader sees the flag at its next line, and no
  // library call fails with EINTR because a person pressed Ctrl-C.
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
}

void InstallInterruptHandler() { HandleStopSignals(&OnStopSignal); }

int InterruptSignal() { return g_stop_signal.load(std::memory_order_relaxed); }

int InterruptExitCode(int signal) {
  if (signal == SIGINT) return kExitInterrupted;
  if (signal == SIGTERM) return kExitTerminated;
  return 128 + signal;
}

}  // namespace sudoku
