// Histograms re-binned for the HTML report's charts: counts per log bin (a
// distribution), or cumulated (a cactus plot's line).
#include "engine/report/chart_bins.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace sudoku {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Counts per log bin: bin i holds values in [2^(i/per), 2^((i+1)/per)).
std::map<int, uint64_t> LogBins(const LogHistogram& histogram,
                                int per_doubling) {
  std::map<int, uint64_t> bins;
  const auto& counts = histogram.bucket_counts();
  for (int b = 0; b < LogHistogram::kBuckets; ++b) {
    if (counts[b] == 0) continue;
    const double value = std::max<double>(1.0, LogHistogram::BucketLow(b));
    bins[static_cast<int>(std::floor(std::log2(value) * per_doubling))] +=
        counts[b];
  }
  return bins;
}

double Edge(int bin, int per_doubling) {
  return std::exp2(static_cast<double>(bin) / per_doubling);
}

}  // namespace

std::vector<ChartPoint> LogDensity(const LogHistogram& histogram,
                                   int per_doubling, double scale) {
  std::vector<ChartPoint> points;
  int previous = 0;
  bool first = true;
  for (const auto& [bin, count] : LogBins(histogram, per_doubling)) {
    if (!first && bin > previous + 1) points.push_back({kNaN, kNaN});
    const double centre = std::exp2((bin + 0.5) / per_doubling);
    points.push_back({centre * scale, static_cast<double>(count)});
    previous = bin;
    first = false;
  }
  return points;
}

std::vector<ChartPoint> Cumulative(const LogHistogram& histogram,
                                   int per_doubling, double scale) {
  std::vector<ChartPoint> points;
  const double max = static_cast<double>(histogram.max());
  uint64_t seen = 0;
  for (const auto& [bin, count] : LogBins(histogram, per_doubling)) {
    seen += count;
    points.push_back({std::min(Edge(bin + 1, per_doubling), max) * scale,
                      static_cast<double>(seen)});
  }
  if (!points.empty()) points.back().x = std::max(max, 1.0) * scale;
  return points;
}

}  // namespace sudoku
