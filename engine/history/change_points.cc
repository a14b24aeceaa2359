// Change points by binary segmentation with a permutation test, over a rank
// or an energy statistic.
#include "engine/history/change_points.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sudoku {
namespace {

struct Split {
  size_t tau = 0;  // 0: no split allowed
  double q = -std::numeric_limits<double>::infinity();
};

// The energy statistic's Q(tau) for every tau in [1, size), with
// `visit(tau, q)`. O(size^2): each point moved from Y to X changes the three
// sums by its distances to the points before and after it.
template <typename Visit>
void ForEachEnergySplit(std::span<const double> v, Visit visit) {
  const size_t size = v.size();
  double within_y = 0;
  for (size_t i = 0; i < size; ++i) {
    for (size_t j = i + 1; j < size; ++j) within_y += std::fabs(v[i] - v[j]);
  }
  double within_x = 0, cross = 0;
  for (size_t t = 0; t + 1 < size; ++t) {
    double to_x = 0, to_y = 0;
    for (size_t i = 0; i < t; ++i) to_x += std::fabs(v[i] - v[t]);
    for (size_t j = t + 1; j < size; ++j) to_y += std::fabs(v[t] - v[j]);
    within_x += to_x;
    cross += to_y - to_x;
    within_y -= to_y;
    const double m = static_cast<double>(t + 1);
    const double n = static_cast<double>(size - t - 1);
    // A side of one point has no pairs: its own spread counts as none.
    const double spread_x = m > 1 ? within_x / (m * (m - 1) / 2) : 0;
    const double spread_y = n > 1 ? within_y / (n * (n - 1) / 2) : 0;
    const double energy = 2 * cross / (m * n) - spread_x - spread_y;
    visit(t + 1, m * n / (m + n) * energy);
  }
}

// The rank statistic's Q(tau) for every tau, from the values' mid-ranks
// (ties share the mean of their ranks) and their running sum: O(size log
// size).
template <typename Visit>
void ForEachRankSplit(std::span<const double> v, Visit visit) {
  const size_t size = v.size();
  std::vector<size_t> order(size);
  for (size_t i = 0; i < size; ++i) order[i] = i;
  std::ranges::sort(order, {}, [&](size_t i) { return v[i]; });
  std::vector<double> rank(size);
  for (size_t i = 0; i < size;) {
    size_t j = i;
    while (j < size && v[order[j]] == v[order[i]]) ++j;
    for (size_t k = i; k < j; ++k) rank[order[k]] = (i + 1 + j) / 2.0;
    i = j;
  }
  const double all = size * (size + 1) / 2.0;
  double ranks_x = 0;
  for (size_t t = 0; t + 1 < size; ++t) {
    ranks_x += rank[t];
    const double m = static_cast<double>(t + 1);
    const double n = static_cast<double>(size - t - 1);
    const double u = 2 * (all - ranks_x) - n * (n + 1) - m * n;
    visit(t + 1, std::fabs(u) / std::sqrt(m * n * (m + n + 1) / 3));
  }
}

template <typename Visit>
void ForEachSplit(std::span<const double> v, ChangeStatistic statistic,
                  Visit visit) {
  if (statistic == ChangeStatistic::kRank) {
    ForEachRankSplit(v, visit);
  } else {
    ForEachEnergySplit(v, visit);
  }
}

Split BestSplit(std::span<const double> v, const ChangePointOptions& options,
                size_t min_segment) {
  Split best;
  if (v.size() < 2 * min_segment) return best;
  ForEachSplit(v, options.statistic, [&](size_t tau, double q) {
    if (tau < min_segment || v.size() - tau < min_segment) return;
    if (q > best.q) best = {tau, q};
  });
  return best;
}

// Where in `v` a single step most likely lies: the split with the least sum
// of squares about each side's mean (the step's location under Gaussian
// noise), over values clipped so that an outlier moves it little. The
// standardized
// statistics rank splits by their evidence, which near a segment's end
// favours splits toward its middle: a step found 5 commits after it lands
// up to 4 commits early that way.
size_t StepLocation(std::span<const double> v, size_t min_segment) {
  // Each value clipped to the segment's median +- 3 robust deviations
  // (1.4826 MADs), so that an outlier weighs no more than a point of a step
  // of that size.
  std::vector<double> sorted(v.begin(), v.end());
  std::ranges::sort(sorted);
  const double median = sorted[sorted.size() / 2];
  std::vector<double> deviations;
  for (double x : v) deviations.push_back(std::fabs(x - median));
  std::ranges::sort(deviations);
  // Most values equal: nothing to measure outliers by, so none are clipped.
  double reach = 3 * 1.4826 * deviations[deviations.size() / 2];
  if (reach == 0) reach = std::numeric_limits<double>::infinity();
  std::vector<double> clipped;
  for (double x : v) {
    clipped.push_back(std::clamp(x, median - reach, median + reach));
  }
  // The least sum of squares about each side's mean, from running sums.
  std::vector<double> sum(v.size() + 1, 0), squares(v.size() + 1, 0);
  for (size_t i = 0; i < v.size(); ++i) {
    sum[i + 1] = sum[i] + clipped[i];
    squares[i + 1] = squares[i] + clipped[i] * clipped[i];
  }
  const auto cost = [&](size_t from, size_t to) {
    const double s = sum[to] - sum[from];
    return squares[to] - squares[from] - s * s / static_cast<double>(to - from);
  };
  size_t best = 0;
  double least = std::numeric_limits<double>::infinity();
  for (size_t tau = min_segment; tau + min_segment <= v.size(); ++tau) {
    const double c = cost(0, tau) + cost(tau, v.size());
    if (c < least) {
      least = c;
      best = tau;
    }
  }
  return best;
}

struct Segment {
  size_t begin = 0, end = 0;
  Split split;  // relative to begin
};

// The largest Q over every segment of `values`.
double LargestQ(std::span<const double> values,
                const std::vector<Segment>& segments,
                const ChangePointOptions& options, size_t min_segment) {
  double largest = -std::numeric_limits<double>::infinity();
  for (const Segment& s : segments) {
    largest =
        std::max(largest, BestSplit(values.subspan(s.begin, s.end - s.begin),
                                    options, min_segment)
                              .q);
  }
  return largest;
}

}  // namespace

