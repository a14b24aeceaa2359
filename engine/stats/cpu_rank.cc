// Ranking strategies by puzzles per CPU-second, within noise or apart.
#include "engine/stats/cpu_rank.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sudoku {

Separation Separate(std::span<const uint64_t> a, std::span<const uint64_t> b) {
  std::vector<double> logs;
  double total_a = 0, total_b = 0;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] == 0 || b[i] == 0) continue;
    total_a += static_cast<double>(a[i]);
    total_b += static_cast<double>(b[i]);
    logs.push_back(std::log(static_cast<double>(b[i]) /
                            static_cast<double>(a[i])));
  }
  const size_t n = logs.size();
  if (n < kLeastNoiseBlocks) return Separation::kTooFewBlocks;
  const double mean = std::accumulate(logs.begin(), logs.end(), 0.0) / n;
  double squares = 0;
  for (double x : logs) squares += (x - mean) * (x - mean);
  const double standard_error = std::sqrt(squares / (n - 1) / n);
  const double difference = std::abs(std::log(total_b / total_a));
  return difference <= 2 * standard_error ? Separation::kWithinNoise
                                          : Separation::kApart;
}

std::vector<CpuRank> RankByCpu(
    std::span<const double> rates,
    std::span<const std::span<const uint64_t>> blocks) {
  std::vector<CpuRank> ranks;
  for (size_t i = 0; i < rates.size(); ++i) ranks.push_back({i});
  std::ranges::stable_sort(ranks, [&](const CpuRank& x, const CpuRank& y) {
    return rates[x.index] > rates[y.index];
  });
  for (size_t r = 1; r < ranks.size(); ++r) {
    const size_t above = ranks[r - 1].index, here = ranks[r].index;
    ranks[r].from_above = above < blocks.size() && here < blocks.size()
                              ? Separate(blocks[above], blocks[here])
                              : Separation::kTooFewBlocks;
  }
  return ranks;
}

}  // namespace sudoku
