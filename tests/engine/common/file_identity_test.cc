// Tests for FindPathClash: outputs on an input's file or on another output's,
// by device and inode or by normalised path, and what never clashes.
#include "engine/common/file_identity.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace sudoku {
namespace {

namespace fs = std::filesystem;

class FileIdentityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("file_identity_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    std::ofstream(Path("data.txt")) << "puzzle\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(FileIdentityTest, AnOutputOnTheInputClashes) {
  const std::vector<NamedPath> inputs = {{"the dataset", Path("data.txt")}};
  const std::vector<NamedPath> outputs = {{"--csv", Path("data.txt")}};
  const auto clash = FindPathClash(inputs, outputs);
  ASSERT_TRUE(clash.has_value());
  EXPECT_TRUE(clash->other_is_input);
  EXPECT_EQ(DescribeClash(*clash),
            "--csv " + Path("data.txt") + " names the same file as the dataset " +
                Path("data.txt") +
                ": writing it would destroy the input; choose another path");
}

TEST_F(FileIdentityTest, OtherSpellingsOfOneFileClash) {
  fs::create_hard_link(Path("data.txt"), Path("hard.txt"));
  fs::create_symlink(Path("data.txt"), Path("soft.txt"));
  const std::vector<NamedPath> inputs = {{"the dataset", Path("data.txt")}};
  for (const std::string& other :
       {Path("hard.txt"), Path("soft.txt"), dir_.string() + "/./data.txt",
        dir_.string() + "/../" + dir_.filename().string() + "/data.txt"}) {
    const std::vector<NamedPath> outputs = {{"--html", other}};
    EXPECT_TRUE(FindPathClash(inputs, outputs).has_value()) << other;
  }
}

TEST_F(FileIdentityTest, TwoOutputsOnOneNewPathClash) {
  const std::vector<NamedPath> outputs = {{"--csv", Path("r")},
                                          {"--html", dir_.string() + "/./r"}};
  const auto clash = FindPathClash({}, outputs);
  ASSERT_TRUE(clash.has_value());
  EXPECT_FALSE(clash->other_is_input);
  EXPECT_EQ(clash->output.what, "--html");
  EXPECT_EQ(clash->other.what, "--csv");
}

TEST_F(FileIdentityTest, DistinctFilesStandardStreamsAndDevicesDoNotClash) {
  const std::vector<NamedPath> inputs = {{"the dataset", Path("data.txt")},
                                         {"the dataset", "-"}};
  const std::vector<NamedPath> outputs = {{"--csv", Path("report.csv")},
                                          {"--html", "-"},
                                          {"--solutions", "-"},
                                          {"--per-puzzle", "/dev/null"},
                                          {"--stats", "/dev/null"}};
  EXPECT_FALSE(FindPathClash(inputs, outputs).has_value());
}

}  // namespace
}  // namespace sudoku
