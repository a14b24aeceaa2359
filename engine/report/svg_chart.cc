// Charts as functions from numbers to inline SVG markup, for the HTML
// reports: no script, no external resource, every data mark of class "mark".
#include "engine/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "engine/report/svg_parts.h"

namespace sudoku {

namespace svg_parts {

std::string Num(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f", value);
  return buffer;
}

std::string Short(double value, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
  return buffer;
}

std::vector<double> Scale::Ticks() const {
  std::vector<double> ticks;
  if (log) {
    for (double t = low; t <= high * 1.0001; t *= 10) ticks.push_back(t);
    return ticks;
  }
  const double raw = (high - low) / 5;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * magnitude;
    if (step >= raw) break;
  }
  // Whole multiples of the step, wherever the axis starts: k * step, not a
  // running sum, so that no tick drifts off its round value.
  const auto first = static_cast<int64_t>(std::ceil(low / step - 1e-9));
  for (int64_t k = first; k * step <= high + step * 1e-6; ++k) {
    ticks.push_back(static_cast<double>(k) * step);
  }
  return ticks;
}

std::string Text(double x, double y, const std::string& text,
                 std::string_view anchor, std::string_view extra) {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" text-anchor=\"" +
         std::string(anchor) + "\"" + std::string(extra) + ">" +
         HtmlEscape(text) + "</text>";
}

std::string Open(const std::string& id, const std::string& title, double height,
                 std::string_view measure) {
  const std::string measured =
      measure.empty() ? "" : "\" data-measure=\"" + HtmlEscape(measure);
  return "<svg class=\"chart\" data-chart=\"" + HtmlEscape(id) + measured +
         "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
         Num(kWidth) + " " + Num(height) + "\" width=\"" + Num(kWidth) +
         "\" height=\"" + Num(height) +
         "\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\" "
         "fill=\"#333\"><title>" +
         HtmlEscape(title) +
         "</title><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>" +
         Text(kWidth / 2, 20, title, "middle",
              " font-size=\"13\" font-weight=\"bold\"");
}

}  // namespace svg_parts

