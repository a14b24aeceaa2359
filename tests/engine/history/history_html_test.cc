// The trend page's one measure: each series' chart and table show the
// throughput it is judged on, named alike, and its band is drawn when its
// commits have one and said to be absent when they do not.
#include "engine/history/history_html.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "tests/engine/history/made_history.h"

namespace sudoku {
namespace {

std::string Page(const testing::History& history, Measure measure) {
  std::ostringstream out;
  WriteHistoryHtml(out, history.Build(), measure, {}, "history.sqlite");
  return out.str();
}

std::string Chart(const std::string& page, const std::string& id) {
  const size_t at = page.find("data-chart=\"" + id + "\"");
  if (at == std::string::npos) return "";
  return page.substr(at, page.find("</svg>", at) - at);
}

std::string CommitTable(const std::string& page) {
  const size_t at = page.find("<table class=\"commits\"");
  if (at == std::string::npos) return "";
  return page.substr(at, page.find("</table>", at) - at);
}

// The page: the chart in puzzles per CPU-second (57k for dlx) and
// the table beside it in wall puzzles/s (27,921).
TEST(HistoryHtml, TableAndChartShowOneMeasure) {
  testing::History h;
  h.Run("c1", 27921, 1000, "main", 57000).Run("c2", 27500, 1000, "main", 57300);
  const std::string page = Page(h, Measure::kCpu);
  const std::string chart = Chart(page, "s1-speed"), table = CommitTable(page);
  ASSERT_FALSE(chart.empty());
  ASSERT_FALSE(table.empty());
  EXPECT_NE(chart.find("data-measure=\"cpu\""), std::string::npos) << chart;
  EXPECT_NE(table.find("data-measure=\"cpu\""), std::string::npos) << table;
  // The chart's y axis and the table's column say the same words.
  EXPECT_NE(chart.find(">puzzles per CPU-second</text>"), std::string::npos);
  EXPECT_NE(table.find("<th>puzzles per CPU-second</th>"), std::string::npos);
  // The table's first figures of the newest commit are the chart's.
  const std::regex newest(
      "<tr><td class=\"name\">c2</td><td class=\"name\">"
      "[^<]*</td><td>1</td><td>([^<]*)</td>");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(table, m, newest)) << table;
  EXPECT_EQ(m[1], "57,300");
  EXPECT_NE(chart.find("c2: 57300"), std::string::npos);
  // The wall clock stays, labelled as not judged.
  EXPECT_NE(table.find("<th>puzzles/s (wall clock, not judged)</th>"),
            std::string::npos);
  EXPECT_NE(table.find("<td>27,500</td>"), std::string::npos);
}

TEST(HistoryHtml, OnTheWallClockBothSayTheWallClock) {
  testing::History h;
  h.Run("c1", 27921).Run("c2", 27500);
  const std::string page = Page(h, Measure::kWall);
  const std::string chart = Chart(page, "s1-speed"), table = CommitTable(page);
  EXPECT_NE(chart.find("data-measure=\"wall\""), std::string::npos);
  EXPECT_NE(table.find("data-measure=\"wall\""), std::string::npos);
  EXPECT_NE(chart.find(">puzzles/s (wall clock)</text>"), std::string::npos);
  EXPECT_NE(table.find("<th>puzzles/s (wall clock)</th>"), std::string::npos);
  // The rounds' band: 1% either side in made_history.h.
  EXPECT_NE(chart.find("class=\"band\""), std::string::npos);
  EXPECT_NE(page.find("the band spans the slowest to fastest round"),
            std::string::npos);
}

// Puzzles per CPU-second has a band only where a commit has several runs (a
// report keeps its median round's CPU time only). The header promised one
// on every chart and none was drawn; now the band is drawn where there is
// one, and a series without one says so.
TEST(HistoryHtml, TheBandIsDrawnWhereThereIsOneAndSaidAbsentWhereNot) {
  testing::History banded;
  banded.Run("c1", 27921, 1000, "main", 57000)
      .Run("c1", 27800, 1000, "main", 59000)
      .Run("c2", 27500, 1000, "main", 57300);
  std::string page = Page(banded, Measure::kCpu);
  EXPECT_NE(Chart(page, "s1-speed").find("<path class=\"band\""),
            std::string::npos);
  EXPECT_NE(page.find("the band spans each commit&#39;s lowest to highest run"),
            std::string::npos);
  EXPECT_NE(CommitTable(page).find("<td>57,000</td><td>59,000</td>"),
            std::string::npos);

  testing::History single;
  single.Run("c1", 27921, 1000, "main", 57000)
      .Run("c2", 27500, 1000, "main", 57300);
  page = Page(single, Measure::kCpu);
  EXPECT_EQ(Chart(page, "s1-speed").find("class=\"band\""), std::string::npos);
  EXPECT_NE(page.find("no band: each commit has one run"), std::string::npos);
  EXPECT_EQ(page.find("slowest to fastest round of its runs (of puzzles per "
                      "CPU-second"),
            std::string::npos);
}

}  // namespace
}  // namespace sudoku
