// The compare page's one measure: each row's dot is the ratio its timing
// verdict weighs, inside its band when the row is [same] and left of it when
// [slower], on a log axis whose band never reaches below 0, with a ratio
// past the axis drawn as an arrow at its edge; the table names the measure
// the chart draws.
#include "engine/compare/compare_html.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "engine/compare/compare.h"

namespace sudoku {
namespace {

// A three-round row whose wall clock gave `wall` puzzles/s with relative
// `noise` between its rounds, and whose pass's CPU time gave `cpu` puzzles
// per CPU-second (0: no CPU time, as reports before it had).
ReportEntry Entry(const std::string& strategy, double wall, double cpu,
                  double noise = 0.02) {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "regression.txt";
  r.strategy = strategy;
  r.limit = 2;
  r.max_nodes = 2000;
  r.threads = 2;
  r.puzzles = 100;
  r.solved = 100;
  r.nodes_total = 12345;
  r.puzzles_per_s = wall;
  r.puzzles_per_s_min = wall * (1 - noise / 2);
  r.puzzles_per_s_max = wall * (1 + noise / 2);
  r.wall_s = r.pass_wall_s = 100 / wall;
  r.pass_cpu_s = cpu > 0 ? 100 / cpu : 0;
  r.repeats = 3;
  r.p50_us = 10;
  r.p90_us = 20;
  r.p99_us = 100;
  r.max_us = 200;
  r.dataset_sha256 = "aaaa";
  e.manifest.cpu = "cpu A";
  return e;
}

struct Page {
  Comparison comparison;
  std::string html;
};

// Each current row against a baseline of 1000/s on both clocks, its rounds
// as noisy as the current's, with CPU time when the current has it.
Page Compare(std::vector<ReportEntry> current) {
  std::vector<ReportEntry> baseline;
  for (size_t i = 0; i < current.size(); ++i) {
    const ReportRow& c = current[i].row;
    const double noise =
        (c.puzzles_per_s_max - c.puzzles_per_s_min) / c.puzzles_per_s;
    baseline.push_back(
        Entry(c.strategy, 1000, c.pass_cpu_s > 0 ? 1000 : 0, noise));
    baseline.back().line = current[i].line = i + 2;
  }
  Page p;
  p.comparison = CompareReports(baseline, current, {});
  std::ostringstream out;
  WriteComparisonHtml(out, p.comparison, baseline, current, "base.csv",
                      "cur.csv");
  p.html = out.str();
  return p;
}

std::string RatioChart(const std::string& page) {
  const size_t at = page.find("<svg class=\"chart\" data-chart=\"ratios\"");
  if (at == std::string::npos) return "";
  return page.substr(at, page.find("</svg>", at) - at);
}

// Each row's band and mark, in row order.
struct Drawn {
  double low = 0, high = 0, band_x = 0, ratio = 0;
  std::string mark;  // "circle" or "path" (an arrow at the axis's edge)
  std::string clamped, fill;
};
std::vector<Drawn> Rows(const std::string& chart) {
  const std::regex row(
      "<rect class=\"band\" data-low=\"([^\"]*)\" data-high=\"([^\"]*)\" "
      "fill=\"#ccc\" x=\"([^\"]*)\"[^>]*>.*?</rect><(circle|path) "
      "class=\"mark\" data-ratio=\"([^\"]*)\"( data-clamped=\"([a-z]*)\")?"
      "[^>]*fill=\"(#[0-9a-f]*)\"");
  std::vector<Drawn> rows;
  for (std::sregex_iterator it(chart.begin(), chart.end(), row), end; it != end;
       ++it) {
    const std::smatch& m = *it;
    rows.push_back({std::stod(m[1]), std::stod(m[2]), std::stod(m[3]),
                    std::stod(m[5]), m[4], m[7], m[8]});
  }
  return rows;
}

// The page: the wall clock halved under other jobs' load while the
// CPU time held, so every row was [same] and every wall-ratio dot outside
// its band. The dot is the CPU ratio the verdict weighed, inside the band;
// a row that fell in CPU time too is [slower] and left of its band.
TEST(CompareHtml, EachDotIsTheRatioItsVerdictWeighs) {
  const Page p = Compare({Entry("dlx", 500, 980), Entry("bands", 520, 1030),
                          Entry("simd", 700, 700)});
  const std::vector<Drawn> rows = Rows(RatioChart(p.html));
  ASSERT_EQ(rows.size(), 3u) << RatioChart(p.html);
  for (size_t i = 0; i < rows.size(); ++i) {
    const RowComparison& r = p.comparison.rows[i];
    SCOPED_TRACE(r.strategy + ": " + r.timing.note);
    EXPECT_NEAR(rows[i].ratio, 1 / (1 + r.timing.cpu_slowdown), 1e-5);
    if (r.verdict == RowVerdict::kSame) {
      EXPECT_GE(rows[i].ratio, rows[i].low);
      EXPECT_LE(rows[i].ratio, rows[i].high);
      EXPECT_EQ(rows[i].fill, "#4e79a7");
    } else {
      EXPECT_EQ(r.verdict, RowVerdict::kSlower);
      EXPECT_LT(rows[i].ratio, rows[i].low);
      EXPECT_EQ(rows[i].fill, "#d62728");
    }
  }
  EXPECT_EQ(p.comparison.rows[0].verdict, RowVerdict::kSame);
  EXPECT_EQ(p.comparison.rows[2].verdict, RowVerdict::kSlower);
}

// Chart and table name one measure, and the table's judged row holds the
// chart's ratio.
TEST(CompareHtml, TableAndChartNameOneMeasure) {
  const Page p = Compare({Entry("dlx", 500, 980)});
  const std::string chart = RatioChart(p.html);
  EXPECT_NE(chart.find("data-measure=\"cpu\""), std::string::npos);
  EXPECT_NE(chart.find("puzzles per CPU-second"), std::string::npos);
  const std::regex judged(
      "<tr class=\"judged\" data-measure=\"([a-z]*)\"><td class=\"name\">"
      "([^<]*)</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(p.html, m, judged));
  EXPECT_EQ(m[1], "cpu");
  EXPECT_EQ(m[2], "puzzles per CPU-second (judged)");
  EXPECT_EQ(m[3], "0.980");
  // The wall clock stays in the table, said to be the wall clock.
  EXPECT_NE(p.html.find("wall clock; its rounds&#39; noise"),
            std::string::npos);
}

// A row without CPU time is judged on the wall clock, whose allowance is its
// noise when larger: 287% once drew a band from 1 - 2.87 (below zero). On a
// log axis the band starts at the axis's edge; nothing is left of the plot.
TEST(CompareHtml, NoBandReachesBelowZero) {
  const Page p = Compare({Entry("dlx", 800, 0, 2.87)});
  const std::string chart = RatioChart(p.html);
  EXPECT_NE(chart.find("data-measure=\"wall\""), std::string::npos);
  const std::vector<Drawn> rows = Rows(chart);
  ASSERT_EQ(rows.size(), 1u) << chart;
  EXPECT_GE(rows[0].low, 0);
  EXPECT_GT(rows[0].high, 1);
  EXPECT_GE(rows[0].band_x, 260);  // the plot's left edge
  EXPECT_NEAR(rows[0].ratio, 0.8, 1e-9);
  EXPECT_EQ(chart.find("x=\"-"), std::string::npos);
}

// A ratio past the axis (1/4 to 4 at most) is an arrow at its edge, inside
// the plot, with its value beside it; before, a 0.123x dot was drawn over
// the row's name.
TEST(CompareHtml, ARatioPastTheAxisIsClampedAndMarked) {
  const Page p = Compare({Entry("dlx", 123, 123), Entry("bands", 1000, 1000),
                          Entry("simd", 9000, 9000)});
  const std::string chart = RatioChart(p.html);
  const std::vector<Drawn> rows = Rows(chart);
  ASSERT_EQ(rows.size(), 3u) << chart;
  EXPECT_EQ(rows[0].mark, "path");
  EXPECT_EQ(rows[0].clamped, "below");
  EXPECT_NEAR(rows[0].ratio, 0.123, 1e-9);
  EXPECT_EQ(rows[1].mark, "circle");
  EXPECT_EQ(rows[1].clamped, "");
  EXPECT_EQ(rows[2].clamped, "above");
  EXPECT_NE(chart.find(">0.123x</text>"), std::string::npos);
  EXPECT_NE(chart.find(">9x</text>"), std::string::npos);
  // Every arrow's points inside the plot, 260 to 540.
  const std::regex arrow(
      "data-clamped=\"[a-z]*\" d=\"M([0-9.]+) [0-9.]+L([0-9.]+)");
  for (std::sregex_iterator it(chart.begin(), chart.end(), arrow), end;
       it != end; ++it) {
    for (int g : {1, 2}) {
      EXPECT_GE(std::stod((*it)[g]), 260);
      EXPECT_LE(std::stod((*it)[g]), 540);
    }
  }
}

// A row the gate does not judge (one round: no noise estimate) has no band
// to be outside of: its dot is hollow and its title says why.
TEST(CompareHtml, ARowTheGateDidNotJudgeHasNoBand) {
  ReportEntry one_round = Entry("dlx", 500, 500);
  one_round.row.repeats = 1;
  const Page p = Compare({one_round});
  ASSERT_FALSE(p.comparison.rows[0].timing.gated);
  const std::string chart = RatioChart(p.html);
  EXPECT_EQ(chart.find("class=\"band\""), std::string::npos) << chart;
  EXPECT_NE(chart.find("data-ratio=\"0.5\" cx=\"260.0\" cy=\"51.0\" r=\"5\" "
                       "fill=\"#fff\" stroke=\"#4e79a7\""),
            std::string::npos)
      << chart;
  EXPECT_NE(chart.find("0.5x; informational: 3 vs 1 rounds"),
            std::string::npos);
}

}  // namespace
}  // namespace sudoku
