// Order statistics over plain vectors, written once for compare, --ab and the
// history: the median, a quantile, the median's distribution-free interval,
// and Student's t for intervals of means.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace sudoku {

// The median of `values`: the mean of the middle two for an even count; 0
// for none.
double Median(std::vector<double> values);

// The q-quantile of `values` (q in [0, 1]), interpolated linearly between
// the order statistics (R's and NumPy's default, type 7); 0 for none.
double Quantile(std::vector<double> values, double q);

// The index in `values` of its lower median: the element of 0-based rank
// (n - 1) / 2 in a stable ascending order (ties keep their order); 0 for
// none. For picking the median one of several rounds whole.
size_t LowerMedianIndex(std::span<const double> values);

// The interval of the median of `n` values at 95% or more: the values of
// 1-based ranks d and n + 1 - d in order, d the largest with
// P(Binomial(n, 1/2) < d) <= 2.5%; 0 when n is too small (under 6).
size_t MedianIntervalRank(size_t n);

// The 97.5% point of Student's t with `degrees_of_freedom` (fractional, as
// Welch's approximation gives them): the half-width, in standard errors, of
// a two-sided 95% interval. 1.960 for infinitely many; within 1% of the
// exact value from 2 degrees up, below it under 3 (4.27 against 4.303 at 2).
double StudentT975(double degrees_of_freedom);

}  // namespace sudoku
