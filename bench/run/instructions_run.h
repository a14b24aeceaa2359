// bench --instructions[=N]: after each dataset's pass (one pass or --repeat
// rounds), the solve calls' instructions per puzzle over an evenly spaced
// sample of N puzzles, one strategy at a time, by the processor's counter
// where the kernel exposes it, else under valgrind's callgrind.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench/run/observers.h"
#include "bench/run/pass_runner.h"

namespace sudoku {

// The sample, drawn during the pass from the valid puzzles it accounts (the
// input is never read again: it may be a FIFO, endless, or cut by --lines),
// so every run of one input samples the same ones. Every stride-th valid
// puzzle is kept, the stride doubling (every other one dropped) whenever
// max(2 * size, kKeptAtLeast) are kept, so memory stays bounded whatever the
// input's length. The sample is `size` of the kept, evenly spaced (the k-th
// at k * kept / size): in a dataset of fewer valid puzzles than that, the
// k-th at k * total / size, as when the sample was drawn by reading the
// dataset again (the counts measured then still stand).
class InstructionSampler : public RunObserver {
 public:
  static constexpr size_t kKeptAtLeast = 65536;  // 5.3 MB of grids

  explicit InstructionSampler(size_t size) : size_(size) {}

  void Reset();  // a new pass
  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;
  std::vector<Grid> Sample() const;

 private:
  size_t size_;
  uint64_t stride_ = 1;
  uint64_t seen_ = 0;       // valid puzzles so far
  std::vector<Grid> kept_;  // the valid puzzles 0, stride, 2 * stride, ...
};

// The instructions a callgrind output file counted ("totals:" or
// "summary:"); std::nullopt when it holds neither.
std::optional<uint64_t> CallgrindTotal(const std::string& callgrind_out);

// Wraps the mode's runner: its pass (its sample drawn by an observer added
// to `observers`), then the count filled into the rows.
std::unique_ptr<PassRunner> MakeInstructionsRunner(
    const RunPlan& plan, Observers& observers,
    std::unique_ptr<PassRunner> inner);

}  // namespace sudoku
