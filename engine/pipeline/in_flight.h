// Which puzzle each thread is solving right now, readable from a signal
// handler, so that a crash can name the strategy and file:line it died on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

// Records that the calling thread is about to solve line `line` of `path`
// with `strategy`. Both must stay alive until ClearInFlight: the record
// keeps pointers to them, not copies (a couple of relaxed stores, cheap
// enough for every call of every strategy).
void MarkInFlight(const Strategy& strategy, const std::string& path,
                  uint64_t line);
// The calling thread's solve has returned.
void ClearInFlight();

// One puzzle in flight, as a crash report shows it.
struct InFlightPuzzle {
  std::string_view strategy;
  std::string_view path;
  uint64_t line = 0;
  bool this_thread = false;  // the thread calling ReadInFlight
};

// Async-signal-safe (no allocation, no locks): copies up to `capacity` of
// the puzzles in flight to `out`, the calling thread's first, and returns
// how many it copied. Another thread's record may be read half-updated,
// when that thread moved on to its next puzzle meanwhile.
size_t ReadInFlight(InFlightPuzzle* out, size_t capacity);

// Async-signal-safe: how many live threads have solved without a record,
// because more threads solved at once than there are records.
size_t UnrecordedThreads();

}  // namespace sudoku
