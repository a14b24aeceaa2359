// The HTML reports and their charts: golden chart markup, every chart with
// data, numbers equal to the CSV's, and the size of a large run's page.
#include "engine/report/html_reporter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>
#include <sstream>

#include "engine/compare/compare.h"
#include "engine/compare/compare_html.h"
#include "engine/distributed/shard_stats.h"
#include "engine/report/chart_bins.h"
#include "engine/report/csv_reader.h"
#include "engine/report/csv_reporter.h"
#include "engine/report/svg_chart.h"
#include "strategies/registry.h"
#include "tests/engine/fixed_manifest.h"

namespace sudoku {
namespace {

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + part.size())) {
    ++n;
  }
  return n;
}

// Each chart's markup, in page order.
std::vector<std::string> Charts(const std::string& page) {
  std::vector<std::string> charts;
  for (size_t at = page.find("<svg class=\"chart\""); at != std::string::npos;
       at = page.find("<svg class=\"chart\"", at + 1)) {
    charts.push_back(page.substr(at, page.find("</svg>", at) - at));
  }
  return charts;
}

TEST(SvgChart, EscapesText) {
  EXPECT_EQ(HtmlEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
}

TEST(SvgChart, LogDensityBinsByHalfDoublingsAndBreaksAtGaps) {
  LogHistogram h;
  h.Add(4);   // bin floor(2 * log2 4) = 4
  h.Add(5);   // floor(2 * 2.32) = 4
  h.Add(64);  // bin 12
  const auto points = LogDensity(h, 2, 1.0);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_DOUBLE_EQ(points[0].x, std::exp2(4.5 / 2));
  EXPECT_EQ(points[0].y, 2);
  EXPECT_TRUE(std::isnan(points[1].y));
  EXPECT_DOUBLE_EQ(points[2].x, std::exp2(12.5 / 2));
  EXPECT_EQ(points[2].y, 1);
}

TEST(SvgChart, CumulativeEndsAtTheCountAndTheExactMaximum) {
  LogHistogram h;
  for (uint64_t v : {1000, 2000, 2100, 90000}) h.Add(v);
  const auto points = Cumulative(h, 8, 1e-3);
  ASSERT_FALSE(points.empty());
  EXPECT_EQ(points.back().y, 4);
  EXPECT_DOUBLE_EQ(points.back().x, 90.0);
  for (size_t i = 1; i < points.size(); ++i) {
    EXPECT_GT(points[i].x, points[i - 1].x);
    EXPECT_GT(points[i].y, points[i - 1].y);
  }
}

TEST(SvgChart, LineChartGolden) {
  const std::string svg = LineChart(
      {"c", "T", "x", "y", AxisUnit::kCount, AxisUnit::kCount, false, false},
      {{"a", {{0, 0}, {10, 10}}, false}});
  EXPECT_EQ(Count(svg, "class=\"mark\""), 1u);
  // x 0..10 maps onto 70..540, y 0..10 onto 280..40.
  EXPECT_NE(svg.find("d=\"M70.0 280.0L540.0 40.0\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("data-toggle=\"a\""), std::string::npos);
}

TEST(SvgChart, LineChartBreaksAtNaNAndDropsWhatALogAxisCannotShow) {
  const double nan = std::nan("");
  const std::string svg = LineChart(
      {"c", "T", "x", "y", AxisUnit::kMicros, AxisUnit::kCount, true, true},
      {{"a", {{1, 1}, {10, 10}, {nan, nan}, {100, 10}, {1000, 0}}, false},
       {"empty", {{0, 5}}, false}});
  EXPECT_EQ(Count(svg, "class=\"mark\""), 1u);  // "empty" has no mark
  const std::regex path("d=\"(M[^\"]*)\"");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg, m, path));
  EXPECT_EQ(Count(m[1], "M"), 2u) << m[1];
  EXPECT_EQ(Count(m[1], "L"), 1u) << m[1];
  EXPECT_NE(svg.find("1 ms"), std::string::npos);  // a decade tick
}

TEST(SvgChart, StackedBarsDrawOneRectPerNonZeroSegment) {
  const std::string svg =
      StackedBars("o", "Outcomes", {"a", "b"},
                  {{"solved", "#0f0", {3, 0}}, {"wrong", "#f00", {1, 2}}});
  EXPECT_EQ(Count(svg, "class=\"mark\""), 3u);
  EXPECT_NE(svg.find("<title>a: wrong 1</title>"), std::string::npos);
}

