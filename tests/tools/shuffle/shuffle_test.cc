// End-to-end tests of the shuffle command line: symmetries, their
// inverses and canonical forms, bad lines and missing files.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/tools/tool_run.h"
#include "tools/gen/gen_command.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;

std::string TempFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(ShuffleCommand, InverseRestoresTheInput) {
  const std::string corpus = Call(GenMain, {"-n", "20", "-s", "2"}).out;
  const CommandRun shuffled = Call(ShuffleMain, {"--seed", "9", "-"}, corpus);
  ASSERT_EQ(shuffled.code, 0) << shuffled.err;
  EXPECT_NE(shuffled.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--seed", "9", "-t", "1", "-"}, corpus).out,
            shuffled.out);
  EXPECT_NE(Call(ShuffleMain, {"--seed", "10", "-"}, corpus).out, shuffled.out);
  const CommandRun back =
      Call(ShuffleMain, {"--seed", "9", "--inverse", "-"}, shuffled.out);
  EXPECT_EQ(back.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--canonical", "-"}, shuffled.out).out,
            Call(ShuffleMain, {"--canonical", "-"}, corpus).out);
}

TEST(ShuffleCommand, BadLinesNamedByFileAndLine) {
  const std::string good = Call(GenMain, {"-n", "2"}).out;
  const std::string path =
      TempFile("shuffle-bad.txt", "# two puzzles and a short line\r\n" +
                                      good.substr(0, 82) + "12345\r\n" +
                                      good.substr(82));
  const CommandRun run = Call(ShuffleMain, {path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err, path + ":3: expected 81 cells, found 5\n");
  EXPECT_EQ(Lines(run.out).size(), 2u);
}

TEST(ShuffleCommand, MissingFileExitsTwo) {
  const CommandRun run = Call(ShuffleMain, {"/nonexistent/puzzles.txt"});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("/nonexistent/puzzles.txt"), std::string::npos);
}

}  // namespace
}  // namespace sudoku
