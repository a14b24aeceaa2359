// When a strategy crashes the process (a plugin's segmentation fault or
// abort), standard error names the puzzles in flight before it dies.
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
// from the records of engine/pipeline/in_flight.h, then restores the default action
// and raises the signal again, so the exit status still says which signal
// ended the process (and a core is dumped where the system dumps cores).
//
// Threads that crash while another one reports wait for it to end the
// process, so one report is written whole.
//
// Call once, from main, before any thread starts. The calling thread gets an
// alternate signal stack, so a stack overflow there is reported too; TBB's
// worker threads have none, so a stack overflow on one of them ends the
// process without a report.
void InstallCrashReport();

// The CSV report as it would read if the run stopped now, for the handler
// to write over `fd` (the --csv file, opened for writing) before the process
// dies: each dataset accounted so far, the one in progress marked
// complete=false, as SIGINT leaves it. Called from one thread at a time (the
// accountant's, or the main thread between passes); the handler reads the
// text last published, never one being written.
void SetCrashCsvFile(int fd);
void PublishCrashCsv(std::string_view text);

}  // namespace sudoku
