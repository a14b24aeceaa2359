// Change points in a throughput series: E-divisive means with a permutation
// test. Pure functions over plain numbers, deterministic for a given seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sudoku {

// Which statistic ranks the splits of a segment [s, e) at tau into
// X = x[s..tau) and Y = x[tau..e), with m = |X| and n = |Y|:
//
// kRank: the standardized Mann-Whitney statistic (Pettitt, "A
//   non-parametric approach to the change-point problem", Applied
//   Statistics 1979; the Mann-Whitney change-point model of Ross, Tasoulis
//   and Adams 2011). With r the ranks within the segment,
//     U(tau) = sum over x in X, y in Y of sign(y - x)
//            = 2 sum_Y r - n(n + 1) - m n
//     Q(tau) = |U(tau)| / sqrt(m n (m + n + 1) / 3)
//   a z-score under no change. It sees only the order of the values, so a
//   round that a busy machine made 40% slower counts as one low value, not
//   as a 40% one.
// kEnergy: E-divisive means (Matteson and James, "A Nonparametric Approach
//   for Multiple Change Point Analysis of Multivariate Data", JASA 2014), the
//   method of MongoDB's performance CI (Daly et al., ICPE 2020), on one
//   dimension with exponent 1:
//     E(X, Y) = 2/(m n) sum |x - y|
//               - 1/C(m,2) sum |x - x'| - 1/C(n,2) sum |y - y'|
//     Q(tau)  = m n / (m + n) * E(X, Y)
//   the energy distance of the two sides, zero when they come from one
//   distribution.
enum class ChangeStatistic { kRank, kEnergy };

// Binary segmentation with a permutation test, as E-divisive does for
// either statistic: the series starts as one segment; the split with the
// largest Q over every segment is tested by permuting the values within
// each segment (which destroys any order) `permutations` times, and its
// p-value is the share of permuted series whose largest Q reaches the
// observed one. A split with p <= alpha is kept and the search goes on in
// the two halves; the first that is not ends it. Pass log throughputs, so
// that a step of 3% weighs the same at any speed (kRank does not care).
struct ChangePointOptions {
  ChangeStatistic statistic = ChangeStatistic::kRank;
  double alpha = 0.01;       // largest p-value that is kept
  int permutations = 199;    // p-values come in steps of 1/(this + 1)
  size_t min_segment = 3;    // fewest points on either side of a split
  uint64_t seed = 20261204;  // the permutations' generator: fixed, so a
                             // series always gets the same answer
};

struct ChangePoint {
  size_t index = 0;    // first point after the change
  double p_value = 1;  // of the permutation test that kept it
  double q = 0;        // its statistic
};

// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): a small generator whose
// output is the same with every compiler and library, which std's
// distributions do not promise. The permutation test draws from it, and the
// tests' synthetic series too, so that both are the same on every machine.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), by rejection: no value is favoured.
  uint64_t Below(uint64_t n);

 private:
  uint64_t state_;
};

// The change points of `values`, in index order.
std::vector<ChangePoint> FindChangePoints(std::span<const double> values,
                                          const ChangePointOptions& options);

// Q(tau) for every split of `values` (index tau - 1 of the result; tau from
// 1 to size - 1), for tests.
std::vector<double> SplitStatistics(std::span<const double> values,
                                    ChangeStatistic statistic);

}  // namespace sudoku
