// Hodges-Lehmann's shift estimate and its rank interval: the pairwise
// differences in order, and the exact Mann-Whitney distribution that picks
// the ranks.
#include "engine/stats/hodges_lehmann.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sudoku {
namespace {

// Beyond this many pairs the exact distribution (O(m n m n) to build) gives
// way to the normal approximation, which is then within 0.1% of it.
constexpr size_t kExactPairs = 2500;

// P(U = u) for u in [0, m n], by the recurrence of Mann and Whitney (1947):
// the largest of the m + n values is one of the m (then it lies above all n
// of the other side) with probability m / (m + n).
std::vector<double> MannWhitneyDensity(size_t m, size_t n) {
  // density[j] holds the distribution for (i, j) as i rises.
  std::vector<std::vector<double>> density(n + 1);
  for (size_t j = 0; j <= n; ++j) density[j] = {1.0};
  for (size_t i = 1; i <= m; ++i) {
    density[0] = {1.0};
    for (size_t j = 1; j <= n; ++j) {
      const std::vector<double>& with_i_largest = density[j];      // (i-1, j)
      const std::vector<double>& with_j_largest = density[j - 1];  // (i, j-1)
      std::vector<double> next(i * j + 1, 0.0);
      const double share = static_cast<double>(i) / static_cast<double>(i + j);
      for (size_t u = 0; u < with_i_largest.size(); ++u) {
        next[u + j] += share * with_i_largest[u];
      }
      for (size_t u = 0; u < with_j_largest.size(); ++u) {
        next[u] += (1 - share) * with_j_largest[u];
      }
      density[j] = std::move(next);
    }
  }
  return density[n];
}

double NormalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// P(U <= u) by the normal approximation with a continuity correction.
double ApproximateCdf(size_t m, size_t n, double u) {
  const double mn = static_cast<double>(m * n);
  const double sd = std::sqrt(mn * static_cast<double>(m + n + 1) / 12.0);
  return NormalCdf((u + 0.5 - mn / 2) / sd);
}

}  // namespace

double MannWhitneyCdf(size_t m, size_t n, size_t u) {
  if (m * n > kExactPairs) return ApproximateCdf(m, n, static_cast<double>(u));
  const std::vector<double> density = MannWhitneyDensity(m, n);
  double sum = 0;
  for (size_t k = 0; k <= u && k < density.size(); ++k) sum += density[k];
  return std::min(sum, 1.0);
}

ShiftEstimate HodgesLehmannShift(std::span<const double> before,
                                 std::span<const double> after,
                                 double confidence) {
  ShiftEstimate shift;
  const size_t m = before.size(), n = after.size();
  if (m == 0 || n == 0) return shift;
  std::vector<double> differences;
  differences.reserve(m * n);
  for (double x : before) {
    for (double y : after) differences.push_back(y - x);
  }
  std::ranges::sort(differences);
  const size_t pairs = differences.size();
  shift.estimate =
      pairs % 2 == 1
          ? differences[pairs / 2]
          : (differences[pairs / 2 - 1] + differences[pairs / 2]) / 2;
  // The largest k with 2 P(U <= k - 1) <= 1 - confidence; at least 1.
  const double tail = (1 - confidence) / 2;
  std::vector<double> density;
  if (pairs <= kExactPairs) density = MannWhitneyDensity(m, n);
  size_t k = 1;
  double below = density.empty() ? ApproximateCdf(m, n, 0) : density[0];
  while (k < pairs / 2) {
    const double next = density.empty()
                            ? ApproximateCdf(m, n, static_cast<double>(k))
                            : below + density[k];
    if (next > tail) break;
    below = next;
    ++k;
  }
  shift.low = differences[k - 1];
  shift.high = differences[pairs - k];
  shift.confidence = 1 - 2 * below;
  return shift;
}

}  // namespace sudoku