TEST(SvgChart, RatioChartMarksFailedRows) {
  const std::string svg = RatioChart(
      {"r", "R", "ratio", "cpu"}, {{"x", 0.5, 0.9, 1.1, true, "", true},
                                   {"y", 1.02, 0.95, 1.05, false, "", true}});
  EXPECT_EQ(Count(svg, "class=\"mark\""), 2u);
  EXPECT_EQ(Count(svg, "#d62728"), 1u);
}

// Every chart's ticks: an axis from 0 once drew "-0" and "-0%" (ceil of a
// tiny negative times the step), on the run and trend pages alike (compare's
// ratios are on a log axis, which has no 0).
TEST(SvgChart, NoTickReadsMinusZero) {
  EXPECT_EQ(TickLabel(-0.0, AxisUnit::kCount), "0");
  EXPECT_EQ(TickLabel(-0.0, AxisUnit::kFraction), "0%");
  EXPECT_EQ(TickLabel(-0.0, AxisUnit::kMicros), "0 \u00b5s");
  EXPECT_EQ(TickLabel(0.3, AxisUnit::kFraction), "30%");
  const std::vector<std::string> charts = {
      LineChart({"c", "T", "x", "y", AxisUnit::kCount, AxisUnit::kCount, false,
                 false},
                {{"a", {{0, 0}, {7, 3}}, false}}),
      LineChart({"f", "F", "x", "y", AxisUnit::kMicros, AxisUnit::kFraction,
                 true, false},
                {{"a", {{10, 0.5}, {1000, 1}}, false}}),
      TrendChart({"t", "T", "commits", "puzzles/s", AxisUnit::kCount,
                  AxisUnit::kCount, false, false},
                 {{"c1", 1, 0, 2}, {"c2", 40, 30, 50}}, {})};
  for (const std::string& svg : charts) {
    EXPECT_EQ(svg.find(">-0"), std::string::npos) << svg;
    EXPECT_GE(Count(svg, ">0<") + Count(svg, ">0%<"), 1u) << svg;
  }
}

// The main job draws twelve strategies (--strategy all); Tableau's ten
// colours drew the 11th and 12th as the 1st and 2nd.
TEST(SvgChart, TwentyFourSeriesAreDrawnApart) {
  std::set<std::pair<std::string_view, std::string_view>> looks;
  std::set<std::string_view> colours;
  for (size_t i = 0; i < 24; ++i) {
    looks.insert({StyleOf(i).color, StyleOf(i).dash});
    if (i < 12) colours.insert(StyleOf(i).color);
  }
  EXPECT_EQ(looks.size(), 24u);
  EXPECT_EQ(colours.size(), 12u);
  std::vector<ChartSeries> series;
  for (int i = 0; i < 12; ++i) {
    series.push_back({"s" + std::to_string(i), {{1, 1}, {10, 2.0 + i}}});
  }
  const std::string svg = LineChart(
      {"c", "T", "x", "y", AxisUnit::kMicros, AxisUnit::kCount, true, false},
      series);
  // Each legend key as its line is drawn: stroke and dash.
  const std::regex key(
      "data-toggle=\"[^\"]*\"><line "
      "[^>]*stroke=\"(#[0-9a-f]{6})\"[^>]*?(stroke-dasharray=\"[^\"]*\")?/>");
  std::set<std::string> keys;
  for (std::sregex_iterator it(svg.begin(), svg.end(), key), end; it != end;
       ++it) {
    keys.insert((*it)[1].str() + " " + (*it)[2].str());
  }
  EXPECT_EQ(keys.size(), 12u) << svg;
}

