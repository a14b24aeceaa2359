// Tests of a program's outputs: refused on an input's file or another
// output's before anything is written, and failed writes said, not passed.
#include "engine/cli/output_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::WriteTempFile;

TEST(OutputFiles, AnOutputOnAnInputIsRefusedAndTheInputKept) {
  const std::string input = WriteTempFile("outputs-input.txt", "puzzles\n");
  std::ostringstream out, err;
  OutputFiles files("tool", out, err);
  EXPECT_FALSE(files.Open({{"the input", input}}, {{"--output", input}}));
  EXPECT_EQ(err.str(), "tool: --output " + input +
                           " names the same file as the input " + input +
                           ": writing it would destroy the input; choose "
                           "another path\n");
  EXPECT_EQ(ReadFile(input), "puzzles\n");
}

TEST(OutputFiles, TwoOutputsOnOneFileAreRefusedBeforeEitherIsMade) {
  const std::string path = testing::TempPath("outputs-twice.txt");
  std::filesystem::remove(path);
  std::ostringstream out, err;
  OutputFiles files("tool", out, err);
  EXPECT_FALSE(files.Open({}, {{"--output", path}, {"--json", path}}));
  EXPECT_NE(err.str().find("--json " + path +
                           " names the same file as "
                           "--output " +
                           path),
            std::string::npos)
      << err.str();
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(OutputFiles, StandardOutputMayTakeSeveralOutputs) {
  std::ostringstream out, err;
  OutputFiles files("tool", out, err);
  ASSERT_TRUE(
      files.Open({{"the input", "-"}}, {{"--output", ""}, {"--json", "-"}}));
  files[0] << "a";
  files[1] << "b";
  EXPECT_TRUE(files.Close());
  EXPECT_EQ(out.str(), "ab");
  EXPECT_EQ(err.str(), "");
}

TEST(OutputFiles, AFullDeviceIsSaidOnceWithItsReason) {
  std::ostringstream out, err;
  OutputFiles files("tool", out, err);
  ASSERT_TRUE(files.Open({}, {{"--output", "/dev/full"}}));
  files[0] << "text\n";
  EXPECT_FALSE(files.Close());
  EXPECT_FALSE(files.Close());
  EXPECT_EQ(err.str(),
            "tool: writing /dev/full failed: No space left on device; the "
            "output is incomplete\n");
}

TEST(OutputFiles, AFailingStandardOutputIsSaid) {
  std::ostringstream err;
  std::ostream broken(nullptr);  // every write fails
  OutputFiles files("tool", broken, err);
  ASSERT_TRUE(files.Open({}, {{"--output", "-"}}));
  files[0] << "text\n";
  EXPECT_FALSE(files.Good());
  EXPECT_FALSE(files.Close());
  EXPECT_EQ(err.str(),
            "tool: writing standard output failed; the output is "
            "incomplete\n");
}

TEST(OutputFiles, AFileThatCannotBeMadeIsSaid) {
  std::ostringstream out, err;
  OutputFiles files("tool", out, err);
  EXPECT_FALSE(files.Open({}, {{"--output", "/nonexistent/dir/x"}}));
  EXPECT_EQ(err.str(),
            "tool: cannot write /nonexistent/dir/x: No such file or "
            "directory\n");
}

}  // namespace
}  // namespace sudoku
