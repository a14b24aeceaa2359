// A stop that stops: solves still running a second after a stop signal are
// abandoned, so that a CI job's timeout ends the run at once.
#pragma once

#include <chrono>

namespace sudoku {

// How long a stop waits for the solves in flight: long enough for any
// ordinary solve (microseconds to milliseconds) to return, short enough for
// a CI job's timeout.
inline constexpr std::chrono::milliseconds kStopGrace{1000};

// Starts a thread that sleeps until a stop is requested
// (engine/common/stop_request.h); the solver stage then starts no new
// solve, and when a solve has still not returned kStopGrace later (a naive
// strategy on a hard puzzle with no budget, a plugin or an --exec process
// that loops) the thread ends the run through AbandonSolves
// (bench/run/crash_report.h). Does nothing when no stop request can be made
// (under mpirun). Call once, after InstallInterruptHandler.
void StartStopWatchdog();

}  // namespace sudoku
