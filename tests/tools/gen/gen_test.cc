// End-to-end tests of the gen command line: reproducible puzzles of each
// kind and clue count, its options and usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/input/puzzle.h"
#include "tests/tools/brute_count.h"
#include "tests/tools/tool_run.h"
#include "tools/gen/gen_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;

TEST(GenCommand, SameOutputForAnyThreadCount) {
  const CommandRun one = Call(GenMain, {"-n", "12", "-s", "5", "-t", "1"});
  const CommandRun two =
      Call(GenMain, {"--count", "12", "--seed", "5", "--threads", "2"});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto lines = Lines(one.out);
  ASSERT_EQ(lines.size(), 12u);
  for (const std::string& line : lines) {
    Grid grid;
    ASSERT_EQ(ParseGrid(line, grid), std::nullopt);
    EXPECT_EQ(testing::BruteCount(grid, 2), 1);
  }
  EXPECT_NE(Call(GenMain, {"-n", "12", "-s", "6"}).out, one.out);
}

TEST(GenCommand, ClueOptions) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"-n", "5", "--clues", "40"},
           {"-n", "5", "--min-clues", "40", "--max-clues", "40"}}) {
    const CommandRun run = Call(GenMain, args);
    ASSERT_EQ(run.code, 0) << run.err;
    for (const std::string& line : Lines(run.out)) {
      EXPECT_EQ(81 - std::count(line.begin(), line.end(), '.'), 40);
    }
  }
}

TEST(GenCommand, BadUsageExitsTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--kind", "hard"},
           {"--clues", "30..20"},
           {"--clues", "12"},  // too few for a unique puzzle
           {"--clues", "30", "--min-clues", "20"},
           {"--solver", "scan"},  // cannot count solutions
           {"--threads", "-1"},
           {"--count", "many"}}) {
    const CommandRun run = Call(GenMain, args);
    EXPECT_EQ(run.code, 2) << args[0] << " " << args[1];
    EXPECT_FALSE(run.err.empty());
    EXPECT_TRUE(run.out.empty());
  }
}

TEST(GenCommand, HelpShowsDefaults) {
  const CommandRun run = Call(GenMain, {"--help"});
  EXPECT_EQ(run.code, 0);
  EXPECT_NE(run.out.find("--count N=10"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("=unique"), std::string::npos);
}

TEST(GenCommand, UnreachableTargetsExitOne) {
  const CommandRun run =
      Call(GenMain, {"-n", "2", "--clues", "17", "--attempts", "1"});
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("gen: puzzle 0: no unique puzzle with 17 clues"),
            std::string::npos)
      << run.err;
}

TEST(GenCommand, WritesToFile) {
  const std::string path = ::testing::TempDir() + "/gen-out.txt";
  const CommandRun run = Call(GenMain, {"-n", "3", "-o", path});
  ASSERT_EQ(run.code, 0);
  EXPECT_TRUE(run.out.empty());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), Call(GenMain, {"-n", "3"}).out);
}

}  // namespace
}  // namespace sudoku
