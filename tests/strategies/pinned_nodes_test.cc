// dlx, bands, triads and simd: outcome, node and solution counts pinned
// puzzle by puzzle in tests/data/pinned-nodes.txt, so that a change to any of
// these searches fails in CTest, and not only in the regression gate's totals.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

struct Pin {
  int line = 0;
  std::string puzzle;
  std::string strategy;
  uint32_t limit = 0;
  std::string outcome;
  uint64_t nodes = 0;
  uint32_t solutions = 0;
};

std::vector<Pin> LoadPins() {
  const std::string path = testing::TestDataPath("pinned-nodes.txt");
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot open " << path;
  std::vector<Pin> pins;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream fields(text);
    Pin pin;
    pin.line = number;
    fields >> pin.puzzle >> pin.strategy >> pin.limit >> pin.outcome >>
        pin.nodes >> pin.solutions;
    if (!fields) {
      ADD_FAILURE() << path << ":" << number << ": short line";
      continue;
    }
    pins.push_back(pin);
  }
  return pins;
}

TEST(PinnedNodes, DlxAndBandsSearchAsPinned) {
  std::map<std::string, int> checked;
  for (const Pin& pin : LoadPins()) {
    SCOPED_TRACE("pinned-nodes.txt:" + std::to_string(pin.line) + " " +
                 pin.strategy + " limit " + std::to_string(pin.limit));
    const Strategy& strategy = testing::RegisteredStrategy(pin.strategy);
    const SolveResult r = strategy.solve(testing::ParsedGrid(pin.puzzle),
                                         pin.limit, kUnlimitedNodes);
    EXPECT_EQ(OutcomeName(r.outcome), pin.outcome);
    EXPECT_EQ(r.nodes, pin.nodes);
    EXPECT_EQ(r.solutions, pin.solutions);
    ++checked[pin.strategy];
  }
  // Both limits on every puzzle of the file.
  EXPECT_GE(checked["dlx"], 200);
  EXPECT_EQ(checked["bands"], checked["dlx"]);
  EXPECT_EQ(checked["triads"], checked["dlx"]);
  EXPECT_EQ(checked["simd"], checked["dlx"]);
}

}  // namespace
}  // namespace sudoku
