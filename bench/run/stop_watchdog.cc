// The stop watchdog: a thread that waits for the stop request, then for the
// solves in flight, for at most the grace period.
#include "bench/run/stop_watchdog.h"

#include <poll.h>
#include <pthread.h>

#include <cerrno>
#include <cstdint>
#include <thread>

#include "bench/run/crash_report.h"
#include "engine/common/stop_request.h"
#include "engine/pipeline/in_flight.h"

namespace sudoku {
namespace {

// Solves in flight, the records the crash report reads.
size_t SolvesInFlight() {
  InFlightPuzzle puzzles[1];
  return ReadInFlight(puzzles, 1) + UnrecordedThreads();
}

void* Watch(void* wake_fd) {
  pollfd stop{static_cast<int>(reinterpret_cast<intptr_t>(wake_fd)), POLLIN,
              0};
  while (poll(&stop, 1, -1) < 0 && errno == EINTR) {
  }
  // No solve starts after the request (engine/pipeline/puzzle_solver.cc),
  // so the solves in flight only end; one still running after the grace
  // may never return, and is not waited for.
  std::this_thread::sleep_for(kStopGrace);
  if (SolvesInFlight() == 0) return nullptr;  // the run ends as it always did
  AbandonSolves(StopSignal(), "1 s");
}

}  // namespace

void StartStopWatchdog() {
  const int wake = StopWakeFd();
  if (wake < 0) return;
  // A small stack (the default reserves 8 MiB of address space, which a
  // run under `ulimit -v` cannot spare), detached: it blocks in poll(2) for
  // the life of a run that is never stopped, and touches nothing the
  // process's exit destroys. Without it a stop still works, only without
  // the bound.
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) return;
  pthread_attr_setstacksize(&attributes, 256 * 1024);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  pthread_create(&thread, &attributes, Watch,
                 reinterpret_cast<void*>(static_cast<intptr_t>(wake)));
  pthread_attr_destroy(&attributes);
}

}  // namespace sudoku
