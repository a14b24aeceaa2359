// An option that only qualifies another is refused alone, naming both:
// found by walking every program's CLI11 App for the options that declare
// what they need, so that the list below and the Apps cannot drift, and
// run end to end (exit 2), with the two the plan refuses beside them.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/cli/usage_errors.h"
#include "tests/bench/bench_runner.h"
#include "tests/bench/cli/programs.h"

namespace sudoku::testing {
namespace {

// "bench --exec-timeout needs --exec": the program, the subcommands to the
// option, and the two options.
std::string Pair(const std::string& where, const std::string& option,
                 const std::string& needed) {
  return where + " " + option + " needs " + needed;
}

// What CLI11 refuses: every option that declares needs.
const std::set<std::string> kDeclared = {
    Pair("bench", "--instructions-by", "--instructions"),
    Pair("bench", "--exec-timeout", "--exec"),
    Pair("bench", "--overwrite-checkpoint", "--checkpoint"),
};

struct Dependent {
  std::string where, option, value, needed;
};

void Walk(const std::string& where, CLI::App& app,
          std::vector<Dependent>& found) {
  for (CLI::Option* option : app.get_options()) {
    for (const CLI::Option* needed : option->get_needs()) {
      // A value that passes the option's own checks: its default, else 1.
      std::string value = option->get_default_str();
      if (option->get_expected_min() == 0) value.clear();
      else if (value.empty()) value = "1";
      found.push_back({where, option->get_name(), value, needed->get_name()});
    }
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    Walk(where + " " + sub->get_name(), *sub, found);
  }
}

std::vector<Dependent> EveryDeclaredDependent() {
  std::vector<Dependent> found;
  for (const auto& [name, make] : Programs()) {
    const auto program = Make(name, make);
    Walk(name, program->app, found);
  }
  return found;
}

TEST(OptionNeeds, TheAppsDeclareWhatTheListSays) {
  std::set<std::string> declared;
  for (const Dependent& d : EveryDeclaredDependent()) {
    declared.insert(Pair(d.where, d.option, d.needed));
  }
  EXPECT_EQ(declared, kDeclared);
}

// Each, given alone to the App as its main() parses it.
TEST(OptionNeeds, EachAloneIsRefusedNamingBoth) {
  for (const Dependent& d : EveryDeclaredDependent()) {
    const std::string program_name = d.where.substr(0, d.where.find(' '));
    for (const auto& [name, make] : Programs()) {
      if (name != program_name) continue;
      const auto program = Make(name, make);
      std::vector<std::string> args = {d.option};
      if (!d.value.empty()) args.push_back(d.value);
      std::reverse(args.begin(), args.end());  // CLI11 parses it reversed
      std::string error;
      try {
        program->app.parse(args);
      } catch (const CLI::ParseError& e) {
        error = UsageErrorMessage(program->app, e);
      }
      EXPECT_NE(error.find(d.option + ": needs " + d.needed),
                std::string::npos)
          << Pair(d.where, d.option, d.needed) << "\n" << error;
      // Given what it needs, that is no longer what is wrong.
      const auto again = Make(name, make);
      std::vector<std::string> given = {d.needed};
      if (d.needed == "--exec") given.push_back("a=cat");
      if (d.needed == "--checkpoint") given.push_back("x.json");
      args.insert(args.end(), given.rbegin(), given.rend());
      try {
        again->app.parse(args);
      } catch (const CLI::ParseError& e) {
        EXPECT_NE(e.get_name(), "RequiresError")
            << Pair(d.where, d.option, d.needed) << ": " << e.what();
      }
    }
  }
}

// End to end, with a dataset, so that only the missing option is wrong;
// the last two are the plan's (bench/run/plan_checks.cc).
TEST(OptionNeeds, BenchRefusesEachAloneWithExit2NamingBoth) {
  const std::string data = WriteTempFile("needs.txt", kSamplePuzzle + "\n");
  const struct {
    std::string args, option, needed;
  } cases[] = {
      {"--instructions-by counter", "--instructions-by", "--instructions"},
      {"--exec-timeout 5", "--exec-timeout", "--exec"},
      {"--overwrite-checkpoint", "--overwrite-checkpoint", "--checkpoint"},
      {"--checkpoint-every 5", "--checkpoint-every", "--checkpoint"},
      {"--max-slowdown 5", "--max-slowdown", "--ab"},
  };
  for (const auto& c : cases) {
    const BenchRun run = Bench("-q " + c.args + " " + data);
    EXPECT_EQ(run.exit_code, 2) << c.args << "\n" << run.err;
    EXPECT_TRUE(Has(run.err, "bench: " + c.option)) << c.args << run.err;
    EXPECT_TRUE(Has(run.err, c.needed)) << c.args << "\n" << run.err;
  }
}

}  // namespace
}  // namespace sudoku::testing
