// Process exit codes, one meaning each, shared by bench, its subcommands and
// the tools.
#pragma once

namespace sudoku {

// Everything ran, and everything checked out (bench bisect: it named the
// first bad commit).
inline constexpr int kExitOk = 0;
// Everything ran, and what it found fails a check: a wrong or disagreeing
// answer, a puzzle a process strategy left unanswered (an error), or
// --repeat rounds that searched differently (bench); a changed,
// missing or slower row (compare); input lines that are not puzzles (gen,
// shuffle, convert); nothing to bisect, BAD searching as GOOD does and not
// slower beyond the margin (bisect).
inline constexpr int kExitFailure = 1;
// Not everything could run: bad usage, an unreadable input or unwritable
// output, a refused comparison; for bisect also no clean git work tree, an
// unknown revision, or GOOD or BAD that could not be built or run.
inline constexpr int kExitUsage = 2;
// Everything ran and checked out, but a verdict asked for could not be
// given: bench --ab --max-slowdown with too few batches for an interval;
// bench bisect when it cannot tell commits apart: BAD's --ab interval
// straddles the margin, or commits it could not decide on (such an interval,
// a build that fails) leave several candidates for the first bad one.
inline constexpr int kExitUndecided = 3;

}  // namespace sudoku

namespace sudoku {

// Stopped by SIGINT (Ctrl-C) or SIGTERM: the reports were written for the
// lines accounted and say they are partial; bench bisect has reset the
// repository (128 + the signal, as shells do).
inline constexpr int kExitInterrupted = 130;  // SIGINT
inline constexpr int kExitTerminated = 143;   // SIGTERM

}  // namespace sudoku
