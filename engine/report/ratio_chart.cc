// The ratio chart of svg_chart.h (bench compare's page): current / baseline
// per row on a log axis, each in its band, a ratio past the axis clamped.
#include <algorithm>
#include <cmath>

#include "engine/report/svg_chart.h"
#include "engine/report/svg_parts.h"

namespace sudoku {

using svg_parts::kRight;
using svg_parts::kTop;
using svg_parts::Num;
using svg_parts::Open;
using svg_parts::Scale;
using svg_parts::Short;
using svg_parts::Text;

namespace {

// The ratio chart's log axis: whole octaves around every ratio and band edge
// and 1, at least 1/2 to 2 and at most 1/4 to 4.
Scale RatioScale(const std::vector<RatioRow>& rows, double from, double to) {
  constexpr double kWidest = 2, kNarrowest = 1;  // octaves either side of 1
  double low = 0, high = 0;  // log2, from 1 (0) out to the farthest
  for (const RatioRow& r : rows) {
    for (double v : {r.ratio, r.low, r.high}) {
      if (!std::isfinite(v) || v <= 0) continue;
      low = std::min(low, std::floor(std::log2(v)));
      high = std::max(high, std::ceil(std::log2(v)));
    }
  }
  return {.low = std::exp2(std::clamp(low, -kWidest, -kNarrowest)),
          .high = std::exp2(std::clamp(high, kNarrowest, kWidest)),
          .log = true,
          .from = from,
          .to = to};
}

// An arrow at the axis's edge for a ratio past it, pointing the way it lies,
// with the ratio beside it inside the plot (the row's name is left of it).
std::string ClampedRatio(const RatioRow& r, const Scale& x, double y,
                         const std::string& paint) {
  const bool below = r.ratio < x.low;
  const double edge = below ? x.from : x.to, inward = below ? 10 : -10;
  const std::string value = Short(r.ratio, 3) + "x";
  return "<path class=\"mark\" data-ratio=\"" + Short(r.ratio) +
         "\" data-clamped=\"" + (below ? "below" : "above") + "\" d=\"M" +
         Num(edge) + " " + Num(y) + "L" + Num(edge + inward) + " " +
         Num(y - 6) + "L" + Num(edge + inward) + " " + Num(y + 6) + "Z\" " +
         paint + "><title>" +
         HtmlEscape(r.label + ": " + value + ", past the axis (" +
                    Short(below ? x.low : x.high) + "x)" +
                    (r.note.empty() ? "" : "; " + r.note)) +
         "</title></path>" +
         Text(edge + inward * 1.4, y + 4, value, below ? "start" : "end",
              " class=\"clamped\"");
}

}  // namespace

std::string RatioChart(const RatioAxes& axes,
                       const std::vector<RatioRow>& rows) {
  constexpr double kBarLeft = 260, kRow = 22;
  const Scale x = RatioScale(rows, kBarLeft, kRight);
  const double bottom = kTop + kRow * rows.size();
  std::string out = Open(axes.id, axes.title, bottom + 46, axes.measure) +
                    "<g class=\"axes\" stroke=\"#e4e4e4\">";
  std::string labels;
  for (double t : {0.25, 0.5, 0.8, 1.0, 1.25, 2.0, 4.0}) {
    if (t < x.low || t > x.high) continue;
    out += "<line x1=\"" + Num(x(t)) + "\" y1=\"" + Num(kTop) + "\" x2=\"" +
           Num(x(t)) + "\" y2=\"" + Num(bottom) + "\"/>";
    labels += Text(x(t), bottom + 16, Short(t, 3) + "x");
  }
  out += "<line stroke=\"#333\" x1=\"" + Num(x(1)) + "\" y1=\"" + Num(kTop) +
         "\" x2=\"" + Num(x(1)) + "\" y2=\"" + Num(bottom) + "\"/></g>" +
         labels + Text((kBarLeft + kRight) / 2, bottom + 36, axes.x_label) +
         "<rect class=\"plot\" x=\"" + Num(kBarLeft) + "\" y=\"" + Num(kTop) +
         "\" width=\"" + Num(kRight - kBarLeft) + "\" height=\"" +
         Num(bottom - kTop) + "\" fill=\"none\" stroke=\"#999\"/>";
  for (size_t i = 0; i < rows.size(); ++i) {
    const RatioRow& r = rows[i];
    const double y = kTop + kRow * i + kRow / 2;
    // Clear of a dot drawn at the axis's left edge.
    out += Text(kBarLeft - 10, y + 4, r.label, "end");
    if (!std::isfinite(r.ratio) || r.ratio <= 0) continue;
    // Scale clamps to the axis, so a band past it ends at the edge.
    const double from = r.low > 0 ? x(r.low) : x.from;
    if (r.banded) {
      out += "<rect class=\"band\" data-low=\"" + Short(r.low) +
             "\" data-high=\"" + Short(r.high) + "\" fill=\"#ccc\" x=\"" +
             Num(from) + "\" y=\"" + Num(y - 7) + "\" width=\"" +
             Num(std::max(x(r.high) - from, 1.0)) + "\" height=\"14\"><title>" +
             HtmlEscape(r.label + ": band " + Short(r.low, 3) + "x to " +
                        Short(r.high, 3) + "x") +
             "</title></rect>";
    }
    // A row the gate did not judge: hollow, as nothing it shows could fail.
    const std::string color = r.failed ? "#d62728" : "#4e79a7";
    const std::string fill =
        r.banded ? "fill=\"" + color + "\""
                 : "fill=\"#fff\" stroke=\"" + color + "\" stroke-width=\"2\"";
    if (r.ratio < x.low || r.ratio > x.high) {
      out += ClampedRatio(r, x, y, fill);
      continue;
    }
    out += "<circle class=\"mark\" data-ratio=\"" + Short(r.ratio) +
           "\" cx=\"" + Num(x(r.ratio)) + "\" cy=\"" + Num(y) + "\" r=\"5\" " +
           fill + "><title>" +
           HtmlEscape(r.label + ": " + Short(r.ratio, 4) + "x" +
                      (r.note.empty() ? "" : "; " + r.note)) +
           "</title></circle>";
  }
  return out + "</svg>";
}

}  // namespace sudoku
