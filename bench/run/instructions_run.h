// bench --instructions[=N]: after each dataset's pass (one pass or --repeat
// rounds), the solve calls' instructions per puzzle over an evenly spaced
// sample of N puzzles, one strategy at a time, by the processor's counter
// where the kernel exposes it, else under valgrind's callgrind.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bench/run/pass_runner.h"

namespace sudoku {

// The puzzles of the sample: up to `size` of the dataset's valid puzzles,
// evenly spaced (the k-th of size at index k * total / size), so every run
// of one dataset samples the same ones. Written as 81-character lines to
// `out_path`; returns how many.
size_t WriteInstructionSample(const std::string& dataset, size_t size,
                              const std::string& out_path);

// The instructions a callgrind output file counted ("totals:" or
// "summary:"); std::nullopt when it holds neither.
std::optional<uint64_t> CallgrindTotal(const std::string& callgrind_out);

// Wraps the mode's runner: its pass, then the count filled into the rows.
std::unique_ptr<PassRunner> MakeInstructionsRunner(
    const RunPlan& plan, std::unique_ptr<PassRunner> inner);

}  // namespace sudoku
