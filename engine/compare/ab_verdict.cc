// bench --ab's statistics: the ratio of summed times over pairs of batches
// and its jackknife t interval; outliers set aside.
#include "engine/compare/ab_verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

#include "engine/compare/timing_words.h"
#include "engine/stats/quantile.h"

namespace sudoku {

namespace {

double LogRatio(const AbBatch& batch) {
  return std::log(static_cast<double>(batch.a_nanos) /
                  static_cast<double>(batch.b_nanos));
}

bool Timed(const AbBatch& batch) {
  return batch.a_nanos > 0 && batch.b_nanos > 0;
}

// The batches' sums by pair: batch 2k (A went first) with 2k + 1 (B went
// first). Timed batches only; a pair none of whose batches is timed is
// left out.
struct Pairs {
  std::vector<AbBatch> sums;
  size_t timed[2] = {0, 0};  // timed batches of each order
};

Pairs PairUp(std::span<const AbBatch> batches) {
  Pairs pairs;
  for (size_t i = 0; i < batches.size(); i += 2) {
    AbBatch pair;
    bool any = false;
    for (size_t j = i; j < std::min(i + 2, batches.size()); ++j) {
      if (!Timed(batches[j])) continue;
      any = true;
      ++pairs.timed[j % 2];
      pair.a_nanos += batches[j].a_nanos;
      pair.b_nanos += batches[j].b_nanos;
    }
    if (any) pairs.sums.push_back(pair);
  }
  return pairs;
}

// The jackknife's variance of ln(sum A / sum B) over pairs: (n - 1) / n
// times the squared deviations of the n values of it that leave one pair
// out each; negative when a pair holds all of one side's time, so that no
// interval can be had.
double JackknifeVariance(const std::vector<AbBatch>& sums, double a,
                         double b) {
  const size_t n = sums.size();
  std::vector<double> left_out;
  left_out.reserve(n);
  double mean = 0;
  for (const AbBatch& p : sums) {
    const double rest_a = a - static_cast<double>(p.a_nanos);
    const double rest_b = b - static_cast<double>(p.b_nanos);
    if (rest_a <= 0 || rest_b <= 0) return -1;
    left_out.push_back(std::log(rest_a / rest_b));
    mean += left_out.back();
  }
  mean /= static_cast<double>(n);
  double squares = 0;
  for (const double x : left_out) squares += (x - mean) * (x - mean);
  return squares * static_cast<double>(n - 1) / static_cast<double>(n);
}

}  // namespace

AbVerdict JudgeAb(std::span<const AbBatch> batches) {
  const Pairs pairs = PairUp(batches);
  AbVerdict verdict;
  verdict.batches = pairs.timed[0] + pairs.timed[1];
  verdict.ratio = std::numeric_limits<double>::quiet_NaN();
  if (pairs.timed[0] == 0 || pairs.timed[1] == 0) return verdict;
  double a = 0, b = 0;
  for (const AbBatch& p : pairs.sums) {
    a += static_cast<double>(p.a_nanos);
    b += static_cast<double>(p.b_nanos);
  }
  verdict.ratio = a / b;
  const size_t n = pairs.sums.size();
  if (pairs.timed[0] < kAbMinBatchesPerOrder ||
      pairs.timed[1] < kAbMinBatchesPerOrder || n < kAbMinBatchesPerOrder) {
    return verdict;
  }
  const double variance = JackknifeVariance(pairs.sums, a, b);
  if (variance < 0) return verdict;
  const double half =
      variance > 0
          ? StudentT975(static_cast<double>(n - 1)) * std::sqrt(variance)
          : 0;
  verdict.has_interval = true;
  verdict.low = verdict.ratio * std::exp(-half);
  verdict.high = verdict.ratio * std::exp(half);
  return verdict;
}

AbBatch SumBatch(std::span<const AbBatch> puzzles, const AbReference& reference,
                 size_t& dropped) {
  const double limit = std::log(kOutlierFactor);
  AbBatch sum;
  for (const AbBatch& p : puzzles) {
    const double apart = std::fabs(static_cast<double>(p.a_nanos) -
                                   static_cast<double>(p.b_nanos));
    if (Timed(p) && std::fabs(LogRatio(p) - reference.log_ratio) > limit &&
        apart > kOutlierFactor * reference.nanos) {
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
  orders_[0] = orders_[1] = Order{};
}

void AbBatcher::Add(bool timed, uint64_t a_nanos, uint64_t b_nanos) {
  if (timed) puzzles_.push_back({a_nanos, b_nanos});
  if (++records_in_batch_ == batch_size_) Close(false);
}

void AbBatcher::Close(bool all) {
  Order& order = orders_[batches_.size() % 2];
  for (const AbBatch& p : puzzles_) order.waiting_timed += Timed(p) ? 1 : 0;
  order.waiting.push_back({batches_.size(), std::move(puzzles_)});
  batches_.push_back({});
  puzzles_.clear();
  records_in_batch_ = 0;
  if (all || order.recent.size() + order.waiting_timed >= kOutlierWindow) {
    Settle(order);
  }
}

void AbBatcher::Settle(Order& order) {
  std::vector<Seen>& seen = order.recent;
  for (const Waiting& w : order.waiting) {
    for (const AbBatch& p : w.puzzles) {
      if (!Timed(p)) continue;
      seen.push_back({LogRatio(p), (static_cast<double>(p.a_nanos) +
                                    static_cast<double>(p.b_nanos)) /
                                       2});
      ++order.unreferenced;
    }
  }
  // The medians cost more than the rest of a small batch's work: they are
  // taken again once a quarter of the window is new.
  if (!seen.empty() &&
      (order.unreferenced >= kOutlierWindow / 4 || !order.has_reference)) {
    std::vector<double> logs, nanos;
    for (const Seen& p : seen) {
      logs.push_back(p.log_ratio);
      nanos.push_back(p.nanos);
    }
    order.reference = {Median(std::move(logs)), Median(std::move(nanos))};
    order.has_reference = true;
    order.unreferenced = 0;
  }
  for (const Waiting& w : order.waiting) {
    batches_[w.index] = SumBatch(w.puzzles, order.reference, dropped_);
  }
  order.waiting.clear();
  order.waiting_timed = 0;
  if (seen.size() > kOutlierWindow) {
    seen.erase(seen.begin(),
               seen.end() - static_cast<ptrdiff_t>(kOutlierWindow));
  }
}

AbBatcher AbBatcher::Finished() const {
  AbBatcher done = *this;
  if (done.records_in_batch_ > 0) done.Close(true);
  for (Order& o : done.orders_) {
    if (!o.waiting.empty()) done.Settle(o);
  }
  return done;
}

std::vector<AbBatch> AbBatcher::Batches() const { return Finished().batches_; }

size_t AbBatcher::Dropped() const { return Finished().dropped_; }

bool BeyondSlowdown(const AbVerdict& verdict, double max_slowdown_pct) {
  return verdict.has_interval &&
         verdict.high < 1.0 / (1.0 + max_slowdown_pct / 100.0);
}

double AbDetectionLimit(const AbVerdict& verdict, double max_slowdown_pct) {
  if (!verdict.has_interval) return std::nan("");
  // A ratio fails once its interval's fast end falls below the margin's.
  const double ratio = 1.0 / (1.0 + max_slowdown_pct / 100.0) -
                       (verdict.high - verdict.ratio);
  return ratio > 0 ? SlowdownOfRatio(ratio)
                   : std::numeric_limits<double>::infinity();
}

bool WithinSlowdown(const AbVerdict& verdict, double max_slowdown_pct) {
  return verdict.has_interval &&
         verdict.low > 1.0 / (1.0 + max_slowdown_pct / 100.0);
}

std::string SlowdownText(double ratio) {
  return SlowerWords(SlowdownOfRatio(ratio));
}

std::string AbRatioText(const AbVerdict& verdict) {
  char text[256];
  if (std::isnan(verdict.ratio)) {
    return "no throughput ratio: it needs a batch with timed puzzles in each "
           "order, so two batches at least (use more puzzles or a smaller "
           "--batch)";
  }
  if (!verdict.has_interval) {
    std::snprintf(text, sizeof(text),
                  "%.3fx throughput over %zu batches, no interval: a 95%% "
                  "interval needs %zu batches of each order (use more "
                  "puzzles or a smaller --batch)",
                  verdict.ratio, verdict.batches, kAbMinBatchesPerOrder);
    return text;
  }
  std::snprintf(text, sizeof(text),
                "%.3fx throughput (95%% CI %.3f-%.3f) over %zu batches%s",
                verdict.ratio, verdict.low, verdict.high, verdict.batches,
                verdict.batches < kAbFewBatches
                    ? " (few batches: a wide interval; use more puzzles or a "
                      "smaller --batch)"
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
