// bench --ab's observer: identical searches, and solve times per batch.
#include "engine/compare/ab_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/common/exit_codes.h"
#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"

namespace sudoku {

void AbCheck::StartDataset(size_t batch_size) {
  batcher_.Reset(batch_size);
  differences_ = 0;
  searched_ = 0;
  first_differences_.clear();
}

void AbCheck::OnRecord(const std::string& path, const PuzzleRecord& record,
                       std::span<const PuzzleOutcome> outcomes) {
  const PuzzleOutcome& a = outcomes[0];
  const PuzzleOutcome& b = outcomes[1];
  const bool searched =
      a.verdict != Verdict::kInvalid && a.verdict != Verdict::kMalformed;
  // Each side's time on the CPU: a preemption inside a solve is not the
  // build's cost (PuzzleOutcome::cpu_nanos).
  batcher_.Add(searched, a.cpu_nanos(), b.cpu_nanos());
  if (searched) {
    ++searched_;
    if (a.result.nodes != b.result.nodes ||
        a.result.outcome != b.result.outcome) {
      ++differences_;
      if (first_differences_.size() < kShownDifferences) {
        first_differences_.push_back(path + ":" + std::to_string(record.line) +
                                     ": " + Describe(a_name_, a) + ", " +
                                     Describe(b_name_, b));
      }
    }
  }
}

int AbCheck::Report(std::ostream& out, std::ostream& err,
                    const std::string& dataset,
                    std::optional<double> max_slowdown_pct) const {
  int code = kExitOk;
  for (const std::string& line : first_differences_) {
    err << "bench: ab: " << line << '\n';
  }
  if (differences_ > first_differences_.size()) {
    err << "bench: ab: " << differences_ - first_differences_.size()
        << " more puzzles searched differently\n";
  }
  // Each batch's sums of each side's CPU time (time off the CPU taken out,
  // as OnRecord adds them), outliers set aside: the ratio of total work.
  const AbVerdict verdict = JudgeAb(Batches());
  out << "ab: " << b_name_ << " / " << a_name_ << " on " << dataset << ": "
      << AbRatioText(verdict) << "; " << SetAside() << "; "
      << (differences_ == 0 ? "searches identical"
                            : "searches DIFFER on " +
                                  std::to_string(differences_) + " puzzles")
      << '\n';
  if (differences_ == 0) out << RatioFigures();
  if (differences_ > 0) code = kExitFailure;
  if (!max_slowdown_pct) return code;
  const std::string allowed = AllowedWords(*max_slowdown_pct);
  if (differences_ > 0) {
    // Different searches do different work: their times say nothing of the
    // builds' speed, and the run fails on the searches alone.
    out << "ab: verdict: FAIL (exit 1): the searches differ on "
        << differences_ << " puzzles, so their times are not comparable; no "
        << "timing verdict\n";
    return kExitFailure;
  }
  if (!verdict.has_interval) {
    out << "ab: verdict: UNDECIDED (exit 3): no interval to hold against "
        << allowed << " (" << batcher_.Batches().size() << " batches of "
        << batcher_.batch_size()
        << " puzzles; a smaller --batch gives more)\n";
    return kExitUndecided;
  }
  // An interval wider than the margin cannot tell a slowdown of the
  // margin's size from none: say so, since the verdict then misses it.
  const double width_pct = 100.0 * (verdict.high - verdict.low);
  if (width_pct > std::fabs(*max_slowdown_pct)) {
    char text[256];
    std::snprintf(text, sizeof(text),
                  "ab: warning: the 95%% interval is %.1f points wide, wider "
                  "than the %g%% margin: a slowdown of that size may pass; "
                  "use more puzzles or a smaller --batch (now %zu)\n",
                  width_pct, std::fabs(*max_slowdown_pct),
                  batcher_.batch_size());
    out << text;
  }
  // The interval's slow end is its low ratio.
  const std::string range = "between " + SlowdownText(verdict.low) + " and " +
                            SlowdownText(verdict.high) + " (95% CI)";
  // The smallest slowdown this run could have failed: a PASS vouches for
  // no less (docs/glossary.md#detection-limit).
  const std::string limit =
      "; detection limit " +
      SlowerWords(AbDetectionLimit(verdict, *max_slowdown_pct));
  if (BeyondSlowdown(verdict, *max_slowdown_pct)) {
    out << "ab: verdict: FAIL (exit 1): " << b_name_ << " is " << range
        << ", wholly beyond " << allowed << limit << '\n';
    return kExitFailure;
  }
  out << "ab: verdict: PASS: " << b_name_ << " is " << range
      << ", not wholly beyond " << allowed << limit << '\n';
  return code;
}

std::string AbCheck::SetAside() const {
  char text[96];
  std::snprintf(text, sizeof(text), "%zu timings set aside as outliers",
                batcher_.Dropped());
  return text;
}

std::string AbCheck::RatioFigures() const {
  uint64_t a_nanos = 0, b_nanos = 0;
  for (const AbBatch& batch : Batches()) {
    a_nanos += batch.a_nanos;
    b_nanos += batch.b_nanos;
  }
  const uint64_t kept = searched_ - std::min<uint64_t>(searched_, batcher_.Dropped());
  if (kept == 0 || a_nanos == 0 || b_nanos == 0) return "";
  const auto rate = [kept](uint64_t nanos) {
    return Grouped(static_cast<uint64_t>(
        1e9 * static_cast<double>(kept) / static_cast<double>(nanos) + 0.5));
  };
  // The table's puzzles/s keep every timing, so one preempted solve can
  // move a build's figure there by a third while the ratio, which sets it
  // aside, does not move: show the figures the ratio is made of.
  return "ab: the ratio's figures, outliers set aside: " + a_name_ + " " +
         rate(a_nanos) + " puzzles/s, " + b_name_ + " " + rate(b_nanos) +
         " puzzles/s over " + Grouped(kept) +
         " puzzles (the table above keeps every timing)\n";
}

std::string AbCheck::Describe(const std::string& name,
                              const PuzzleOutcome& o) const {
  return name + " " + std::to_string(o.result.nodes) + " nodes (" +
         std::string(OutcomeName(o.result.outcome)) + ")";
}

}  // namespace sudoku
