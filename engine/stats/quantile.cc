// Order statistics over plain vectors: the median, a quantile, the median's
// distribution-free interval; and Student's t's 97.5% point.
#include "engine/stats/quantile.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sudoku {

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  // A selection, not a sort: --ab takes a median per batch of puzzles.
  const auto upper = values.begin() + static_cast<ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), upper, values.end());
  if (values.size() % 2 == 1) return *upper;
  return (*std::max_element(values.begin(), upper) + *upper) / 2;
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

double StudentT975(double degrees_of_freedom) {
  // The Cornish-Fisher expansion of t's quantile in powers of 1 / df around
  // the normal's (Abramowitz and Stegun, Handbook of Mathematical
  // Functions, 26.7.5), to the fourth term.
  constexpr double z = 1.959963984540054;  // the normal's 97.5% point
  const double z2 = z * z;
  const double g1 = (z2 + 1) * z / 4;
  const double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  const double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  const double g4 =
      ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  const double v = 1 / degrees_of_freedom;
  return z + v * (g1 + v * (g2 + v * (g3 + v * g4)));
}

}  // namespace sudoku
