// The shift between two samples, Hodges-Lehmann's estimate with its
// distribution-free interval from the ranks (Mann-Whitney's distribution).
#pragma once

#include <cstddef>
#include <span>

namespace sudoku {

// How far `after` lies above `before`: the median of every difference
// y - x (x of before, y of after), and the interval of the differences of
// ranks k and m n + 1 - k, k the largest with 2 P(U < k) <= 1 - confidence
// under no shift (Hollander and Wolfe, Nonparametric Statistical Methods,
// 3.2). U's distribution is exact while m n <= 2500, the normal
// approximation beyond. With too few values for the asked confidence the
// interval is the whole range of the differences and `confidence` says what
// it covers; with an empty side everything is 0.
struct ShiftEstimate {
  double estimate = 0, low = 0, high = 0;
  double confidence = 0;  // that [low, high] holds the shift
};

ShiftEstimate HodgesLehmannShift(std::span<const double> before,
                                 std::span<const double> after,
                                 double confidence = 0.95);

// P(U <= u) under no shift, U the count of pairs (x, y) with y > x among
// m values of one side and n of the other (no ties): for tests.
double MannWhitneyCdf(size_t m, size_t n, size_t u);

}  // namespace sudoku
