// Instructions counted around the solve calls only (bench --instructions):
// by the processor's counter of this thread, or by callgrind's collection.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/stats/run_options.h"

namespace sudoku {

// Where the processor's user-space instruction counter can be read
// (perf_event_open, PERF_COUNT_HW_INSTRUCTIONS): std::nullopt; else why not,
// in one line ("perf_event_open: No such file or directory", as on a VM
// that exposes no counters).
std::optional<std::string> InstructionCounterMissing();

// Called by the solver stage around each Strategy::Solve when the pass
// counts instructions (RunOptions::count_instructions). kCallgrind toggles
// callgrind's collection (run under valgrind --tool=callgrind
// --collect-atstart=no; no-ops elsewhere); kCounter reads this thread's
// counter, opened on the thread's first call, and adds the difference to
// the process's total.
void BeginCountedSolve(InstructionCount how);
void EndCountedSolve(InstructionCount how);

// The instructions kCounter counted in this process since the last reset,
// over every thread. A pass that reads it runs one strategy.
uint64_t CountedInstructions();
void ResetCountedInstructions();

}  // namespace sudoku
