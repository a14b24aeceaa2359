// The solver stage: parse, solve, verify and tally a batch's records.
#include "engine/pipeline/pipeline_solver.h"

#include <algorithm>
#include <cstdint>

namespace sudoku {
namespace {

// Nanoseconds as whole microseconds in 32 bits, saturated.
uint32_t Micros32(uint64_t nanos) {
  return static_cast<uint32_t>(std::min<uint64_t>(nanos / 1000, UINT32_MAX));
}

}  // namespace

// A second solver over the strategies in reverse order: its outcomes come
// out reversed and are put back in RunOptions order, so nothing after the
// solver stage knows the order they ran in.
struct BatchSolver::Reversed {
  Reversed(const std::string& path, const RunOptions& options)
      : options(ReversedOptions(options)), solver(path, this->options) {}
  static RunOptions ReversedOptions(RunOptions options) {
    std::reverse(options.strategies.begin(), options.strategies.end());
    if (options.reference >= 0) {
      options.reference =
          static_cast<int>(options.strategies.size()) - 1 - options.reference;
    }
    return options;
  }
  const RunOptions options;
  const PuzzleSolver solver;
};

BatchSolver::BatchSolver(const std::string& path, const RunOptions& options)
    : options_(options),
      strategies_(options.strategies.size()),
      givens_check_(strategies_ > 0 ? GivensCheck::kDeferred
                                    : GivensCheck::kNow),
      solver_(path, options),
      reversed_(options.alternate_order && strategies_ > 1
                    ? std::make_unique<Reversed>(path, options)
                    : nullptr) {}

BatchSolver::~BatchSolver() = default;

void BatchSolver::Prepare(Batch& batch) const {
  batch.records.resize(batch.lines.size());
  batch.outcomes.resize(batch.lines.size() * strategies_);
  batch.tallies.resize(batch.lines.size() * strategies_);
  batch.disagreed.assign(batch.lines.size(), 0);
  batch.stopped.store(false, std::memory_order_relaxed);
}

void BatchSolver::SolveRange(Batch& batch, size_t begin, size_t end) {
  ParseRange(batch, begin, end);
  if (strategies_ > 0) SolveParsed(batch, begin, end);
}

void BatchSolver::Finish(Batch& batch) const {
  std::stable_sort(
      batch.problems.begin(), batch.problems.end(),
      [](const Problem& a, const Problem& b) { return a.record < b.record; });
}

void BatchSolver::ParseRange(Batch& batch, size_t begin, size_t end) const {
  for (size_t r = begin; r < end; ++r) {
    const Batch::Line& line = batch.lines[r];
    PuzzleRecord& record = batch.records[r];
    record.line = line.number;
    DatasetParser::ParseRecord(
        batch.format,
        std::string_view(batch.text).substr(line.offset, line.length), record,
        givens_check_);
    MarkCut(record, line.cut);
  }
}

void BatchSolver::SolveParsed(Batch& batch, size_t begin, size_t end) {
  std::vector<Problem> problems;
  const bool reverse = reversed_ != nullptr && batch.index % 2 == 1;
  const PuzzleSolver& solver = reverse ? reversed_->solver : solver_;
  for (size_t r = begin; r < end; ++r) {
    PuzzleRecord& record = batch.records[r];
    PuzzleOutcome* outcomes = batch.outcomes.data() + r * strategies_;
    if (record.status != RecordStatus::kPuzzle &&
        record.status != RecordStatus::kReferenceWrong) {
      Unsearched(record, outcomes);
    } else {
      if (!SolveRecord(solver, reverse, r, record, outcomes,
                       batch.disagreed[r], problems)) {
        // Not every strategy solved it: the batch is not accounted (see
        // Batch::stopped), so nothing more of it is needed.
        batch.stopped.store(true, std::memory_order_relaxed);
        return;
      }
    }
    TallyEntry* tallies = batch.tallies.data() + r * strategies_;
    const bool reference_wrong =
        record.status == RecordStatus::kReferenceWrong;
    for (size_t i = 0; i < strategies_; ++i) {
      const PuzzleOutcome& o = outcomes[i];
      tallies[i] = {o.nanos,
                    o.result.nodes,
                    Micros32(o.off_cpu_nanos),
                    static_cast<uint16_t>(
                        std::min<uint32_t>(o.disagreements, UINT16_MAX)),
                    o.verdict,
                    o.result.guessed,
                    o.differs_from_file,
                    o.unchecked,
                    o.several_claimed_one,
                    reference_wrong};
    }
  }
  if (!problems.empty()) {
    std::lock_guard lock(batch.problems_mutex);
    batch.problems.insert(batch.problems.end(), problems.begin(),
                          problems.end());
  }
}

bool BatchSolver::SolveRecord(const PuzzleSolver& solver, bool reverse,
                              size_t r, PuzzleRecord& record,
                              PuzzleOutcome* outcomes, uint8_t& disagreed,
                              std::vector<Problem>& problems) const {
  const size_t problems_before = problems.size();
  const auto checked = solver.Solve(r, record, outcomes, problems);
  if (checked.stopped) return false;
  if (reverse) std::reverse(outcomes, outcomes + strategies_);
  // A verified grid keeps every given and breaks no rule, so the givens
  // are valid; otherwise check them now, and if they clash the puzzle
  // counts as invalid, whatever the strategies made of it.
  if (!checked.verified && !record.has_expected) {
    CheckGivens(record);
    if (record.status == RecordStatus::kInvalid) {
      problems.resize(problems_before);
      Unsearched(record, outcomes);
      return true;
    }
  }
  if (checked.disagreement) disagreed = 1;
  return true;
}

void BatchSolver::Unsearched(const PuzzleRecord& record,
                             PuzzleOutcome* outcomes) const {
  const Verdict v = record.status == RecordStatus::kInvalid
                        ? Verdict::kInvalid
                        : Verdict::kMalformed;
  for (size_t i = 0; i < strategies_; ++i) {
    outcomes[i] = PuzzleOutcome{};
    outcomes[i].verdict = v;
  }
}

size_t BatchSolver::Tally(const Batch& batch, size_t strategies,
                         bool keep_slowest, std::vector<StrategyStats>& stats,
                         uint64_t& disagreements) {
  if (strategies == 0) return 0;
  size_t to_tell = 0;
  for (size_t r = 0; r < batch.records.size(); ++r) {
    const TallyEntry* tallies = batch.tallies.data() + r * strategies;
    if (r % StrategyStats::kCpuBlock == 0) {
      for (size_t i = 0; i < strategies; ++i) stats[i].cpu_blocks.push_back(0);
    }
    // The solver stage gives these two verdicts, and only these, to
    // records it did not search.
    if (tallies[0].verdict == Verdict::kInvalid ||
        tallies[0].verdict == Verdict::kMalformed) {
      ++to_tell;
      for (size_t i = 0; i < strategies; ++i) {
        stats[i].AddUnsearched(tallies[i].verdict);
      }
      continue;
    }
    disagreements += batch.disagreed[r];
    to_tell += tallies[0].reference_wrong;
    for (size_t i = 0; i < strategies; ++i) {
      const TallyEntry& t = tallies[i];
      StrategyStats& s = stats[i];
      s.Add({t.verdict, t.nanos, t.nodes, t.guessed});
      const uint64_t off_cpu =
          std::min<uint64_t>(uint64_t{t.off_cpu_micros} * 1000, t.nanos);
      s.off_cpu_nanos += off_cpu;
      s.cpu_blocks.back() += t.nanos - off_cpu;
      s.disagreements += t.disagreements;
      if (keep_slowest) {
        const PuzzleRecord& record = batch.records[r];
        s.slowest.Offer({t.nanos, t.nodes, record.line, record.puzzle,
                         t.verdict == Verdict::kOverBudget});
      }
      if (t.differs_from_file) ++s.expected_differs;
      if (t.unchecked) ++s.unchecked;
      if (t.several_claimed_one) ++s.several_claimed_one;
      if (t.reference_wrong) ++s.reference_wrong;
    }
  }
  return to_tell;
}

}  // namespace sudoku
