// The words every timing verdict is said in (compare, history check, bisect,
// --ab), defined once so that a number and its word cannot disagree; the
// vocabulary is docs/glossary.md#timing-words.
#pragma once

#include <string>

namespace sudoku {

// How much slower the new side is, as one number: new time per puzzle over
// old time per puzzle, minus one; from throughputs (puzzles per second),
// old_rate / new_rate - 1. Positive: slower; negative: faster (down to -1);
// +inf when the new side did nothing. --max-slowdown P fails a slowdown
// above P / 100 in every command.
double Slowdown(double old_rate, double new_rate);

// The slowdown of a throughput ratio new/old (a ratio is always new/old):
// 1 / ratio - 1.
double SlowdownOfRatio(double ratio);

// The slowdown in words, one decimal: "12.3% slower" (new time / old time
// - 1), "12.3% faster" (old time / new time - 1, i.e. new puzzles/s over
// old, minus one: the same formula with the sides swapped, so "x% faster"
// never exceeds what "x% slower" undoes), "as fast" under 0.05% either
// way. Never a negative percentage.
std::string SlowerWords(double slowdown);

// A throughput ratio new/old as it is printed: "0.812x".
std::string RatioWords(double ratio);

// The --max-slowdown margin P (percent), as the verdicts name it: "the
// allowed 10% slower"; a negative P, in SlowerWords' formula: "the demanded
// 100.0% faster" (P = -50: at most half the time).
std::string AllowedWords(double max_slowdown_pct);

// What compare's gate found, each case one phrase after "gated: ".
struct TimingFinding {
  double slowdown = 0;      // by the clock (puzzles/s)
  double cpu_slowdown = 0;  // by CPU time (puzzles per CPU-second)
  double noise = 0;  // the larger run-to-run spread by CPU time, a fraction
  double max_slowdown_pct = 0;
  // The smallest slowdown the gate could have failed (margin and noise),
  // said in every verdict so that "within" claims no more than measured.
  double detection_limit = 0;
  bool beyond_allowed = false;  // the clock's slowdown is over the margin
  bool beyond_noise = false;    // ... and farther from it than the noise
  bool regressed = false;       // the gate failed the row
};
// "gated: 87.7% slower, beyond the allowed 50% slower and 3.0% noise;
// 80.1% slower by CPU time" (regressed); "gated: 87.7% slower by the clock,
// but 54.8% faster by CPU time, within the allowed 50% slower: other jobs
// took the time"; "gated: 12.0% slower, within 15.0% noise" (by CPU time
// too; else "gated: 20.0% slower by the clock, 12.0% slower by CPU time,
// within 15.0% noise"); "gated: 5.0% slower, within the allowed 10%
// slower"; "gated: 5.0% faster"; "gated: as fast". Each followed by the
// detection limit: "; detection limit 15.0% slower".
std::string GateWords(const TimingFinding& finding);

}  // namespace sudoku
