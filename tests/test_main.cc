// The tests' main: GoogleTest's, plus the owner of the process's temporary
// folder, which goes when the tests end, pass or fail.
#include <gtest/gtest.h>

#include "tests/fixtures.h"

namespace {

class TempRootOwner : public ::testing::Environment {
 public:
  // Made before the first test, while the process has one thread: setenv
  // is not safe beside threads that read the environment.
  void SetUp() override { sudoku::testing::TempRoot(); }
  void TearDown() override { sudoku::testing::RemoveTempRoot(); }
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new TempRootOwner);  // gtest owns it
  return RUN_ALL_TESTS();
}
