// When a strategy crashes the process, calls exit() or memory runs out,
// standard error names the puzzles in flight and the run ends as a failure.
#pragma once

#include <string_view>

namespace sudoku {

// Installs a handler for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that
// writes, with write(2) alone,
//
//   bench: crashed with SIGSEGV while solving:
//     NAME on FILE:LINE (the crashing thread)
//     NAME on FILE:LINE
//
// from the records of engine/pipeline/in_flight.h, then restores the default
// action and raises the signal again, so the exit status still says which
// signal ended the process (and a core is dumped where the system dumps cores).
//
// Threads that crash while another one reports wait for it to end the
// process, so one report is written whole.
//
// Call once, from main, before any thread starts. The calling thread gets an
// alternate signal stack, so a stack overflow there is reported too; TBB's
// worker threads have none, so a stack overflow on one of them ends the
// process without a report.
//
// Installs two more guards of the same kind. A terminate handler: an
// exception that says memory or a thread could not be had
// (engine/common/resource_failure.h), escaping where nothing catches it (a
// oneTBB worker, the reports' writing), is reported as
//
//   bench: out of memory (an allocation failed) while solving: ...
//
// with the CSV as below, and the exit status is 2; any other exception
// still aborts. And an on_exit(3) handler that ExitGuard arms.
void InstallCrashReport();

// While one lives, a call to exit() (a plugin's exit(0) inside its solve
// function, say) cannot end the run as if it had finished: standard error
// names the status and the puzzles in flight,
//
//   bench: exit(0) was called while solving:
//     NAME on FILE:LINE (the exiting thread)
//
// the --csv file gets the rows accounted (complete=false on the dataset in
// progress), as after a crash, and the exit status is 2, whatever exit()
// was given. _exit() and quick_exit() bypass it. Only in bench's own
// process: a plugin's forked child that calls exit() (or crashes) leaves
// the reports alone. One at a time, made after
// InstallCrashReport; returning from main must happen after it is gone.
class ExitGuard {
 public:
  ExitGuard();
  ~ExitGuard();
  ExitGuard(const ExitGuard&) = delete;
  ExitGuard& operator=(const ExitGuard&) = delete;
};

// A stop signal whose solves did not return within `grace` ("1 s"), from
// the stop watchdog (bench/run/stop_watchdog.h): standard error names the
// solves abandoned,
//
//   bench: stopped by SIGTERM; abandoned the solves still running 1 s after it:
//     NAME on FILE:LINE
//
// the --csv file gets the rows accounted, complete=false on the dataset in
// progress, as after a crash (the other reports are not written), and the
// process exits 128 + signal, the code of a stopped run.
[[noreturn]] void AbandonSolves(int signal, std::string_view grace);

// The CSV report as it would read if the run stopped now, for the handler
// to write over `fd` (the --csv file's temporary, engine/common/
// atomic_output.h) and rename over the target before the process dies,
// every other output's temporary removed: each dataset accounted so far, the
// one in progress marked complete=false, as SIGINT leaves it. Called from one
// thread at a time (the accountant's, or the main thread between passes); the
// handler reads the text last published, never one being written.
void SetCrashCsvFile(int fd);
void PublishCrashCsv(std::string_view text);

}  // namespace sudoku