namespace {

using svg_parts::kBottom;
using svg_parts::kHeight;
using svg_parts::kLeft;
using svg_parts::kLegendRow;
using svg_parts::kLegendX;
using svg_parts::kRight;
using svg_parts::kTop;
using svg_parts::kWidth;
using svg_parts::Num;
using svg_parts::Open;
using svg_parts::Scale;
using svg_parts::Short;
using svg_parts::Text;

// A value with its unit (12k, 1 ms, 50%), to `digits` significant digits.
std::string UnitLabel(double value, AxisUnit unit, int digits) {
  // -0.0 (an axis from ceil(-1e-9) * step, or 0 scaled by -1) prints "-0".
  if (value == 0) value = 0;
  switch (unit) {
    case AxisUnit::kMicros:
      if (value >= 1e6) return Short(value / 1e6, digits) + " s";
      if (value >= 1e3) return Short(value / 1e3, digits) + " ms";
      return Short(value, digits) + " \u00b5s";
    case AxisUnit::kFraction:
      return Short(value * 100, digits) + "%";
    case AxisUnit::kCount:
      if (value >= 1e9) return Short(value / 1e9, digits) + "G";
      if (value >= 1e6) return Short(value / 1e6, digits) + "M";
      if (value >= 1e3) return Short(value / 1e3, digits) + "k";
      return Short(value, digits);
  }
  return Short(value, digits);
}

// An axis over the finite values given: whole decades when logarithmic,
// from 0 (a fraction: 0 to 1) when linear.
Scale MakeScale(const std::vector<double>& values, bool log, AxisUnit unit,
                double from, double to) {
  double low = std::numeric_limits<double>::infinity(), high = 0;
  for (double v : values) {
    if (!std::isfinite(v) || (log && v <= 0)) continue;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  Scale s{.log = log, .from = from, .to = to};
  if (log) {
    if (!std::isfinite(low)) low = high = 1;
    s.low = std::pow(10, std::floor(std::log10(low)));
    s.high = std::pow(10, std::ceil(std::log10(high)));
    if (s.high <= s.low) s.high = s.low * 10;
  } else if (unit == AxisUnit::kFraction) {
    s.low = 0;
    s.high = 1;
  } else {
    s.low = 0;
    s.high = high > 0 ? high : 1;
    const double step = Scale{.low = 0, .high = s.high}.Ticks().at(1);
    s.high = std::ceil(s.high / step) * step;
  }
  return s;
}

std::string DashAttribute(std::string_view dash) {
  return dash.empty() ? "" : " stroke-dasharray=\"" + std::string(dash) + "\"";
}

std::string GridLines(const Scale& x, const Scale& y, const ChartAxes& axes) {
  std::string lines = "<g class=\"axes\" stroke=\"#e4e4e4\">", labels;
  for (double t : x.Ticks()) {
    const double px = x(t);
    lines += "<line x1=\"" + Num(px) + "\" y1=\"" + Num(kTop) + "\" x2=\"" +
             Num(px) + "\" y2=\"" + Num(kBottom) + "\"/>";
    labels += Text(px, kBottom + 16, TickLabel(t, axes.x_unit));
  }
  for (double t : y.Ticks()) {
    const double py = y(t);
    lines += "<line x1=\"" + Num(kLeft) + "\" y1=\"" + Num(py) + "\" x2=\"" +
             Num(kRight) + "\" y2=\"" + Num(py) + "\"/>";
    labels += Text(kLeft - 6, py + 4, TickLabel(t, axes.y_unit), "end");
  }
  std::string out = lines + "</g><g>" + labels;
  out += "<rect x=\"" + Num(kLeft) + "\" y=\"" + Num(kTop) + "\" width=\"" +
         Num(kRight - kLeft) + "\" height=\"" + Num(kBottom - kTop) +
         "\" fill=\"none\" stroke=\"#999\"/>";
  out += Text((kLeft + kRight) / 2, kBottom + 36, axes.x_label);
  out +=
      Text(16, (kTop + kBottom) / 2, axes.y_label, "middle",
           " transform=\"rotate(-90 16 " + Num((kTop + kBottom) / 2) + ")\"");
  return out + "</g>";
}

// A legend key drawn as its line is (colour and dash), then the name.
std::string LegendEntry(size_t row, const std::string& name,
                        std::string_view color, std::string_view dash) {
  const double y = kTop + 6 + kLegendRow * row;
  return "<g class=\"legend\" cursor=\"pointer\" data-toggle=\"" +
         HtmlEscape(name) + "\"><line x1=\"" + Num(kLegendX) + "\" y1=\"" +
         Num(y) + "\" x2=\"" + Num(kLegendX + 24) + "\" y2=\"" + Num(y) +
         "\" stroke=\"" + std::string(color) + "\" stroke-width=\"3\"" +
         DashAttribute(dash) + "/>" +
         Text(kLegendX + 30, y + 4, name, "start") + "</g>";
}

// The path of a series, broken at NaN and at values a log axis cannot show.
std::string PathData(const ChartSeries& series, const Scale& x,
                     const Scale& y) {
  std::string d;
  bool pen_down = false;
  for (const ChartPoint& p : series.points) {
    const bool drawable = std::isfinite(p.x) && std::isfinite(p.y) &&
                          (!x.log || p.x > 0) && (!y.log || p.y > 0);
    if (!drawable) {
      pen_down = false;
      continue;
    }
    d += (pen_down ? "L" : "M") + Num(x(p.x)) + " " + Num(y(p.y));
    pen_down = true;
  }
  return d;
}

}  // namespace

std::string TickLabel(double value, AxisUnit unit) {
  return UnitLabel(value, unit, 6);
}

std::string HtmlEscape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

SeriesStyle StyleOf(size_t index) {
  // Twelve strategies (the main job's --strategy all) need twelve colours, and
  // no twelve hues stay apart for a reader with a colour vision deficiency
  // (at best about 6 in CIEDE2000 under simulated protanopia). So colour is
  // one cue and the dash a second: the six solid ones are Okabe and Ito's
  // colour-blind-safe set (2008, without its yellow and black, which vanish
  // on white or read as the axes), the six dashed ones from Paul Tol's
  // schemes (bright, muted and dark). All twelve stay 14.9 apart in CIEDE2000;
  // under simulated deuteranopia, protanopia and tritanopia (Machado et al.
  // 2009) each group of six stays 10.9 apart. tests/bench/html_check.py
  // holds each page's legends to that.
  static constexpr std::string_view kPalette[] = {
      "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00",
      "#ccbb44", "#ee6677", "#332288", "#aa4499", "#225555", "#666633"};
  static constexpr std::string_view kDashes[] = {"", "7 3", "2 2", "7 2 2 2"};
  constexpr size_t kColours = std::size(kPalette), kGroup = kColours / 2;
  return {kPalette[index % kColours],
          kDashes[(index / kGroup) % std::size(kDashes)]};
}

std::string LineChart(const ChartAxes& axes,
                      const std::vector<ChartSeries>& series) {
  std::vector<double> xs, ys;
  for (const ChartSeries& s : series) {
    for (const ChartPoint& p : s.points) {
      xs.push_back(p.x);
      ys.push_back(p.y);
    }
  }
  const Scale x = MakeScale(xs, axes.log_x, axes.x_unit, kLeft, kRight);
  const Scale y = MakeScale(ys, axes.log_y, axes.y_unit, kBottom, kTop);
  // A long legend lengthens the chart rather than running off its foot.
  const double height =
      std::max(kHeight, kTop + kLegendRow * static_cast<double>(series.size()));
  std::string out = Open(axes.id, axes.title, height) + GridLines(x, y, axes);
  for (size_t i = 0; i < series.size(); ++i) {
    const ChartSeries& s = series[i];
    const std::string d = PathData(s, x, y);
    const SeriesStyle style = StyleOf(i);
    // A series dashed by its caller (compare's baseline) keeps that dash.
    const std::string_view dash = s.dashed ? "7 3" : style.dash;
    out += LegendEntry(i, s.name, style.color, dash);
    if (d.empty()) continue;
    out += "<path class=\"mark\" data-series=\"" + HtmlEscape(s.name) +
           "\" d=\"" + d + "\" fill=\"none\" stroke=\"" +
           std::string(style.color) + "\" stroke-width=\"2\"" +
           DashAttribute(dash) + "><title>" + HtmlEscape(s.name) +
           "</title></path>";
  }
  return out + "</svg>";
}

std::string StackedBars(const std::string& id, const std::string& title,
                        const std::vector<std::string>& categories,
                        const std::vector<BarSegment>& segments) {
  constexpr double kBarLeft = 150, kRow = 24;
  const double height = std::max(kTop + kRow * categories.size() + 20,
                                 kTop + kLegendRow * segments.size() + 10);
  uint64_t widest = 1;
  std::vector<uint64_t> totals(categories.size(), 0);
  for (const BarSegment& s : segments) {
    for (size_t c = 0; c < categories.size(); ++c) totals[c] += s.values[c];
  }
  for (uint64_t t : totals) widest = std::max(widest, t);
  std::string out = Open(id, title, height);
  for (size_t i = 0; i < segments.size(); ++i) {
    const double y = kTop + 6 + kLegendRow * i;
    out += "<g class=\"legend\"><rect x=\"" + Num(kLegendX) + "\" y=\"" +
           Num(y - 6) + "\" width=\"12\" height=\"12\" fill=\"" +
           segments[i].color + "\"/>" +
           Text(kLegendX + 18, y + 4, segments[i].name, "start") + "</g>";
  }
  for (size_t c = 0; c < categories.size(); ++c) {
    const double y = kTop + kRow * c;
    out += "<g data-series=\"" + HtmlEscape(categories[c]) + "\">" +
           Text(kBarLeft - 6, y + 15, categories[c], "end");
    double x = kBarLeft;
    for (const BarSegment& s : segments) {
      const uint64_t n = s.values[c];
      if (n == 0) continue;
      // Room after the longest bar for its total.
      const double w =
          (kRight - 50 - kBarLeft) * static_cast<double>(n) / widest;
      out +=
          "<rect class=\"mark\" x=\"" + Num(x) + "\" y=\"" + Num(y + 2) +
          "\" width=\"" + Num(std::max(w, 1.0)) + "\" height=\"18\" fill=\"" +
          s.color + "\"><title>" +
          HtmlEscape(categories[c] + ": " + s.name + " " + std::to_string(n)) +
          "</title></rect>";
      x += w;
    }
    out += Text(x + 4, y + 15, std::to_string(totals[c]), "start") + "</g>";
  }
  return out + "</svg>";
}

namespace {

// A trend's line through its values over its band (when any point has one).
std::string TrendLine(const std::vector<TrendPoint>& points, const Scale& x,
                      const Scale& y) {
  std::string out;
  // The band: highs left to right, then lows right to left.
  std::string band, line;
  for (size_t i = 0; i < points.size(); ++i) {
    band += (i ? "L" : "M") + Num(x(i)) + " " + Num(y(points[i].high));
    line += (i ? "L" : "M") + Num(x(i)) + " " + Num(y(points[i].value));
  }
  for (size_t i = points.size(); i-- > 0;) {
    band += "L" + Num(x(i)) + " " + Num(y(points[i].low));
  }
  const std::string color(StyleOf(0).color);
  // No band where every point's is a line: there is nothing to show.
  const bool banded = std::ranges::any_of(
      points, [](const TrendPoint& p) { return p.low != p.high; });
  if (banded) {
    // Outlined, so that a band a few pixels high still shows.
    out += "<path class=\"band\" d=\"" + band + "Z\" fill=\"" + color +
           "\" fill-opacity=\"0.25\" stroke=\"" + color +
           "\" stroke-opacity=\"0.5\" stroke-width=\"0.75\"/>";
  }
  if (!points.empty()) {
    out += "<path d=\"" + line + "\" fill=\"none\" stroke=\"" + color +
           "\" stroke-width=\"1.5\"/>";
  }
  return out;
}

}  // namespace

std::string TrendChart(const ChartAxes& axes,
                       const std::vector<TrendPoint>& points,
                       const std::vector<TrendMark>& marks,
                       std::string_view measure) {
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const TrendPoint& p : points) {
    low = std::min({low, p.value, p.low});
    high = std::max({high, p.value, p.high});
  }
  if (!std::isfinite(low)) low = high = 0;
  // A flat series still gets an axis: 1% either side of its value.
  const double pad = std::max((high - low) * 0.08, std::fabs(high) * 0.01);
  const Scale y{.low = std::max(0.0, low - pad),
                .high = high + pad + (pad == 0 ? 1 : 0),
                .from = kBottom,
                .to = kTop};
  const double last = std::max<double>(points.size() - 1, 1);
  const Scale x{.low = -0.5, .high = last + 0.5, .from = kLeft, .to = kRight};
  std::string out = Open(axes.id, axes.title, kHeight, measure);
  std::string grid = "<g class=\"axes\" stroke=\"#e4e4e4\">", labels;
  for (double t : y.Ticks()) {
    grid += "<line x1=\"" + Num(kLeft) + "\" y1=\"" + Num(y(t)) + "\" x2=\"" +
            Num(kRight) + "\" y2=\"" + Num(y(t)) + "\"/>";
    labels += Text(kLeft - 6, y(t) + 4, TickLabel(t, axes.y_unit), "end");
  }
  // About six commits named under the axis, first and last among them.
  const size_t step = std::max<size_t>(1, (points.size() + 5) / 6);
  for (size_t i = 0; i < points.size(); i += step) {
    const size_t at = i + step >= points.size() ? points.size() - 1 : i;
    labels += Text(x(at), kBottom + 16, points[at].label);
    if (at != i) break;
  }
  out +=
      grid + "</g>" + labels + "<rect class=\"plot\" x=\"" + Num(kLeft) +
      "\" y=\"" + Num(kTop) + "\" width=\"" + Num(kRight - kLeft) +
      "\" height=\"" + Num(kBottom - kTop) +
      "\" fill=\"none\" stroke=\"#999\"/>" +
      Text((kLeft + kRight) / 2, kBottom + 36, axes.x_label) +
      Text(16, (kTop + kBottom) / 2, axes.y_label, "middle",
           " transform=\"rotate(-90 16 " + Num((kTop + kBottom) / 2) + ")\"");
  out += TrendLine(points, x, y);
  const std::string color(StyleOf(0).color);
  for (const TrendMark& m : marks) {
    if (m.index >= points.size()) continue;
    const double at = x(m.index - 0.5);
    out += "<g class=\"change\"><line x1=\"" + Num(at) + "\" y1=\"" +
           Num(kTop) + "\" x2=\"" + Num(at) + "\" y2=\"" + Num(kBottom) +
           "\" stroke=\"#d62728\" stroke-dasharray=\"4 3\"><title>" +
           HtmlEscape(m.text) + "</title></line>" +
           Text(at + 3, kTop + 12, m.text, "start",
                " fill=\"#d62728\" font-size=\"10\"") +
           "</g>";
  }
  for (size_t i = 0; i < points.size(); ++i) {
    const TrendPoint& p = points[i];
    out += "<circle class=\"mark\" cx=\"" + Num(x(i)) + "\" cy=\"" +
           Num(y(p.value)) + "\" r=\"3\" fill=\"" + color + "\"><title>" +
           HtmlEscape(p.label + ": " + Short(p.value) +
                      (p.low != p.high
                           ? " (" + Short(p.low) + ".." + Short(p.high) + ")"
                           : "")) +
           "</title></circle>";
  }
  return out + "</svg>";
}

