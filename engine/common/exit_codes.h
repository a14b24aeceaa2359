// Process exit codes, one meaning each, shared by bench, bench compare and the
// tools.
#pragma once

namespace sudoku {

// Everything ran, and everything checked out.
inline constexpr int kExitOk = 0;
// Everything ran, and what it found fails a check: a wrong or disagreeing
// answer, a puzzle a process strategy left unanswered (an error), or
// --repeat rounds that searched differently (bench); a changed,
// missing or slower row (compare); input lines that are not puzzles (gen,
// shuffle, convert).
inline constexpr int kExitFailure = 1;
// Not everything could run: bad usage, an unreadable input or unwritable
// output, a refused comparison.
inline constexpr int kExitUsage = 2;
// Everything ran and checked out, but a verdict asked for could not be
// given: bench --ab --max-slowdown with too few batches for an interval.
inline constexpr int kExitUndecided = 3;

}  // namespace sudoku

namespace sudoku {

// Stopped by SIGINT (Ctrl-C) or SIGTERM: the reports were written for the
// lines accounted and say they are partial (128 + the signal, as shells do).
inline constexpr int kExitInterrupted = 130;  // SIGINT
inline constexpr int kExitTerminated = 143;   // SIGTERM

}  // namespace sudoku
