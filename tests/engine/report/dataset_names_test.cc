// The names a run's datasets are reported under are the report's keys: no
// two alike, whatever the files are called.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace sudoku {
namespace {

// A file literally named "a.txt (2)" beside a repeated a.txt: the repeat
// takes the next count that is no dataset's name.
TEST(DatasetNames, ARepeatNeverTakesAnotherFilesName) {
  EXPECT_EQ(DatasetNames({"a.txt", "a.txt (2)", "a.txt"}),
            (std::vector<std::string>{"a.txt", "a.txt (2)", "a.txt (3)"}));
  EXPECT_EQ(DatasetNames({"a.txt", "a.txt", "a.txt (2)"}),
            (std::vector<std::string>{"a.txt", "a.txt (3)", "a.txt (2)"}));
  EXPECT_EQ(
      DatasetNames({"a.txt", "a.txt", "a.txt (2)", "a.txt (3)", "a.txt",
                    "a.txt (2)"}),
      (std::vector<std::string>{"a.txt", "a.txt (4)", "a.txt (2)", "a.txt (3)",
                                "a.txt (5)", "a.txt (2) (2)"}));
}

TEST(DatasetNames, UniqueOverEveryMixOfRepeatsAndLookalikes) {
  const std::vector<std::string> pool = {"a.txt", "a.txt (2)", "a.txt (3)",
                                         "d/a.txt", "-", "- (2)"};
  // Every sequence of 4 paths from the pool.
  for (size_t code = 0; code < 6 * 6 * 6 * 6; ++code) {
    std::vector<std::string> paths;
    for (size_t c = code, i = 0; i < 4; ++i, c /= 6) paths.push_back(pool[c % 6]);
    const std::vector<std::string> names = DatasetNames(paths);
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), 4u)
        << paths[0] << ", " << paths[1] << ", " << paths[2] << ", " << paths[3];
  }
}

}  // namespace
}  // namespace sudoku
