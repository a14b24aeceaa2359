// bench --ab's statistics: the median of per-pair log time ratios and its
// order-statistic interval.
#include "engine/compare/ab_verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

#include "engine/stats/quantile.h"

namespace sudoku {

namespace {

double LogRatio(const AbBatch& batch) {
  return std::log(static_cast<double>(batch.a_nanos) /
                  static_cast<double>(batch.b_nanos));
}

}  // namespace

AbVerdict JudgeAb(std::span<const AbBatch> batches) {
  std::vector<double> logs;
  for (size_t i = 0; i + 1 < batches.size(); i += 2) {
    const AbBatch& first = batches[i];
    const AbBatch& second = batches[i + 1];
    if (first.a_nanos == 0 || first.b_nanos == 0 || second.a_nanos == 0 ||
        second.b_nanos == 0) {
      continue;
    }
    logs.push_back((LogRatio(first) + LogRatio(second)) / 2);
  }
  AbVerdict verdict;
  verdict.pairs = logs.size();
  verdict.ratio = std::numeric_limits<double>::quiet_NaN();
  if (logs.empty()) return verdict;
  verdict.ratio = std::exp(Median(logs));
  std::sort(logs.begin(), logs.end());
  const size_t n = logs.size();
  const size_t rank = MedianIntervalRank(n);
  if (rank == 0) return verdict;
  verdict.has_interval = true;
  verdict.low = std::exp(logs[rank - 1]);
  verdict.high = std::exp(logs[n - rank]);
  return verdict;
}

AbBatch SumBatch(std::span<const AbBatch> puzzles, size_t& dropped) {
  std::vector<double> logs;
  for (const AbBatch& p : puzzles) {
    if (p.a_nanos > 0 && p.b_nanos > 0) logs.push_back(LogRatio(p));
  }
  const double median = Median(std::move(logs));
  const double limit = std::log(kOutlierFactor);
  AbBatch sum;
  for (const AbBatch& p : puzzles) {
    if (p.a_nanos > 0 && p.b_nanos > 0 &&
        std::fabs(LogRatio(p) - median) > limit) {
      ++dropped;
      continue;
    }
    sum.a_nanos += p.a_nanos;
    sum.b_nanos += p.b_nanos;
  }
  return sum;
}

void AbBatcher::Reset() {
  batches_.clear();
  puzzles_.clear();
  records_in_batch_ = 0;
  dropped_ = 0;
}

void AbBatcher::Add(bool timed, uint64_t a_nanos, uint64_t b_nanos) {
  if (timed) puzzles_.push_back({a_nanos, b_nanos});
  if (++records_in_batch_ == batch_size_) {
    batches_.push_back(SumBatch(puzzles_, dropped_));
    puzzles_.clear();
    records_in_batch_ = 0;
  }
}

std::vector<AbBatch> AbBatcher::Batches() const {
  std::vector<AbBatch> batches = batches_;
  size_t dropped = 0;
  if (records_in_batch_ > 0) batches.push_back(SumBatch(puzzles_, dropped));
  return batches;
}

size_t AbBatcher::Dropped() const {
  size_t dropped = dropped_;
  if (records_in_batch_ > 0) SumBatch(puzzles_, dropped);
  return dropped;
}

bool BeyondSlowdown(const AbVerdict& verdict, double max_slowdown_pct) {
  return verdict.has_interval &&
         verdict.high < 1.0 / (1.0 + max_slowdown_pct / 100.0);
}

bool WithinSlowdown(const AbVerdict& verdict, double max_slowdown_pct) {
  return verdict.has_interval &&
         verdict.low > 1.0 / (1.0 + max_slowdown_pct / 100.0);
}

std::string SlowdownText(double ratio) {
  const double slower = 100.0 * (1.0 / ratio - 1.0);
  char text[64];
  std::snprintf(text, sizeof(text), "%.1f%% %s", std::fabs(slower),
                slower >= 0 ? "slower" : "faster");
  return text;
}

std::string AbRatioText(const AbVerdict& verdict) {
  char text[256];
  const size_t batches = 2 * verdict.pairs;
  if (verdict.pairs == 0) {
    return "no throughput ratio: fewer than two batches with timed puzzles "
           "(use more puzzles or a smaller --batch)";
  }
  if (!verdict.has_interval) {
    std::snprintf(text, sizeof(text),
                  "%.3fx throughput over %zu batches, no interval: a 95%% "
                  "interval needs 6 pairs of batches (use more puzzles or a "
                  "smaller --batch)",
                  verdict.ratio, batches);
    return text;
  }
  std::snprintf(text, sizeof(text),
                "%.3fx throughput (95%% CI %.3f-%.3f) over %zu batches%s",
                verdict.ratio, verdict.low, verdict.high, batches,
                verdict.pairs < 10 ? " (few batches: a wide interval; use "
                                     "more puzzles or a smaller --batch)"
                                   : "");
  return text;
}

size_t AbBatchSize(uint64_t raw_bytes, bool lines_known) {
  if (!lines_known) return kAbUnknownBatch;
  const uint64_t lines = raw_bytes / kAbBytesPerLine;
  return static_cast<size_t>(std::clamp<uint64_t>(
      lines / kAbTargetBatches, kAbMinBatch, kAbMaxBatch));
}

}  // namespace sudoku
