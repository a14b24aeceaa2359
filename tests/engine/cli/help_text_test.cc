// Tests of --help's layout: 80 columns, value names instead of CLI11's type
// and validator text.
#include "engine/cli/help_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace sudoku {
namespace {

TEST(GroupedHelp, LongTextsAreBrokenWithin80Columns) {
  CLI::App app;
  app.name("tool");
  UseGroupedHelp(app);
  const std::string words =
      "A long description of what this program does, long enough that it "
      "cannot fit on one line of a terminal of eighty columns, and then "
      "some more words.";
  app.description(words);
  int level = 0;
  app.add_option("--level", level, words)->check(CLI::Range(0, 4096));
  app.add_subcommand("sub", words);
  std::istringstream help(app.help());
  int lines = 0;
  for (std::string line; std::getline(help, line); ++lines) {
    EXPECT_LE(line.size(), 80u) << line;
    EXPECT_EQ(line.find("INT:INT"), std::string::npos) << line;
  }
  EXPECT_GT(lines, 10);
}

TEST(GroupedHelp, ValuesAreNamedInTheHousesWords) {
  CLI::App app;
  UseGroupedHelp(app);
  int count = 4;
  double share = 0.5;
  bool flag = false;
  std::string name;
  app.add_option("--count", count)
      ->capture_default_str()
      ->check(CLI::Range(0, 9));
  app.add_option("--share", share);
  CLI::Option* other = app.add_option("--name", name);
  app.add_flag("--flag", flag)->excludes(other);
  ValueName(app.add_option("--named", name)->required(), "WORD");
  const std::string help = app.help();
  EXPECT_NE(help.find("--count N=4 "), std::string::npos) << help;
  EXPECT_NE(help.find("--share X "), std::string::npos) << help;
  EXPECT_NE(help.find("--named WORD "), std::string::npos) << help;
  EXPECT_EQ(help.find("Excludes"), std::string::npos) << help;
  EXPECT_EQ(help.find("REQUIRED"), std::string::npos) << help;
  EXPECT_EQ(ValueNameOf(*app.get_option("--count")), "N");
  EXPECT_EQ(ValueNameOf(*app.get_option("--flag")), "");
}

}  // namespace
}  // namespace sudoku
