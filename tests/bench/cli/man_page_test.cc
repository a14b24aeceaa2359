// bench's manual page, end to end: a page that does not send its reader to
// itself, names every other program, shows real commands, and a --help that
// says how to read it before installing.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/bench/bench_runner.h"

namespace sudoku::testing {
namespace {

// Before: DESCRIPTION said "explained in docs/cli.md and in `man bench`",
// and SEE ALSO had gen, shuffle and convert but not corpus.
TEST(BenchManPage, NeitherSendsTheReaderToItselfNorLeavesOutCorpus) {
  const BenchRun man = Bench("--man");
  ASSERT_EQ(man.exit_code, 0);
  EXPECT_FALSE(Has(man.out, "man bench")) << man.out;
  const size_t see_also = man.out.find(".SH \"SEE ALSO\"");
  ASSERT_NE(see_also, std::string::npos);
  for (const char* page : {"gen(1)", "shuffle(1)", "convert(1)", "corpus(1)"}) {
    EXPECT_NE(man.out.find(page, see_also), std::string::npos) << page;
  }
}

// EXAMPLES holds real commands: each starts with bench and names an option
// that --help-all lists.
TEST(BenchManPage, ExamplesAreCommandsOfThisBench) {
  const BenchRun man = Bench("--man");
  const std::string help = Bench("--help-all").out;
  const size_t examples = man.out.find(".SH EXAMPLES\n");
  ASSERT_NE(examples, std::string::npos) << man.out;
  std::istringstream lines(man.out.substr(
      examples, man.out.find(".SH \"SEE ALSO\"") - examples));
  int commands = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("\\fBbench ", 0) != 0) continue;
    ++commands;
    std::istringstream words(line);
    for (std::string word; words >> word;) {
      if (word.rfind("\\-\\-", 0) != 0) continue;
      std::string option;  // the word as typed: roff's "\-" is '-'
      for (size_t i = 0; i < word.size(); ++i) {
        if (word.compare(i, 2, "\\-") == 0) ++i;
        option += word[i];
      }
      EXPECT_TRUE(Has(help, option)) << option << " in " << line;
    }
  }
  EXPECT_GE(commands, 4);
}

// The help says how to read the page before `cmake --install` puts it on
// MANPATH, and the build made the file it names.
TEST(BenchManPage, HelpSaysHowToReadItBeforeInstalling) {
  EXPECT_TRUE(Has(Bench("--help").out, "man -l build/bench/bench.1"));
  std::ifstream page(BENCH_MAN_PAGE);
  std::stringstream text;
  text << page.rdbuf();
  EXPECT_TRUE(Has(text.str(), ".SH EXAMPLES")) << BENCH_MAN_PAGE;
}

}  // namespace
}  // namespace sudoku::testing
