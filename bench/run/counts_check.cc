// What a gate on a file's own counts checked, per strategy.
#include "bench/run/counts_check.h"

#include "engine/common/text_format.h"
#include "engine/stats/run_result.h"

namespace sudoku {

void CountsCheck::OnRecord(const std::string&, const PuzzleRecord& record,
                           std::span<const PuzzleOutcome> outcomes) {
  if (!record.has_expected && !record.expected_count) return;
  if (tallies_.size() < outcomes.size()) tallies_.resize(outcomes.size());
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const Verdict v = outcomes[i].verdict;
    if (v == Verdict::kInvalid || v == Verdict::kMalformed) continue;
    Tally& t = tallies_[i];
    ++t.with_count;
    if (v == Verdict::kSolved || v == Verdict::kMultiple ||
        v == Verdict::kNoSolution) {
      ++t.checked;
    } else if (v == Verdict::kOverBudget) {
      ++t.over_budget;
    }
  }
}

void CountsCheck::Report(std::ostream& err, const std::string& dataset,
                         std::span<const std::string> names) {
  for (size_t i = 0; i < tallies_.size() && i < names.size(); ++i) {
    const Tally& t = tallies_[i];
    if (t.with_count == 0) continue;
    err << "bench: " << dataset << ": " << names[i] << ": "
        << Grouped(t.checked) << " of " << Grouped(t.with_count)
        << " answers checked against the file's counts; "
        << Grouped(t.over_budget) << " over the node budget, unchecked\n";
  }
  tallies_.clear();
}

}  // namespace sudoku
