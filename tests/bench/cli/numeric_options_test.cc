// Every numeric option of every program (bench and its subcommands, gen,
// shuffle, convert, corpus and its subcommands) has a checked range: found
// by walking each program's CLI11 App, so that an option added without one
// fails here, and fed what wraps or means nothing (-1, nan, inf, a
// 300-digit number), which must be refused naming the option, with the
// range in words.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/cli/numeric_options.h"
#include "engine/cli/usage_errors.h"
#include "tests/bench/cli/programs.h"

namespace sudoku {
namespace {

// One numeric option: the subcommands that lead to it, and how it is named
// on a command line.
struct NumericOption {
  std::string program;
  std::vector<std::string> path;  // subcommand names
  std::string flag;               // "--max-nodes", or "-s" when hidden
  std::string type;               // CLI11's: INT, UINT or FLOAT
  bool ranged = false;
  std::string description;  // its --help text
};

std::string BaseType(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  return type.substr(0, type.find(':'));
}

void Walk(const std::string& program, CLI::App& app,
          std::vector<std::string> path, std::vector<NumericOption>& found) {
  for (CLI::Option* option : app.get_options()) {
    const std::string type = BaseType(*option);
    if (type != "INT" && type != "UINT" && type != "FLOAT") continue;
    NumericOption numeric{program, path, "", type};
    numeric.description = option->get_description();
    numeric.flag = !option->get_lnames().empty()
                       ? "--" + option->get_lnames().front()
                       : "-" + option->get_snames().front();
    try {
      numeric.ranged = option->get_validator(kRangeValidator) != nullptr;
    } catch (const CLI::OptionNotFound&) {
    }
    found.push_back(numeric);
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    std::vector<std::string> deeper = path;
    deeper.push_back(sub->get_name());
    Walk(program, *sub, deeper, found);
  }
}

std::vector<NumericOption> EveryNumericOption() {
  std::vector<NumericOption> found;
  for (const auto& [name, make] : Programs()) {
    const auto program = Make(name, make);
    Walk(name, program->app, {}, found);
  }
  return found;
}

std::string Named(const NumericOption& option) {
  std::string text = option.program;
  for (const std::string& sub : option.path) text += " " + sub;
  return text + " " + option.flag;
}

TEST(NumericOptions, EveryOneHasACheckedRange) {
  const std::vector<NumericOption> options = EveryNumericOption();
  // The walk finds what it must: bench's, its subcommands' and the tools'.
  EXPECT_GE(options.size(), 30u);
  std::vector<std::string> names;
  for (const NumericOption& option : options) names.push_back(Named(option));
  for (const std::string expected :
       {"bench --max-nodes", "bench history check --window",
        "bench bisect --batch", "gen --count", "gen -s",
        "corpus dupes --memory", "convert --budget"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end())
        << expected;
  }
  for (const NumericOption& option : options) {
    EXPECT_TRUE(option.ranged)
        << Named(option) << " has no range: give it WholeNumbers or Numbers "
        << "(engine/cli/numeric_options.h) and say it in docs/cli.md";
  }
}

// The usage error of `option` given `value`, or empty when it was taken.
std::string ErrorFor(const NumericOption& option, const std::string& value) {
  for (const auto& [name, make] : Programs()) {
    if (name != option.program) continue;
    const auto program = Make(name, make);
    std::vector<std::string> args = {option.flag + "=" + value};
    if (option.flag.size() == 2) args = {option.flag, value};
    args.insert(args.begin(), option.path.begin(), option.path.end());
    std::reverse(args.begin(), args.end());  // CLI11 parses a reversed vector
    try {
      program->app.parse(args);
    } catch (const CLI::ParseError& error) {
      return UsageErrorMessage(program->app, error);
    }
  }
  return {};
}

TEST(NumericOptions, WhatWrapsOrMeansNothingIsRefusedInWords) {
  const std::string huge(300, '9');
  for (const NumericOption& option : EveryNumericOption()) {
    std::vector<std::string> values = {"nan", "inf", "-inf", huge, "x1"};
    if (option.type == "UINT") values.push_back("-1");
    if (option.type != "FLOAT") values.push_back("1.5");
    for (const std::string& value : values) {
      const std::string error = ErrorFor(option, value);
      const std::string said = Named(option) + " " + value.substr(0, 20);
      EXPECT_NE(error.find(option.flag + ": "), std::string::npos)
          << said << "\n" << error;
      EXPECT_EQ(error.find(huge.substr(0, 40)), std::string::npos)
          << said << "\n" << error;
      // The range, said: "(0 to 10^12)", "(1 or more)", "(1 or 2)".
      EXPECT_TRUE(error.find(" to ") != std::string::npos ||
                  error.find(" or ") != std::string::npos)
          << said << "\n" << error;
    }
  }
}

// --max-slowdown once had four ranges (0-100, 0-100, 0.1-1000, -99-10^6)
// and two formulas; now one helper defines it (AddMaxSlowdownOption) and
// every command takes the same range and says the same formula.
TEST(NumericOptions, OneMaxSlowdownEverywhere) {
  std::vector<std::string> where;
  for (const NumericOption& option : EveryNumericOption()) {
    if (option.flag != "--max-slowdown") continue;
    where.push_back(Named(option));
    EXPECT_EQ(option.description.rfind("Fail when over P% slower: new time / "
                                       "old time > 1 + P/100",
                                       0),
              0u)
        << Named(option) << ": " << option.description;
    for (const std::string value : {"-99.5", "1000001", "x"}) {
      EXPECT_NE(ErrorFor(option, value).find("--max-slowdown: "),
                std::string::npos)
          << Named(option) << " took " << value;
      EXPECT_NE(ErrorFor(option, value).find("(-99 to 10^6)"),
                std::string::npos)
          << Named(option) << " " << value << ": " << ErrorFor(option, value);
    }
    for (const std::string value : {"-99", "-5", "0", "0.05", "1000000"}) {
      EXPECT_EQ(ErrorFor(option, value).find("--max-slowdown"),
                std::string::npos)
          << Named(option) << " refused " << value << ": "
          << ErrorFor(option, value);
    }
  }
  EXPECT_EQ(where, (std::vector<std::string>{
                       "bench --max-slowdown", "bench compare --max-slowdown",
                       "bench bisect --max-slowdown",
                       "bench history check --max-slowdown"}));
}

TEST(NumericOptions, RangesAreSaidInWords) {
  EXPECT_EQ(WholeRangeWords(0, kNoMax), "0 or more");
  EXPECT_EQ(WholeRangeWords(1, 1 << 20), "1 to 2^20");
  EXPECT_EQ(WholeRangeWords(0, 1'000'000'000'000), "0 to 10^12");
  EXPECT_EQ(WholeRangeWords(2, 100'000), "2 to 100,000");
  EXPECT_EQ(WholeRangeWords(-5, 81), "-5 to 81");
  EXPECT_EQ(WholeRangeWords(1, 2), "1 or 2");
}

}  // namespace
}  // namespace sudoku
