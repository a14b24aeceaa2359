// Tests of the house style of usage errors: every kind of CLI11 parse error
// comes out as "PROGRAM: --option: what is wrong".
#include "engine/cli/usage_errors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/cli/shared_options.h"

namespace sudoku {
namespace {

// A small program with one option of each kind, and a subcommand.
struct Program {
  Program() {
    app.name("prog");
    UseHouseErrors(app);
    app.add_option("--name", name)->required();
    app.add_option("--count", count)->check(CLI::Range(1, 9));
    app.add_option("--size", size);
    app.add_option("--mode", mode)->check(CLI::IsMember({"fast", "slow"}));
    CLI::Option* a = app.add_flag("--a", a_flag);
    app.add_flag("--b", b_flag)->excludes(a);
    CLI::App* sub = app.add_subcommand("sub", "a subcommand");
    AddInputFiles(*sub, files, "Puzzle files");
    sub->add_option("--level", level);
  }

  // The first line of what app.exit prints for `args` (no program name).
  std::string Error(std::vector<std::string> args) {
    std::reverse(args.begin(), args.end());
    std::ostringstream out, err;
    try {
      app.parse(args);
    } catch (const CLI::ParseError& error) {
      EXPECT_NE(app.exit(error, out, err), 0);
    }
    const std::string text = err.str();
    EXPECT_NE(text.find("\nRun prog"), std::string::npos) << text;
    return text.substr(0, text.find('\n'));
  }

  CLI::App app;
  std::string name, mode;
  int count = 1;
  uint64_t size = 0;
  int level = 0;
  bool a_flag = false, b_flag = false;
  std::vector<std::string> files;
};

TEST(UsageErrors, EveryKindNamesTheProgramAndTheOption) {
  EXPECT_EQ(Program().Error({"--name"}), "prog: --name: needs a value (TEXT)");
  EXPECT_EQ(Program().Error({"--count", "3"}),
            "prog: --name: required, not given (TEXT)");
  EXPECT_EQ(Program().Error({"--name", "x", "--count", "0"}),
            "prog: --count: 0 is out of range (1 to 9)");
  EXPECT_EQ(Program().Error({"--name", "x", "--mode", "quick"}),
            "prog: --mode: 'quick' is not one of fast, slow");
  EXPECT_EQ(Program().Error({"--name", "x", "--size", "big"}),
            "prog: --size: 'big' is not a whole number, 0 or more");
  EXPECT_EQ(Program().Error({"--name", "x", "--a", "--b"}),
            "prog: --a: does not combine with --b");
  EXPECT_EQ(Program().Error({"--name", "x", "--bogus"}),
            "prog: --bogus: no such option");
}

TEST(UsageErrors, ASubcommandsErrorsNameIt) {
  EXPECT_EQ(Program().Error({"--name", "x", "sub", "--level", "high"}),
            "prog sub: --level: 'high' is not a whole number");
  EXPECT_EQ(Program().Error({"--name", "x", "sub", "/nonexistent/file"}),
            "prog sub: cannot read file: /nonexistent/file");
}

// A tool reading a pipe needs '-': the message says so instead of CLI11's
// "files is required".
TEST(UsageErrors, MissingInputFilesSayHowToReadStandardInput) {
  const std::string error = Program().Error({"--name", "x", "sub"});
  EXPECT_EQ(error.rfind("prog sub: no input named", 0), 0u) << error;
  EXPECT_NE(error.find("- to read standard input"), std::string::npos) << error;
}

TEST(UsageErrors, AMissingSubcommandListsThem) {
  CLI::App app;
  app.name("tool");
  UseHouseErrors(app);
  app.require_subcommand(1);
  app.add_subcommand("one", "");
  app.add_subcommand("two", "");
  app.add_subcommand("three", "");
  std::ostringstream out, err;
  try {
    app.parse(std::vector<std::string>{});
  } catch (const CLI::ParseError& error) {
    app.exit(error, out, err);
  }
  EXPECT_EQ(err.str().substr(0, err.str().find('\n')),
            "tool: a subcommand is required: one, two or three");
}

}  // namespace
}  // namespace sudoku
