// Every tool's --help and manual page: one style with bench's, and the
// same option definitions in both.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace sudoku
