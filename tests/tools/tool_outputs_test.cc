// Every tool's outputs: refused on an input's file or on another output's
// before anything is written (the input kept byte for byte), and a write
// that fails is exit 2, naming the output.
#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

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

struct Tool {
  std::string program;  // as its messages open
  MainFn main;
  std::vector<std::string> args;  // before the input's path
};

const std::vector<Tool>& Readers() {
  static const std::vector<Tool> tools = {
      {"shuffle", ShuffleMain, {}},
      {"convert", ConvertMain, {"--to", "sdk"}},
      {"corpus canon", CorpusMain, {"canon"}},
      {"corpus dupes", CorpusMain, {"dupes"}},
      {"corpus card", CorpusMain, {"card"}}};
  return tools;
}

std::string Corpus() { return Call(GenMain, {"-n", "5", "--seed", "8"}).out; }

// Before: `shuffle x.txt -o x.txt` and the others replaced the input by
// their output and exited 0.
TEST(ToolOutputs, AnOutputOnTheInputIsRefusedAndTheInputKept) {
  const std::string corpus = Corpus();
  for (const Tool& tool : Readers()) {
    const std::string input = testing::WriteTempFile("same.txt", corpus);
    // Another spelling of the same file is the same file.
    const std::string other =
        std::filesystem::path(input).parent_path().string() + "/./same.txt";
    std::vector<std::string> args = tool.args;
    args.insert(args.end(), {input, "-o", other});
    const CommandRun run = Call(tool.main, args);
    EXPECT_EQ(run.code, 2) << tool.program << run.err;
    EXPECT_EQ(run.err, tool.program + ": --output " + other +
                           " names the same file as the input " + input +
                           ": writing it would destroy the input; choose "
                           "another path\n");
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(testing::ReadFile(input), corpus) << tool.program;
  }
}

TEST(ToolOutputs, CorpusOutputsOnInputsOrOnEachOtherAreRefused) {
  const std::string corpus = Corpus();
  const std::string train = testing::WriteTempFile("train.txt", corpus);
  const std::string test = testing::WriteTempFile("test.txt", corpus);
  const CommandRun leak =
      Call(CorpusMain, {"leak", "--train", train, "--test", test, "-o", train});
  EXPECT_EQ(leak.code, 2);
  EXPECT_NE(leak.err.find("names the same file as --train " + train),
            std::string::npos)
      << leak.err;
  const CommandRun json = Call(CorpusMain, {"card", test, "--json", test});
  EXPECT_EQ(json.code, 2);
  EXPECT_NE(json.err.find("--json " + test +
                          " names the same file as the "
                          "input"),
            std::string::npos)
      << json.err;
  const std::string card = testing::TempPath("card-twice.md");
  std::filesystem::remove(card);
  const CommandRun twice =
      Call(CorpusMain, {"card", test, "-o", card, "--json", card});
  EXPECT_EQ(twice.code, 2);
  EXPECT_NE(twice.err.find("--json " + card +
                           " names the same file as "
                           "--output " +
                           card),
            std::string::npos)
      << twice.err;
  EXPECT_FALSE(std::filesystem::exists(card));
  EXPECT_EQ(testing::ReadFile(train), corpus);
  EXPECT_EQ(testing::ReadFile(test), corpus);
}

// Before: gen, shuffle and convert exited 0 on -o /dev/full.
TEST(ToolOutputs, AFullDeviceIsExitTwoNamingTheOutput) {
  // Twice, so that dupes has groups to write.
  const std::string input =
      testing::WriteTempFile("full-in.txt", Corpus() + Corpus());
  std::vector<Tool> tools = Readers();
  tools.push_back({"gen", GenMain, {"-n", "3"}});
  for (const Tool& tool : tools) {
    std::vector<std::string> args = tool.args;
    if (tool.program != "gen") args.push_back(input);
    args.insert(args.end(), {"-o", "/dev/full"});
    const CommandRun run = Call(tool.main, args);
    EXPECT_EQ(run.code, 2) << tool.program;
    EXPECT_NE(run.err.find(tool.program +
                           ": writing /dev/full failed: No "
                           "space left on device; the output is incomplete"),
              std::string::npos)
        << tool.program << ": " << run.err;
  }
}

// Standard output that takes nothing (a full disk behind a redirection, a
// closed pipe): as -o /dev/full.
TEST(ToolOutputs, AFailingStandardOutputIsExitTwo) {
  const std::string corpus = Corpus();
  std::vector<Tool> tools = Readers();
  tools.push_back({"gen", GenMain, {"-n", "3"}});
  for (const Tool& tool : tools) {
    std::vector<std::string> args = tool.args;
    if (tool.program != "gen") args.push_back("-");
    std::istringstream in(corpus + corpus);
    std::ostream out(nullptr);  // every write fails
    std::ostringstream err;
    const int code = tool.main(args, {in, out, err});
    EXPECT_EQ(code, 2) << tool.program;
    EXPECT_NE(err.str().find(tool.program + ": writing standard output "
                                            "failed; the output is incomplete"),
              std::string::npos)
        << tool.program << ": " << err.str();
  }
}

}  // namespace
}  // namespace sudoku