uint64_t SplitMix64::Below(uint64_t n) {
  const uint64_t limit = std::numeric_limits<uint64_t>::max() -
                         std::numeric_limits<uint64_t>::max() % n;
  uint64_t r;
  do r = Next();
  while (r >= limit);
  return r % n;
}

std::vector<double> SplitStatistics(std::span<const double> values,
                                    ChangeStatistic statistic) {
  std::vector<double> q;
  ForEachSplit(values, statistic,
               [&](size_t, double value) { q.push_back(value); });
  return q;
}

std::vector<ChangePoint> FindChangePoints(std::span<const double> values,
                                          const ChangePointOptions& options) {
  const size_t min_segment = std::max<size_t>(options.min_segment, 1);
  SplitMix64 random(options.seed);
  std::vector<Segment> segments = {{0, values.size(), {}}};
  segments[0].split = BestSplit(values, options, min_segment);
  std::vector<ChangePoint> found;
  std::vector<double> shuffled;
  // Permuted series reaching the observed Q beyond this many cannot give
  // p <= alpha: the test stops there, which spares most of the work on a
  // series with no change.
  const int allowed = static_cast<int>(
      std::floor(options.alpha * (options.permutations + 1) - 1 + 1e-9));
  while (true) {
    auto candidate = std::ranges::max_element(
        segments, {}, [](const Segment& s) { return s.split.q; });
    if (candidate == segments.end() || candidate->split.tau == 0) break;
    const double observed = candidate->split.q;
    int reached = 0, ran = 0;
    for (; ran < options.permutations && reached <= allowed; ++ran) {
      shuffled.assign(values.begin(), values.end());
      for (const Segment& s : segments) {
        // Fisher-Yates within the segment: the segments found so far stay
        // apart, so only the order inside each is tested.
        for (size_t i = s.end - s.begin; i > 1; --i) {
          std::swap(shuffled[s.begin + i - 1],
                    shuffled[s.begin + random.Below(i)]);
        }
      }
      if (LargestQ(shuffled, segments, options, min_segment) >= observed) {
        ++reached;
      }
    }
    const double p_value = (reached + 1.0) / (options.permutations + 1.0);
    if (reached > allowed || p_value > options.alpha) break;
    const Segment whole = *candidate;
    // The test said there is a step in this segment; the location is
    // estimated apart from the evidence.
    const size_t tau =
        whole.begin +
        StepLocation(values.subspan(whole.begin, whole.end - whole.begin),
                     min_segment);
    found.push_back({tau, p_value, observed});
    Segment left{whole.begin, tau, {}}, right{tau, whole.end, {}};
    left.split = BestSplit(values.subspan(left.begin, tau - left.begin),
                           options, min_segment);
    right.split =
        BestSplit(values.subspan(tau, right.end - tau), options, min_segment);
    *candidate = left;
    segments.insert(candidate + 1, right);
  }
  std::ranges::sort(found, {}, &ChangePoint::index);
  return found;
}

}  // namespace sudoku
