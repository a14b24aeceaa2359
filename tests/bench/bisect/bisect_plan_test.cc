// Tests of bench bisect's plan: the bench command lines it runs per commit,
// the BENCH-ARGS it refuses, and its reading of git bisect's output.
#include "bench/bisect/bisect_plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sudoku {
namespace {

using Words = std::vector<std::string>;

BisectCommandOptions Options() {
  BisectCommandOptions o;
  o.good = "v1";
  o.build = "make libtoy.so";
  o.plugin = "libtoy.so";
  o.strategy = "toy";
  o.batch = 64;
  o.bench_args = {"--limit", "2", "corpus.txt"};
  return o;
}

TEST(ClashingBenchArg, RefusesWhatBisectSetsItself) {
  EXPECT_EQ(ClashingBenchArg(Words{"--limit", "2", "-t", "2", "a.txt"}), "");
  EXPECT_EQ(ClashingBenchArg(Words{"a.txt", "--csv", "x.csv"}), "--csv");
  EXPECT_EQ(ClashingBenchArg(Words{"--csv=x.csv"}), "--csv=x.csv");
  EXPECT_EQ(ClashingBenchArg(Words{"-sdlx"}), "-sdlx");
  EXPECT_EQ(ClashingBenchArg(Words{"--strategy", "dlx"}), "--strategy");
  EXPECT_EQ(ClashingBenchArg(Words{"--batch", "16"}), "--batch");
  EXPECT_EQ(ClashingBenchArg(Words{"-"}), "-");  // standard input, once
  // A longer option that only starts like one is not it.
  EXPECT_EQ(ClashingBenchArg(Words{"--csvish"}), "");
  // After bench's own --, every word is a dataset.
  EXPECT_EQ(ClashingBenchArg(Words{"--", "--csv"}), "");
}

TEST(BenchArgs, AnExactRunLoadsTheBuildAlone) {
  const BisectCommandOptions o = Options();
  EXPECT_EQ(SearchRunArgs(o, "/repo/libtoy.so", "/w/a.csv", ""),
            (Words{"--plugin", "/repo/libtoy.so", "--strategy", "toy", "--csv",
                   "/w/a.csv", "--quiet", "--progress", "never", "--batch",
                   "64", "--limit", "2", "corpus.txt"}));
  const Words with_ledger =
      SearchRunArgs(o, "/repo/libtoy.so", "/w/a.csv", "/w/a.pp.csv");
  EXPECT_EQ(Words(with_ledger.begin() + 6, with_ledger.begin() + 8),
            (Words{"--per-puzzle", "/w/a.pp.csv"}));
}

TEST(BenchArgs, ATimedRunHoldsTheCommitAgainstGood) {
  const BisectCommandOptions o = Options();
  EXPECT_EQ(SpeedRunArgs(o, "/w/good/libtoy.so", "/repo/libtoy.so",
                         "0123456789ab", "/w/ab.csv"),
            (Words{"--plugin", "good=/w/good/libtoy.so", "--plugin",
                   "0123456789ab=/repo/libtoy.so", "--ab",
                   "good:toy,0123456789ab:toy", "--per-puzzle", "/w/ab.csv",
                   "--quiet", "--progress", "never", "--batch", "64", "--limit",
                   "2", "corpus.txt"}));
}

TEST(BenchArgs, AProgramIsQuotedForTheShell) {
  BisectCommandOptions o = Options();
  o.plugin.clear();
  o.exec = "bin/solver";
  EXPECT_EQ(LoadArtifact(o, "", "/my repo/it's"),
            (Words{"--exec", "toy='/my repo/it'\\''s'"}));
  EXPECT_EQ(LoadArtifact(o, "good", "/w/good/solver"),
            (Words{"--exec", "good:toy='/w/good/solver'"}));
}

TEST(StepCommand, PassesResolvedCommitsAndTheWorkFolder) {
  BisectCommandOptions o = Options();
  o.per_puzzle = "changed.csv";
  const std::string good(40, 'a'), bad(40, 'b');
  const Words step = StepCommand(o, "/bin/bench", good, bad, "/tmp/w");
  EXPECT_EQ(Words(step.begin(), step.begin() + 6),
            (Words{"/bin/bench", "bisect", "--good", good, "--bad", bad}));
  const Words tail = {"--step",  "/tmp/w", "--per-puzzle", "changed.csv", "--",
                      "--limit", "2",      "corpus.txt"};
  EXPECT_EQ(Words(step.end() - tail.size(), step.end()), tail);
}

TEST(ParseBisectOutput, TheFirstBadCommitOrTheCandidates) {
  const std::string hash = "154ac98484a1ec904ad49bfb76ccdb3ec4832679";
  const BisectEnd found = ParseBisectOutput(
      "running  'bench' 'bisect'\n"
      "Bisecting: 0 revisions left to test after this (roughly 0 steps)\n"
      "[" +
      hash + "] c9\n" + hash +
      " is the first bad commit\n"
      "commit " +
      hash + "\nAuthor: t <t@t>\n");
  EXPECT_EQ(found.first_bad, hash);
  EXPECT_TRUE(found.candidates.empty());

  const std::string other = "7cf2e490c8ab9a1084cbb09ecb847c9e409c7178";
  const BisectEnd skipped = ParseBisectOutput(
      "There are only 'skip'ped commits left to test.\n"
      "The first bad commit could be any of:\n" +
      hash + "\n" + other + "\nWe cannot bisect more!\n");
  EXPECT_EQ(skipped.first_bad, "");
  EXPECT_EQ(skipped.candidates, (Words{hash, other}));

  EXPECT_EQ(ParseBisectOutput("bisect run failed:\n").first_bad, "");
}

}  // namespace
}  // namespace sudoku
