// Tests of how bench compare judges instructions per puzzle: exact on one
// build, within --max-instructions between builds, never across unlike
// builds or counts of other samples.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/common/exit_codes.h"
#include "engine/compare/compare.h"
#include "engine/compare/compare_markdown.h"
#include "engine/compare/compare_table.h"

namespace sudoku {
namespace {

// One row counted under callgrind over 200 puzzles, on one build.
ReportEntry Counted(double instructions, const std::string& revision = "abc",
                    const std::string& flags =
                        "Release -O3 "
                        "-march=x86-64-v3") {
  ReportEntry e;
  ReportRow& r = e.row;
  r.dataset = "regression.txt";
  r.strategy = "bands-plugin";
  r.puzzles = 100;
  r.solved = 100;
  r.nodes_total = 500;
  r.puzzles_per_s = 1000;
  r.puzzles_per_s_min = 800;  // 20% run-to-run noise
  r.puzzles_per_s_max = 1000;
  r.repeats = 3;
  r.dataset_sha256 = "aaaa";
  r.instructions_per_puzzle = instructions;
  r.instructions_by = "callgrind";
  r.instructions_sample = 200;
  e.manifest.cpu = "cpu A";
  e.manifest.git_revision = revision;
  e.manifest.compiler = "GNU 12.2.0";
  e.manifest.build_flags = flags;
  e.line = 2;
  return e;
}

Comparison Compare(const ReportEntry& base, const ReportEntry& cur) {
  return CompareReports(std::span(&base, 1), std::span(&cur, 1), {});
}

TEST(CompareInstructions, EqualOnOneBuildPasses) {
  const Comparison c = Compare(Counted(1000.5), Counted(1000.5));
  EXPECT_EQ(c.ExitCode(), kExitOk);
  const InstructionCheck& i = c.rows[0].instructions;
  EXPECT_TRUE(i.compared);
  EXPECT_TRUE(i.exact);
  EXPECT_FALSE(i.regressed);
  EXPECT_NE(i.note.find("equal"), std::string::npos) << i.note;
}

TEST(CompareInstructions, AByteCopyOfAPluginElsewhereIsTheSameBuild) {
  // The same file hash from another path: callgrind's counts must be equal.
  ReportEntry base = Counted(1000.5), cur = Counted(1000.4);
  base.row.strategy_sha256 = cur.row.strategy_sha256 = "one plugin file";
  base.row.strategy_origin = "/a/libsolver.so";
  cur.row.strategy_origin = "/tmp/copy/libsolver.so";
  const Comparison c = Compare(base, cur);
  EXPECT_TRUE(c.rows[0].instructions.exact);
  EXPECT_TRUE(c.rows[0].instructions.regressed);
  EXPECT_EQ(c.ExitCode(), kExitFailure);
}

TEST(CompareInstructions, AnyDifferenceOnOneBuildFails) {
  // Fewer instructions on one binary mean the count is not deterministic.
  const Comparison c = Compare(Counted(1000.5), Counted(1000.4));
  EXPECT_EQ(c.ExitCode(), kExitFailure);
  EXPECT_EQ(c.rows[0].verdict, RowVerdict::kSlower);
  EXPECT_TRUE(c.rows[0].instructions.exact);
}

TEST(CompareInstructions, TwoPercentCostlierBuildFailsWhereTimingCannotTell) {
  ReportEntry base = Counted(100000);
  ReportEntry cur = Counted(102000, "def");
  cur.row.strategy_sha256 = "other plugin file";
  cur.row.puzzles_per_s = 980;  // within the rows' 20% noise
  const Comparison c = Compare(base, cur);
  EXPECT_FALSE(c.rows[0].timing.regressed);
  EXPECT_TRUE(c.rows[0].instructions.compared);
  EXPECT_FALSE(c.rows[0].instructions.exact);
  EXPECT_TRUE(c.rows[0].instructions.regressed);
  EXPECT_NEAR(c.rows[0].instructions.change, 0.02, 1e-12);
  EXPECT_EQ(c.ExitCode(), kExitFailure);
  std::ostringstream table, markdown;
  PrintComparison(table, c);
  EXPECT_NE(table.str().find("instructions +2.0%"), std::string::npos)
      << table.str();
  EXPECT_NE(table.str().find("instructions_per_puzzle"), std::string::npos);
  WriteComparisonMarkdown(markdown, c, "base.csv", "new.csv");
  // Markdown escapes '>' (MarkdownCell): a rendered page shows "->".
  EXPECT_NE(
      markdown.str().find("instructions_per_puzzle 100,000 -&gt; 102,000"),
      std::string::npos)
      << markdown.str();
}

TEST(CompareInstructions, WithinTheToleranceOrFewerPassesBetweenBuilds) {
  EXPECT_EQ(Compare(Counted(100000), Counted(100900, "def")).ExitCode(),
            kExitOk);
  EXPECT_EQ(Compare(Counted(100000), Counted(90000, "def")).ExitCode(),
            kExitOk);
  CompareOptions loose;
  loose.max_instructions = 0.05;
  const ReportEntry base = Counted(100000), cur = Counted(104000, "def");
  EXPECT_EQ(
      CompareReports(std::span(&base, 1), std::span(&cur, 1), loose).ExitCode(),
      kExitOk);
}

TEST(CompareInstructions, ACounterGetsTheToleranceEvenOnOneBuild) {
  ReportEntry base = Counted(100000), cur = Counted(100003);
  base.row.instructions_by = cur.row.instructions_by = "counter";
  Comparison c = Compare(base, cur);
  EXPECT_EQ(c.ExitCode(), kExitOk);
  EXPECT_FALSE(c.rows[0].instructions.exact);
  cur.row.instructions_per_puzzle = 102000;
  c = Compare(base, cur);
  EXPECT_EQ(c.ExitCode(), kExitFailure);
}

TEST(CompareInstructions, UnlikeBuildsAreSaidNotJudged) {
  const Comparison c = Compare(Counted(100000), Counted(150000, "abc",
                                                        "Release -O3 "
                                                        "-march=native"));
  EXPECT_EQ(c.ExitCode(), kExitOk);
  EXPECT_FALSE(c.rows[0].instructions.compared);
  EXPECT_NE(c.rows[0].instructions.note.find("unlike builds"),
            std::string::npos);
}

TEST(CompareInstructions, OtherSamplesOrCountersAreSaidNotJudged) {
  ReportEntry cur = Counted(150000);
  cur.row.instructions_sample = 100;
  EXPECT_EQ(Compare(Counted(100000), cur).ExitCode(), kExitOk);
  cur = Counted(150000);
  cur.row.instructions_by = "counter";
  const Comparison c = Compare(Counted(100000), cur);
  EXPECT_EQ(c.ExitCode(), kExitOk);
  EXPECT_NE(c.rows[0].instructions.note.find("callgrind over 200 puzzles vs "
                                             "counter over 200 puzzles"),
            std::string::npos)
      << c.rows[0].instructions.note;
}

TEST(CompareInstructions, UncountedRowsSayNothing) {
  ReportEntry base = Counted(100000), cur = Counted(100000);
  base.row.instructions_by.clear();
  const Comparison c = Compare(base, cur);
  EXPECT_EQ(c.ExitCode(), kExitOk);
  EXPECT_TRUE(c.rows[0].instructions.note.empty());
  for (const MetricDelta& m : c.rows[0].metrics) {
    EXPECT_NE(m.name, "instructions_per_puzzle");
  }
}

}  // namespace
}  // namespace sudoku
