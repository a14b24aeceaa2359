// The stop watchdog: a thread that waits for the stop request, then for the
// solves in flight, for at most the grace period.
#include "bench/run/stop_watchdog.h"

#include <poll.h>

#include <cerrno>
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

void Watch(int wake) {
  pollfd stop{wake, POLLIN, 0};
  while (poll(&stop, 1, -1) < 0 && errno == EINTR) {
  }
  // No solve starts after the request (engine/pipeline/puzzle_solver.cc),
  // so the solves in flight only end; one still running after the grace
  // may never return, and is not waited for.
  std::this_thread::sleep_for(kStopGrace);
  if (SolvesInFlight() == 0) return;  // the run ends as it always did
  AbandonSolves(StopSignal(), "1 s");
}

}  // namespace

void StartStopWatchdog() {
  const int wake = StopWakeFd();
  if (wake < 0) return;
  // Detached: it blocks in poll(2) for the life of a run that is never
  // stopped, and touches nothing the process's exit destroys.
  std::thread(Watch, wake).detach();
}

}  // namespace sudoku