TEST(SvgChart, DistributionRowsGolden) {
  const std::string svg = DistributionRows(
      {"d", "D", "time", "", AxisUnit::kMicros, AxisUnit::kCount, true, false},
      {{"slow", {{1, 2}, {10, 4}}, 3, 0}});
  // x 1..10 (a decade) onto 120..600; the row from 40 down to 86, the largest
  // count reaching 42 above that baseline.
  EXPECT_NE(svg.find("d=\"M120.0 86.0L120.0 65.0L600.0 44.0L600.0 86.0Z\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">3 \u00b5s</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>slow: median 3 \u00b5s</title>"),
            std::string::npos);
}

TEST(SvgChart, DistributionRowsSortByMedianAndBreakAtGaps) {
  const double nan = std::nan("");
  const std::string svg = DistributionRows(
      {"d", "D", "time", "", AxisUnit::kMicros, AxisUnit::kCount, true, false},
      {{"slow", {{100, 1}, {nan, nan}, {1000, 1}}, 200, 0},
       {"fast", {{1, 5}, {2, 1}}, 1, 1},
       {"none", {}, 0.5, 2}});
  const size_t fast = svg.find(">fast<"), slow = svg.find(">slow<"),
               none = svg.find(">none<");
  ASSERT_NE(slow, std::string::npos);
  EXPECT_LT(none, fast);  // least median first; a row without data still named
  EXPECT_LT(fast, slow);
  EXPECT_EQ(Count(svg, "class=\"mark\""), 2u);
  const std::regex path("class=\"mark\" d=\"([^\"]*)\"");
  std::vector<std::string> paths;
  for (std::sregex_iterator it(svg.begin(), svg.end(), path), end; it != end;
       ++it) {
    paths.push_back((*it)[1]);
  }
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(Count(paths[1], "M"), 2u) << paths[1];  // slow: two shapes
  EXPECT_EQ(Count(paths[1], "Z"), 2u) << paths[1];
}

using testing::FixedManifest;

// `strategies` strategies over `path`, with times spread over 1 µs..1 s and
// nodes over 1..1e6, as a wide real run spreads them.
DatasetResult WideResult(const std::string& path, size_t strategies,
                         uint64_t seed) {
  DatasetResult r;
  r.path = path;
  r.sha256 = "00ff";
  r.format = DatasetFormat::kLines;
  r.wall_s = 1.5;
  for (size_t s = 0; s < strategies; ++s) {
    StrategyStats stats(5);
    uint64_t x = seed * 7919 + s;
    for (int i = 0; i < 20000; ++i) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const double u = static_cast<double>(x >> 11) / 9007199254740992.0;
      const auto nanos = static_cast<uint64_t>(std::pow(10, 3 + 6 * u));
      const auto nodes = static_cast<uint64_t>(std::pow(10, 6 * u));
      const Verdict v = i % 97 == 0 ? Verdict::kOverBudget : Verdict::kSolved;
      stats.Add({v, nanos, nodes, nodes > 1});
      stats.slowest.Offer({nanos, nodes, static_cast<uint64_t>(i + 1), {}});
    }
    stats.AddUnsearched(Verdict::kMalformed);
    r.stats.push_back(stats);
  }
  return r;
}

RunOptions Options(size_t strategies) {
  RunOptions options;
  for (size_t s = 0; s < strategies; ++s) {
    options.strategies.push_back(&AllStrategies()[s % AllStrategies().size()]);
  }
  return options;
}

// The page and the CSV of the same passes.
struct Reports {
  std::string page, csv;
};

Reports Report(size_t strategies, size_t datasets) {
  std::ostringstream page, csv;
  HtmlReporter html(page);
  CsvReporter table(csv);
  for (size_t d = 0; d < datasets; ++d) {
    const DatasetResult result =
        WideResult("data/set" + std::to_string(d) + ".txt", strategies, d);
    std::vector<ReportRow> rows = MakeRows(result, Options(strategies));
    for (size_t s = 0; s < rows.size(); ++s) {
      rows[s].strategy = "strategy-" + std::to_string(s);
    }
    html.ReportPass(FixedManifest(), result, rows);
    table.ReportPass(FixedManifest(), result, rows);
  }
  html.Finish();
  return {page.str(), csv.str()};
}

TEST(HtmlReporter, EveryChartHasData) {
  const Reports r = Report(3, 2);
  const auto charts = Charts(r.page);
  ASSERT_EQ(charts.size(), 2u * 4u);  // outcomes, cactus, times, nodes
  for (const std::string& chart : charts) {
    EXPECT_GE(Count(chart, "class=\"mark\""), 3u) << chart.substr(0, 200);
  }
  EXPECT_TRUE(r.page.starts_with("<!DOCTYPE html>"));
  EXPECT_TRUE(r.page.ends_with("</html>\n"));
  // No address but the SVG namespace.
  for (size_t at = r.page.find("://"); at != std::string::npos;
       at = r.page.find("://", at + 1)) {
    EXPECT_EQ(r.page.substr(at - 4, 26), "http://www.w3.org/2000/svg");
  }
  EXPECT_EQ(Count(r.page, "src="), 0u);
}

