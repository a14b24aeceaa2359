// Charts as functions from numbers to inline SVG markup, for the HTML
// reports: no script, no external resource, every data mark of class "mark".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// Text made safe inside HTML and SVG elements and attribute values.
std::string HtmlEscape(std::string_view text);

// How the i-th series is drawn, alike on every chart of a page: twelve
// colours, the first six solid and the next six dashed; then the twelve
// again, dotted and dash-dotted. No two of the first 24 look alike.
struct SeriesStyle {
  std::string_view color;
  std::string_view dash;  // an SVG stroke-dasharray; empty when solid
};
SeriesStyle StyleOf(size_t index);

struct ChartPoint {
  double x = 0, y = 0;
};

// One line of a chart, named in its legend. A point whose y is NaN breaks
// the line (an empty bin on a log axis).
struct ChartSeries {
  std::string name;
  std::vector<ChartPoint> points;
  bool dashed = false;
};

// How a value on an axis is labelled at a tick.
enum class AxisUnit { kCount, kMicros, kFraction };

// The text of a tick at `value`: every chart's axes go through this one
// formatter (12k, 1 ms, 50%), and zero reads "0", never "-0".
std::string TickLabel(double value, AxisUnit unit);

struct ChartAxes {
  std::string id;  // data-chart, for tests and the browser check
  std::string title;
  std::string x_label, y_label;
  AxisUnit x_unit = AxisUnit::kCount, y_unit = AxisUnit::kCount;
  bool log_x = false, log_y = false;
};

// Lines over two axes, with a legend that toggles each series.
std::string LineChart(const ChartAxes& axes,
                      const std::vector<ChartSeries>& series);

// Distributions of many series, readable at twelve: one row per series
// (small multiples) over one shared log x axis, each row's histogram a
// filled shape with every row's counts on one scale (the same puzzles in
// each), a tick and the value at its median, the rows sorted by median,
// least first. The name at the left of each row says which it is.
struct DistributionRow {
  std::string name;
  std::vector<ChartPoint> points;  // (value, count), as LogDensity bins them
  double median = 0;
  size_t style = 0;  // the series' StyleOf index: its colour on every chart
};
std::string DistributionRows(const ChartAxes& axes,
                             std::vector<DistributionRow> rows);

// One horizontal bar per category, split into segments; each bar's width is
// its share of the largest total.
struct BarSegment {
  std::string name;
  std::string color;
  std::vector<uint64_t> values;  // one per category
};
std::string StackedBars(const std::string& id, const std::string& title,
                        const std::vector<std::string>& categories,
                        const std::vector<BarSegment>& segments);

// One row per category: a ratio (1 is unchanged, current / baseline) as a dot
// on a log axis, with its band [low, high] behind it; failed rows drawn in
// red. On a log axis a band cannot reach below zero, and a halving reads as
// far from 1 as a doubling. The axis spans 1/4 to 4 at most, so that one
// outlier does not squeeze every other row's band into a few pixels: a ratio
// beyond it is drawn as an arrow at the axis's edge with its value beside it
// (and in its title), a band beyond it is cut at the edge.
struct RatioRow {
  std::string label;
  double ratio = 1;
  double low = 1, high = 1;  // the band
  bool failed = false;
  std::string note;  // said in the dot's title after the ratio
  // False for a row its gate did not judge (too few rounds, the gate off):
  // no band, and the dot hollow.
  bool banded = true;
};
struct RatioAxes {
  std::string id;  // data-chart
  std::string title;
  std::string x_label;
  std::string measure;  // data-measure: which figure the ratios are of
};
std::string RatioChart(const RatioAxes& axes,
                       const std::vector<RatioRow>& rows);

// One value per point, in order left to right (commits of a history): a
// line through the values over a band from each point's low to high, a dot
// per point titled with its label and value, and a dashed rule before each
// marked point with the mark's text. The y axis spans the band, not from 0,
// so that a few percent show.
struct TrendPoint {
  std::string label;
  double value = 0, low = 0, high = 0;
};
struct TrendMark {
  size_t index = 0;  // the first point after the change
  std::string text;
};
// `measure`, when given, is written as the chart's data-measure (the page's
// tables name theirs alike, and .ci/browser compares them). The band is a
// path of class "band", drawn with an outline so that a narrow one shows.
std::string TrendChart(const ChartAxes& axes,
                       const std::vector<TrendPoint>& points,
                       const std::vector<TrendMark>& marks,
                       std::string_view measure = {});

}  // namespace sudoku
