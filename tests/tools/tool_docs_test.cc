// Every tool's --help, usage errors and manual page: one style with
// bench's, and the same option definitions in --help and the page.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <utility>

#include "tests/fixtures.h"
#include "tests/tools/tool_run.h"
#include "tools/convert/convert_command.h"
#include "tools/corpus/corpus_command.h"
#include "tools/gen/gen_command.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::MainFn;

// Each tool's --man is a manual page over the same definitions as its
// --help: every long option --help names is in it, roff-escaped.
TEST(ToolCommands, ManPageNamesEveryOptionOfTheHelp) {
  const std::pair<std::string, MainFn> tools[] = {
      {"GEN", GenMain}, {"SHUFFLE", ShuffleMain}, {"CONVERT", ConvertMain}};
  for (const auto& [name, main] : tools) {
    const CommandRun man = Call(main, {"--man"});
    EXPECT_EQ(man.code, 0) << name;
    EXPECT_NE(man.out.find(".TH " + name + " 1 "), std::string::npos)
        << man.out;
    for (const std::string& option :
         testing::LongOptionsAsRoff(Call(main, {"--help"}).out)) {
      EXPECT_NE(man.out.find(option), std::string::npos) << name << option;
    }
  }
}

// Every --help a tool prints, each corpus subcommand's included.
std::vector<std::pair<std::string, CommandRun>> EveryHelp() {
  std::vector<std::pair<std::string, CommandRun>> helps = {
      {"gen", Call(GenMain, {"--help"})},
      {"shuffle", Call(ShuffleMain, {"--help"})},
      {"convert", Call(ConvertMain, {"--help"})},
      {"corpus", Call(CorpusMain, {"--help"})},
      {"corpus --help-all", Call(CorpusMain, {"--help-all"})}};
  for (const std::string sub : {"canon", "dupes", "leak", "card"}) {
    helps.emplace_back("corpus " + sub, Call(CorpusMain, {sub, "--help"}));
  }
  return helps;
}

// bench's --help is the model: 80 columns, values named N, FILE, NAME with
// their defaults; never CLI11's type and validator text (shuffle's
// "INT:INT in [0 - 4096]=0") or corpus's 230-character lines.
TEST(ToolHelp, EveryHelpFitsEightyColumnsAndNamesValuesAsBenchDoes) {
  const std::regex raw_type("[A-Z]+:[A-Z]+|in \\[|Excludes:|Needs:|REQUIRED");
  for (const auto& [name, help] : EveryHelp()) {
    EXPECT_EQ(help.code, 0) << name;
    std::istringstream lines(help.out);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(line.size(), 80u) << name << ": " << line;
      EXPECT_FALSE(std::regex_search(line, raw_type)) << name << ": " << line;
    }
  }
  const std::string shuffle = Call(ShuffleMain, {"--help"}).out;
  EXPECT_NE(shuffle.find("-t,--threads N "), std::string::npos) << shuffle;
  EXPECT_NE(shuffle.find("-o,--output FILE "), std::string::npos);
  EXPECT_NE(shuffle.find("files FILE..."), std::string::npos);
}

// -s is bench's strategy: the tools show the seed as --seed alone, and take
// -s still, hidden, for the scripts that use it.
TEST(ToolHelp, TheSeedIsSeedAndMinusSAHiddenAlias) {
  for (const MainFn main : {MainFn{GenMain}, MainFn{ShuffleMain}}) {
    const std::string help = Call(main, {"--help"}).out;
    EXPECT_NE(help.find("  --seed N=1 "), std::string::npos) << help;
    EXPECT_EQ(help.find("-s,"), std::string::npos) << help;
  }
  const std::string puzzles = Call(GenMain, {"-n", "3", "--seed", "4"}).out;
  EXPECT_EQ(Call(GenMain, {"-n", "3", "-s", "4"}).out, puzzles);
  const CommandRun shuffled = Call(ShuffleMain, {"-s", "3", "-"}, puzzles);
  EXPECT_EQ(shuffled.code, 0) << shuffled.err;
  EXPECT_EQ(shuffled.out, Call(ShuffleMain, {"--seed", "3", "-"}, puzzles).out);
}

// Usage errors as bench's: "PROGRAM: --option: what is wrong".
TEST(ToolUsageErrors, NameTheProgramAndTheOption) {
  struct Case {
    MainFn main;
    std::vector<std::string> args;
    std::string says;
  };
  const Case cases[] = {
      {GenMain, {"--count", "many"}, "gen: --count: 'many' is not a number"},
      {GenMain, {"--kind"}, "gen: --kind: needs a value (KIND)"},
      {GenMain, {"-t", "2000"}, "gen: --threads: '2000' is not 1 to 1024"},
      {ShuffleMain,
       {"--canonical", "--inverse", "-"},
       "shuffle: --canonical: does not combine with --inverse"},
      {ConvertMain,
       {"--to", "csv", "-"},
       "convert: --to: 'csv' is not one of lines, sdk, kaggle, test"},
      {CorpusMain,
       {},
       "corpus: a subcommand is required: canon, check, dupes, leak, "
       "card or clean"},
      {CorpusMain,
       {"dupes", "--memory", "0", "-"},
       "corpus dupes: --memory: 0 is out of range (1 to 2^24)"},
      {CorpusMain,
       {"leak", "--test", "-"},
       "corpus leak: --train: required, not given (FILE...)"},
      {CorpusMain,
       {"canon", "--bogus", "-"},
       "corpus canon: --bogus: no such "
       "option"},
  };
  for (const Case& c : cases) {
    const CommandRun run = Call(c.main, c.args, "");
    EXPECT_EQ(run.code, 2) << c.says;
    EXPECT_EQ(run.err.rfind(c.says, 0), 0u) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
}

// A pipe is read only when "-" says so: without it the message says how,
// instead of CLI11's "files is required".
TEST(ToolUsageErrors, NoInputSaysHowToReadStandardInput) {
  const std::string puzzles = Call(GenMain, {"-n", "2"}).out;
  const struct {
    std::string program;
    MainFn main;
    std::vector<std::string> args;
  } cases[] = {{"shuffle", ShuffleMain, {"-s", "3"}},
               {"convert", ConvertMain, {"--to", "sdk"}},
               {"corpus canon", CorpusMain, {"canon"}}};
  for (const auto& c : cases) {
    const CommandRun run = Call(c.main, c.args, puzzles);
    EXPECT_EQ(run.code, 2) << c.program;
    EXPECT_EQ(run.err.rfind(c.program + ": no input named", 0), 0u) << run.err;
    EXPECT_NE(run.err.find("- to read standard input"), std::string::npos)
        << run.err;
  }
}

}  // namespace
}  // namespace sudoku