// Every table in a box that scrolls it, so that no page scrolls sideways.
TEST(HtmlReporter, EveryTableSitsInABoxOfItsOwn) {
  const Reports r = Report(3, 2);
  // Per dataset numbers and slowest; the summary; the manifest's two.
  EXPECT_EQ(Count(r.page, "<table"), 2u * 2u + 1u + 2u);
  EXPECT_EQ(Count(r.page, "<div class=\"table-box\" tabindex=\"0\"><table"),
            Count(r.page, "<table"));
  EXPECT_NE(r.page.find(".table-box{max-width:100%;overflow-x:auto"),
            std::string::npos);
}

// Twelve strategies, as --strategy all runs them: twelve keys drawn apart on
// the cactus plot, and the distributions one row per strategy, named.
TEST(HtmlReporter, TwelveStrategiesReadApart) {
  const Reports r = Report(12, 1);
  const auto charts = Charts(r.page);
  ASSERT_EQ(charts.size(), 4u);
  const std::regex key(
      "<line "
      "[^>]*stroke=\"(#[0-9a-f]{6})\"[^>]*?(stroke-dasharray=\"[^\"]*\")?/>");
  std::set<std::string> keys;
  size_t legend_at = charts[1].find("class=\"legend\"");
  for (std::sregex_iterator
           it(charts[1].begin() + legend_at, charts[1].end(), key),
       end;
       it != end; ++it) {
    keys.insert((*it)[1].str() + " " + (*it)[2].str());
  }
  EXPECT_EQ(keys.size(), 12u);
  for (size_t chart : {2, 3}) {
    EXPECT_EQ(Count(charts[chart], "class=\"mark\""), 12u);
    for (int s = 0; s < 12; ++s) {
      EXPECT_EQ(Count(charts[chart], ">strategy-" + std::to_string(s) + "<"),
                1u);
    }
  }
}

TEST(HtmlReporter, TheManifestNamesTheProcessesAndHosts) {
  const Reports r = Report(1, 1);
  EXPECT_NE(
      r.page.find("<th>processes</th><td class=\"name\">1 on test-host:1</td>"),
      std::string::npos);
  EXPECT_NE(r.page.find("<th>threads per process</th>"), std::string::npos);
}

TEST(HtmlReporter, APartialRunSaysSo) {
  std::ostringstream page;
  HtmlReporter html(page);
  DatasetResult result;
  result.path = "part.txt";
  result.stats.resize(1);
  result.interrupted_by = 2;
  result.last_line = 41;
  RunOptions options;
  Strategy strategy;
  strategy.name = "x";
  options.strategies.push_back(&strategy);
  html.ReportPass(FixedManifest(), result, MakeRows(result, options));
  html.Finish();
  EXPECT_NE(page.str().find("lines up to 41 only"), std::string::npos);
}

TEST(HtmlReporter, NumbersAreTheCsvs) {
  const Reports r = Report(2, 1);
  const std::vector<ReportEntry> csv = [&] {
    std::istringstream in(r.csv);
    return ReadCsvReport(in, "report.csv");
  }();
  ASSERT_EQ(csv.size(), 2u);
  std::string csv_header = r.csv.substr(0, r.csv.find('\n'));
  const std::regex cell(
      "<tr data-strategy=\"([^\"]*)\">|data-column=\"([a-z0-9_]+)\">([^<]*)<");
  std::string strategy;
  size_t checked = 0;
  for (std::sregex_iterator it(r.page.begin(), r.page.end(), cell), end;
       it != end; ++it) {
    if ((*it)[1].matched) {
      strategy = (*it)[1];
      continue;
    }
    const ReportEntry& e = csv[strategy == "strategy-1" ? 1 : 0];
    ASSERT_EQ(e.row.strategy, strategy == "" ? "strategy-0" : strategy);
    for (const ReportColumn& column : ReportColumns()) {
      if (column.name != (*it)[2].str()) continue;
      EXPECT_EQ(column.write(e.row, e.manifest), (*it)[3]) << column.name;
      ++checked;
    }
  }
  EXPECT_GE(checked, 2u * 22u);
  EXPECT_NE(r.page.find(">nodes_p90<"), std::string::npos);
}

TEST(HtmlReporter, SummaryMatrixOnlyWithSeveralDatasets) {
  EXPECT_EQ(Report(2, 1).page.find("Summary"), std::string::npos);
  const std::string page = Report(2, 2).page;
  EXPECT_NE(page.find("Summary: puzzles per second"), std::string::npos);
  EXPECT_NE(page.find("100.0% of the fastest"), std::string::npos);
}

