// Each test process writes under one temporary folder of its own, which
// tests/test_main.cc removes when the tests end, pass or fail; the half
// that removal is, tests/temp_check.py proves from outside.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/fixtures.h"

namespace sudoku::testing {
namespace {

namespace fs = std::filesystem;

bool Inside(const std::string& path) {
  const std::string root = TempRoot() + "/";
  return path.starts_with(root) || path + "/" == root;
}

TEST(TempRoot, EveryWayToATemporaryFileLeadsInside) {
  const std::string root = TempRoot();
  EXPECT_TRUE(fs::is_directory(root)) << root;
  EXPECT_NE(root.find("/sudoku-bench-"), std::string::npos) << root;
  EXPECT_TRUE(Inside(WriteTempFile("a.txt", "a"))) << root;
  EXPECT_TRUE(Inside(::testing::TempDir())) << ::testing::TempDir();
  EXPECT_TRUE(Inside(fs::temp_directory_path().string()))
      << fs::temp_directory_path();
  // A program a test starts: mktemp follows TMPDIR.
  const std::string made = TempPath("made-by-child");
  ASSERT_EQ(std::system(("mktemp > '" + made + "'").c_str()), 0);
  std::string child = ReadFile(made);
  while (!child.empty() && child.back() == '\n') child.pop_back();
  EXPECT_TRUE(Inside(child)) << child;
}

// Fails on purpose, after writing, when temp_check.py asks (it checks the
// folder goes all the same); skipped otherwise.
TEST(TempRoot, FailsWhenAskedAfterWriting) {
  if (std::getenv("SUDOKU_TEMP_CHECK_FAIL") == nullptr) {
    GTEST_SKIP() << "run by tests/temp_check.py";
  }
  WriteTempFile("left-by-a-failure.txt", "x");
  fs::create_directories(TempPath("deeper/still"));
  ADD_FAILURE() << "failed on purpose (SUDOKU_TEMP_CHECK_FAIL)";
}

}  // namespace
}  // namespace sudoku::testing
