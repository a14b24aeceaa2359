// The progress line bench and corpus share: shown only when asked (on a
// terminal), after the first second, at most four times a second, and
// erased before other text.
#include "engine/report/progress_line.h"

#include <gtest/gtest.h>

#include <sstream>

namespace sudoku {
namespace {

TEST(ProgressLine, ShowsLinesRateAndShareAfterTheFirstSecond) {
  std::ostringstream err;
  ProgressLine line(err, true);
  line.Show("a.csv", 100, 10, 100, 0.5);
  EXPECT_EQ(err.str(), "");  // the first second shows nothing
  line.Show("a.csv", 2000, 50, 100, 2.0);
  EXPECT_EQ(err.str(),
            "\ra.csv: 2,000 lines, 1,000/s, 2.0 s, 50%, ~2 s left\x1b[K");
  line.Show("a.csv", 2100, 51, 100, 2.1);  // within a quarter second
  EXPECT_EQ(err.str().find("2,100"), std::string::npos);
  line.Clear();
  EXPECT_TRUE(err.str().ends_with("\r\x1b[K"));
  const size_t before = err.str().size();
  line.Clear();  // nothing shown: nothing to erase
  EXPECT_EQ(err.str().size(), before);
  line.Restart();
  line.Show("b.csv", 10, 0, std::nullopt, 3.0);  // a pipe: no share
  EXPECT_TRUE(err.str().ends_with("\rb.csv: 10 lines, 3/s, 3.0 s\x1b[K"));
}

TEST(ProgressLine, ShowsNothingOffATerminal) {
  std::ostringstream err;
  ProgressLine line(err, false);
  line.Show("a.csv", 2000, 50, 100, 2.0);
  line.Clear();
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace sudoku
