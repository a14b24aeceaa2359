// What the person at the terminal sees of a run (problems, progress), and the
// list of outputs that see every puzzle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench/run/rank_parts.h"
#include "engine/pipeline/driver.h"
#include "engine/report/progress_line.h"

namespace sudoku {

// Forwards the driver's events to every output, and speaks to the person at
// the terminal: problems on stderr (capped), progress when stderr is a tty.
class Observers : public RunObserver {
 public:
  Observers(uint64_t max_messages, bool show_progress)
      : max_messages_(max_messages), progress_(std::cerr, show_progress) {}

  void Add(std::unique_ptr<RunObserver> observer) {
    outputs_.push_back(std::move(observer));
  }
  // Under mpirun: marks where the outputs of each line block start.
  void SetMarks(PartMarks* marks) { marks_ = marks; }
  void StartDataset(const std::string& path);
  void EndDataset();

  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override;
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override;
  // Only when some output reads every record: the accountant then need not
  // go through the batch's records at all.
  bool WantsRecords() const override {
    if (marks_ != nullptr) return true;
    for (const auto& o : outputs_) {
      if (o->WantsRecords()) return true;
    }
    return false;
  }
  void OnProblem(const std::string& message, bool error) override;
  void OnProgress(uint64_t lines, uint64_t raw_bytes,
                  std::optional<uint64_t> raw_size, double elapsed) override;

 private:
  std::vector<std::unique_ptr<RunObserver>> outputs_;
  PartMarks* marks_ = nullptr;
  uint64_t max_messages_;  // --max-messages: 0 shows none
  ProgressLine progress_;  // engine/report/progress_line.h, as corpus's
  std::string path_;
  size_t shown_input_ = 0, shown_errors_ = 0, hidden_input_ = 0,
         hidden_errors_ = 0;
};

// Whether --progress asks for progress on this standard error.
bool ShowsProgress(const std::string& progress);

// One pass over one dataset, with `observer` seeing the driver's events and
// `observers` told where the dataset starts and ends (to count what it hid),
// even when reading fails.
DatasetResult ObservedPass(const std::string& path, const RunOptions& run,
                           Observers& observers, RunObserver& observer,
                           const PassResume* resume = nullptr);

}  // namespace sudoku
