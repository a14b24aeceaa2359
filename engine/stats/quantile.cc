// Order statistics over plain vectors: the median, a quantile, and the
// median's distribution-free interval.
#include "engine/stats/quantile.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sudoku {

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::ranges::sort(values);
  const size_t n = values.size();
  return (values[(n - 1) / 2] + values[n / 2]) / 2;
}

double Quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::ranges::sort(values);
  const double position =
      std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
  const auto below = static_cast<size_t>(std::floor(position));
  const size_t above = std::min(below + 1, values.size() - 1);
  const double weight = position - static_cast<double>(below);
  return values[below] + weight * (values[above] - values[below]);
}

size_t LowerMedianIndex(std::span<const double> values) {
  if (values.empty()) return 0;
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return values[x] < values[y]; });
  return order[(values.size() - 1) / 2];
}

size_t MedianIntervalRank(size_t n) {
  // P(X <= j) summed term by term in log space, which holds for any n.
  const double log_half_n = static_cast<double>(n) * std::log(0.5);
  const double log_n_factorial = std::lgamma(static_cast<double>(n) + 1);
  double below = 0;  // P(X <= j)
  size_t rank = 0;
  for (size_t j = 0; j < n; ++j) {
    below +=
        std::exp(log_n_factorial - std::lgamma(static_cast<double>(j) + 1) -
                 std::lgamma(static_cast<double>(n - j) + 1) + log_half_n);
    if (below > 0.025) break;
    rank = j + 1;
  }
  return rank;
}

}  // namespace sudoku
