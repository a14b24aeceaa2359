// What the person at the terminal sees of a run (problems, progress), and the
// list of outputs that see every puzzle.
#include "bench/run/observers.h"

#include <iostream>

#include "engine/common/text_format.h"

namespace sudoku {

void Observers::StartDataset(const std::string& path) {
  if (marks_ != nullptr) marks_->StartDataset();
  path_ = path;
  shown_input_ = shown_errors_ = hidden_input_ = hidden_errors_ = 0;
  progress_.Restart();
}

void Observers::EndDataset() {
  progress_.Clear();
  if (hidden_input_ > 0) {
    std::cerr << path_ << ": " << hidden_input_
              << " more bad lines not shown (all are counted in the report; "
                 "--per-puzzle lists every line)\n";
  }
  if (hidden_errors_ > 0) {
    std::cerr << path_ << ": " << hidden_errors_
              << " more wrong answers, disagreements or errors not shown "
                 "(all are counted in the report)\n";
  }
}

void Observers::OnRecord(const std::string& path, const PuzzleRecord& record,
                         std::span<const PuzzleOutcome> outcomes) {
  if (marks_ != nullptr) marks_->BeforeRecord(record.line);
  for (auto& o : outputs_) o->OnRecord(path, record, outcomes);
}

void Observers::OnAccounted(const DatasetResult& so_far, PassPoint point) {
  for (auto& o : outputs_) o->OnAccounted(so_far, point);
}

void Observers::OnProblem(const std::string& message, bool error) {
  size_t& shown = error ? shown_errors_ : shown_input_;
  if (shown >= max_messages_) {
    ++(error ? hidden_errors_ : hidden_input_);
    return;
  }
  ++shown;
  progress_.Clear();
  std::cerr << message << '\n';
}

void Observers::OnProgress(uint64_t lines, uint64_t raw_bytes,
                           std::optional<uint64_t> raw_size, double elapsed) {
  progress_.Show(path_, lines, raw_bytes, raw_size, elapsed);
}

bool ShowsProgress(const std::string& progress) {
  return progress == "always" ||
         (progress == "auto" && StandardErrorIsTerminal());
}

DatasetResult ObservedPass(const std::string& path, const RunOptions& run,
                           Observers& observers, RunObserver& observer,
                           const PassResume* resume) {
  observers.StartDataset(path);
  DatasetResult result;
  try {
    result = RunDataset(path, run, observer, resume);
  } catch (...) {
    observers.EndDataset();
    throw;
  }
  observers.EndDataset();
  return result;
}

}  // namespace sudoku
