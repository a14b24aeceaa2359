// Tests of the options several programs share: their names, checks and
// defaults, the same in every program that adds them.
#include "engine/cli/shared_options.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"

namespace sudoku {
namespace {

// Parses `args` (no program name) into `app`; false on a usage error.
bool Parses(CLI::App& app, std::vector<std::string> args) {
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return false;
  }
  return true;
}

TEST(SharedOptions, ThreadsDefaultToEveryCoreAndZeroMeansThat) {
  for (const std::string given : {"", "0", "3"}) {
    CLI::App app;
    int threads = -1;
    AddThreadsOption(app, threads);
    ASSERT_TRUE(Parses(
        app, given.empty() ? std::vector<std::string>{}
                           : std::vector<std::string>{"--threads", given}));
    EXPECT_EQ(threads, given == "3" ? 3 : EveryCore()) << given;
  }
  for (const std::string bad : {"-1", "1025", "two"}) {
    CLI::App app;
    int threads = 0;
    AddThreadsOption(app, threads);
    EXPECT_FALSE(Parses(app, {"-t", bad})) << bad;
  }
}

TEST(SharedOptions, SeedIsShownAsSeedAndMinusSIsAHiddenAlias) {
  CLI::App app;
  UseGroupedHelp(app);
  uint64_t seed = 1;
  AddSeedOption(app, seed, "Seed", /*short_alias=*/true);
  ASSERT_TRUE(Parses(app, {"-s", "7"}));
  EXPECT_EQ(seed, 7u);
  const std::string help = app.help();
  EXPECT_NE(help.find("--seed N=1"), std::string::npos) << help;
  EXPECT_EQ(help.find("-s,"), std::string::npos) << help;
  CLI::App without;
  AddSeedOption(without, seed, "Seed", /*short_alias=*/false);
  EXPECT_FALSE(Parses(without, {"-s", "7"}));
}

TEST(SharedOptions, OutputAndInputsNameTheirValues) {
  CLI::App app;
  UseGroupedHelp(app);
  std::string output;
  std::vector<std::string> inputs;
  AddOutputOption(app, output, "the groups");
  AddInputFiles(app, inputs, "Puzzle files");
  const std::string help = app.help();
  EXPECT_NE(help.find("-o,--output FILE"), std::string::npos) << help;
  EXPECT_NE(help.find("Write the groups to FILE instead of standard output"),
            std::string::npos);
  EXPECT_NE(help.find("files FILE..."), std::string::npos) << help;
  EXPECT_TRUE(Parses(app, {"-", "-o", "x"}));
  EXPECT_FALSE(Parses(app, {"/nonexistent/file"}));
}

}  // namespace
}  // namespace sudoku
