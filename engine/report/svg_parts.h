// The pieces every chart of svg_chart.h is drawn with (its layout, numbers,
// text and axes), shared by the files that draw them.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::svg_parts {

// The plot area of every chart, in SVG units; the legend sits to its right.
//
//   0    kLeft                    kRight   kLegendX         kWidth
//   +-----+--------------------------+--------+--------------+ 0
//   |     title                                              |
//   |     +--------------------------+  [] series 1         | kTop
//   |  y  |          marks           |  [] series 2         |
//   |     +--------------------------+                       | kBottom
//   |              x label                                   |
//   +--------------------------------------------------------+ kHeight
inline constexpr double kWidth = 720, kHeight = 330;
inline constexpr double kLeft = 70, kRight = 540, kTop = 40, kBottom = 280;
inline constexpr double kLegendX = 556, kLegendRow = 18;

// A coordinate with one decimal.
std::string Num(double value);
// `value` to `digits` significant digits.
std::string Short(double value, int digits = 6);

// Maps data values onto one axis's pixel range, linearly or by log10.
struct Scale {
  double low = 0, high = 1;
  bool log = false;
  double from = 0, to = 1;  // pixels for low and high

  double operator()(double v) const {
    const double a = log ? std::log10(low) : low;
    const double b = log ? std::log10(high) : high;
    const double t = ((log ? std::log10(v) : v) - a) / (b - a);
    return from + std::clamp(t, 0.0, 1.0) * (to - from);
  }
  // Tens on a log axis; 1, 2 or 5 times a power of ten on a linear one.
  std::vector<double> Ticks() const;
};

// A text element, escaped.
std::string Text(double x, double y, const std::string& text,
                 std::string_view anchor = "middle",
                 std::string_view extra = "");

// A chart's opening: the svg element (data-chart `id`, and data-measure when
// `measure` is given), its background and its title.
std::string Open(const std::string& id, const std::string& title, double height,
                 std::string_view measure = {});

}  // namespace sudoku::svg_parts
