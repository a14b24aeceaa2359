// bench compare --markdown: the summary a CI job shows, as golden text, for
// a comparison with every kind of row, one that passes, and one refused.
#include "engine/compare/compare_markdown.h"

#include <gtest/gtest.h>

#include <sstream>

namespace sudoku {
namespace {

// A row of a three-round report of 100 puzzles on machine "cpu A".
ReportEntry Entry(const std::string& strategy, double puzzles_per_s = 1000) {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "regression.txt";
  r.strategy = strategy;
  r.limit = 2;
  r.max_nodes = 2000;
  r.threads = 2;
  r.puzzles = 100;
  r.solved = 90;
  r.over_budget = 10;
  r.nodes_total = 12345;
  r.nodes_max = 2000;
  r.puzzles_per_s = puzzles_per_s;
  r.puzzles_per_s_min = puzzles_per_s * 0.99;
  r.puzzles_per_s_max = puzzles_per_s * 1.01;
  r.repeats = 3;
  r.pass_cpu_s = 100 / puzzles_per_s;
  r.dataset_sha256 = "aaaa";
  e.manifest.cpu = "cpu A";
  return e;
}

std::string Markdown(const std::vector<ReportEntry>& base,
                     const std::vector<ReportEntry>& current) {
  std::ostringstream out;
  WriteComparisonMarkdown(out, CompareReports(base, current, {}), "base.csv",
                          "current.csv");
  return out.str();
}

TEST(ComparisonMarkdown, EveryRowThatMovedWithItsSize) {
  std::vector<ReportEntry> base = {Entry("dlx"), Entry("bands"), Entry("scan"),
                                   Entry("norvig")};
  std::vector<ReportEntry> current = {Entry("dlx"), Entry("bands", 500),
                                      Entry("norvig"), Entry("simd")};
  current[0].row.nodes_total = 13000;
  current[0].row.solved = 89;
  current[0].row.over_budget = 11;
  EXPECT_EQ(
      Markdown(base, current),
      "### bench compare: FAIL (exit 1)\n"
      "\n"
      "Baseline `base.csv`, current `current.csv`: 1 changed (1 worse), 1 "
      "missing, 1 slower, 1 same, 1 new.\n"
      "\n"
      "| dataset | strategy | limit | budget | verdict | what moved |\n"
      "|---|---|---|---|---|---|\n"
      "| regression.txt | dlx | 2 | 2,000 | **changed, worse** | solved 90 "
      "-&gt; 89 (-1.1%, worse)<br>over_budget 10 -&gt; 11 (+10.0%, worse)<br>"
      "nodes_total 12,345 -&gt; 13,000 (+5.3%, worse) |\n"
      "| regression.txt | bands | 2 | 2,000 | **slower** | puzzles_per_s "
      "1,000 -&gt; 500 (0.500x, 100.0% slower)<br>timing gated: 100.0% "
      "slower, beyond the allowed 10% slower and 2.0% noise; 100.0% slower "
      "by CPU time; detection limit 10.0% slower |\n"
      "| regression.txt | scan | 2 | 2,000 | **missing** | in the "
      "baseline, not in the current report |\n"
      "| regression.txt | simd | 2 | 2,000 | **new** | only in the "
      "current report (no baseline yet) |\n"
      "\n");
}

TEST(ComparisonMarkdown, APassSaysSoInALine) {
  EXPECT_EQ(Markdown({Entry("dlx")}, {Entry("dlx", 990)}),
            "### bench compare: PASS (exit 0)\n"
            "\n"
            "Baseline `base.csv`, current `current.csv`: 0 changed, 0 missing, "
            "0 slower, 1 same, 0 new.\n"
            "\n"
            "Every row is the same as the baseline's.\n"
            "\n");
}

TEST(ComparisonMarkdown, ARefusalListsItsReasons) {
  std::vector<ReportEntry> current = {Entry("dlx")};
  current[0].row.dataset_sha256 = "bbbb";
  const std::string text = Markdown({Entry("dlx")}, current);
  EXPECT_TRUE(
      text.starts_with("### bench compare: REFUSED (exit 2)\n\n"
                       "Baseline `base.csv`, current `current.csv`: "
                       "the reports cannot be compared.\n\n- "))
      << text;
}

}  // namespace
}  // namespace sudoku