namespace {

// A distribution row's path: each run of bins between gaps a shape closed
// along the row's baseline `base`, whose outline then spans the fastest to
// the slowest puzzle; a count of c reaches c * `per_count` above it.
std::string RowShape(const std::vector<ChartPoint>& points, const Scale& x,
                     double base, double per_count) {
  std::string d;
  bool open = false;
  double last_x = 0;
  for (const ChartPoint& p : points) {
    const bool drawable =
        std::isfinite(p.x) && std::isfinite(p.y) && (!x.log || p.x > 0);
    if (!drawable) {
      if (open) d += "L" + Num(last_x) + " " + Num(base) + "Z";
      open = false;
      continue;
    }
    last_x = x(p.x);
    if (!open) d += "M" + Num(last_x) + " " + Num(base);
    d += "L" + Num(last_x) + " " + Num(base - per_count * p.y);
    open = true;
  }
  if (open) d += "L" + Num(last_x) + " " + Num(base) + "Z";
  return d;
}

}  // namespace

std::string DistributionRows(const ChartAxes& axes,
                             std::vector<DistributionRow> rows) {
  // Twelve overlaid histograms were a tangle no legend could sort out; in rows
  // on one axis each shape is seen whole, its name beside it, and the order
  // of the rows is the ranking.
  std::ranges::stable_sort(rows, {}, &DistributionRow::median);
  constexpr double kPlotLeft = 120, kPlotRight = 600;
  const double row_height =
      std::clamp(300.0 / static_cast<double>(std::max<size_t>(rows.size(), 1)),
                 24.0, 48.0);
  const double bottom = kTop + row_height * static_cast<double>(rows.size());
  std::vector<double> xs;
  double most = 1;
  for (const DistributionRow& r : rows) {
    xs.push_back(r.median);
    for (const ChartPoint& p : r.points) {
      xs.push_back(p.x);
      if (std::isfinite(p.y)) most = std::max(most, p.y);
    }
  }
  const Scale x = MakeScale(xs, axes.log_x, axes.x_unit, kPlotLeft, kPlotRight);
  std::string out = Open(axes.id, axes.title, bottom + 46) +
                    "<g class=\"axes\" stroke=\"#e4e4e4\">";
  std::string labels;
  for (double t : x.Ticks()) {
    out += "<line x1=\"" + Num(x(t)) + "\" y1=\"" + Num(kTop) + "\" x2=\"" +
           Num(x(t)) + "\" y2=\"" + Num(bottom) + "\"/>";
    labels += Text(x(t), bottom + 16, TickLabel(t, axes.x_unit));
  }
  out += "</g>" + labels +
         Text((kPlotLeft + kPlotRight) / 2, bottom + 36, axes.x_label) +
         Text(kPlotRight + 6, kTop - 4, "median", "start");
  for (size_t i = 0; i < rows.size(); ++i) {
    const DistributionRow& r = rows[i];
    const double base = kTop + row_height * static_cast<double>(i + 1) - 2;
    const double reach = row_height - 6;
    const std::string d = RowShape(r.points, x, base, reach / most);
    const std::string color(StyleOf(r.style).color);
    const std::string median = UnitLabel(r.median, axes.x_unit, 3);
    out += "<g data-series=\"" + HtmlEscape(r.name) + "\"><line x1=\"" +
           Num(kPlotLeft) + "\" y1=\"" + Num(base) + "\" x2=\"" +
           Num(kPlotRight) + "\" y2=\"" + Num(base) +
           "\" stroke=\"#e4e4e4\"/>" +
           Text(kPlotLeft - 6, base - reach / 2 + 4, r.name, "end");
    if (!d.empty()) {
      out += "<path class=\"mark\" d=\"" + d + "\" fill=\"" + color +
             "\" fill-opacity=\"0.45\" stroke=\"" + color +
             "\" stroke-width=\"1.2\"><title>" +
             HtmlEscape(r.name + ": median " + median) + "</title></path>";
    }
    out += "<line x1=\"" + Num(x(r.median)) + "\" y1=\"" + Num(base - reach) +
           "\" x2=\"" + Num(x(r.median)) + "\" y2=\"" + Num(base) +
           "\" stroke=\"#222\" stroke-width=\"1.5\"/>" +
           Text(kPlotRight + 6, base - reach / 2 + 4, median, "start") + "</g>";
  }
  return out + "<rect x=\"" + Num(kPlotLeft) + "\" y=\"" + Num(kTop) +
         "\" width=\"" + Num(kPlotRight - kPlotLeft) + "\" height=\"" +
         Num(bottom - kTop) + "\" fill=\"none\" stroke=\"#999\"/></svg>";
}

}  // namespace sudoku