TEST(HtmlReporter, SlowestPuzzlesNamedByFileAndLine) {
  const std::string page = Report(1, 1).page;
  EXPECT_NE(page.find("Slowest puzzles"), std::string::npos);
  EXPECT_TRUE(std::regex_search(page, std::regex(">data/set0.txt:[0-9]+<")));
}

TEST(HtmlReporter, TenStrategiesByFiveDatasetsStayUnderOneMegabyte) {
  const Reports r = Report(10, 5);
  EXPECT_EQ(Charts(r.page).size(), 5u * 4u);
  EXPECT_LT(r.page.size(), 1u << 20) << r.page.size();
  RecordProperty("page_bytes", static_cast<int>(r.page.size()));
}

TEST(CompareHtml, VerdictsRatiosAndOverlaidDistributions) {
  const Reports r = Report(2, 1);
  std::istringstream in1(r.csv), in2(r.csv);
  const auto baseline = ReadCsvReport(in1, "base.csv");
  auto current = ReadCsvReport(in2, "cur.csv");
  current[1].row.nodes_total += 1;
  const Comparison comparison = CompareReports(baseline, current, {});
  std::ostringstream out;
  WriteComparisonHtml(out, comparison, baseline, current, "base.csv",
                      "cur.csv");
  const std::string page = out.str();
  EXPECT_NE(page.find("[same]"), std::string::npos);
  EXPECT_NE(page.find("[changed, worse]"), std::string::npos);
  EXPECT_NE(page.find("<tr class=\"changed\"><td class=\"name\">nodes_total"),
            std::string::npos);
  const auto charts = Charts(page);
  ASSERT_EQ(charts.size(), 1u + 2u * 2u);  // ratios, then times and nodes
  for (const std::string& chart : charts) {
    EXPECT_GE(Count(chart, "class=\"mark\""), 2u) << chart.substr(0, 200);
  }
}

// The node histogram beside the time histogram: exact to merge, and carried
// whole by the stats file that `bench merge` and MPI ranks merge.
TEST(NodeHistogram, MergedPartsEqualTheWhole) {
  const DatasetResult whole = WideResult("w.txt", 1, 3);
  StrategyStats a, b;
  uint64_t x = 3 * 7919;
  for (int i = 0; i < 20000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(x >> 11) / 9007199254740992.0;
    const auto nanos = static_cast<uint64_t>(std::pow(10, 3 + 6 * u));
    const auto nodes = static_cast<uint64_t>(std::pow(10, 6 * u));
    const Verdict v = i % 97 == 0 ? Verdict::kOverBudget : Verdict::kSolved;
    (i % 3 ? a : b).Add({v, nanos, nodes, nodes > 1});
  }
  a.Merge(b);
  EXPECT_EQ(a.nodes, whole.stats[0].nodes);
  const ReportRow row = MakeRows(whole, Options(1))[0];
  EXPECT_EQ(row.nodes_p50, whole.stats[0].nodes.Quantile(0.5));
  EXPECT_LT(row.nodes_p50, row.nodes_p90);
  EXPECT_LT(row.nodes_p90, row.nodes_p99);
  EXPECT_LE(row.nodes_p99, row.nodes_max);
}

ShardPart OnePart() {
  ShardPart part;
  part.manifest = FixedManifest();
  part.settings.strategies = {{"bitmask", "built in", ""}};
  part.settings.slowest = 5;
  part.datasets = {WideResult("w.txt", 1, 4)};
  return part;
}

TEST(NodeHistogram, StatsFileCarriesItExactly) {
  const ShardPart part = OnePart();
  const ShardPart read = ParseShardStats(ShardStatsJson(part), "p.json");
  EXPECT_EQ(read.datasets[0].stats[0].nodes, part.datasets[0].stats[0].nodes);
  EXPECT_EQ(ShardRows(read, 0)[0].nodes_p90,
            MakeRows(part.datasets[0], Options(1))[0].nodes_p90);
}

TEST(NodeHistogram, AStatsFileWithoutItIsRefusedByName) {
  std::string text = ShardStatsJson(OnePart());
  const size_t at = text.find("\"nodes\": {");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\"nodez\":");
  try {
    ParseShardStats(text, "old.json");
    FAIL() << "read a stats file without a node histogram";
  } catch (const ShardStatsError& error) {
    EXPECT_TRUE(std::string(error.what()).starts_with("old.json: "))
        << error.what();
    EXPECT_NE(std::string(error.what()).find("nodes"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace sudoku
