// Tests of the manual page writer: what the page says beyond the App's own
// definitions (its own DESCRIPTION, EXAMPLES, SEE ALSO) and where.
#include "engine/cli/man_page.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "engine/cli/program.h"

namespace sudoku {
namespace {

std::string PageOf(const ManPage& page) {
  CLI::App app("Help's text, which says: see `man tool`.", "tool");
  std::ostringstream out;
  WriteManPage(out, app, page);
  return out.str();
}

// The help may send its reader to the manual page; the page must not send
// its reader to itself.
TEST(ManPage, DescriptionCanDifferFromTheHelps) {
  EXPECT_NE(PageOf({}).find("see `man tool`"), std::string::npos);
  const std::string page = PageOf({.description = "What tool does."});
  EXPECT_EQ(page.find("man tool"), std::string::npos) << page;
  EXPECT_NE(page.find(".SH DESCRIPTION\nWhat tool does.\n"), std::string::npos)
      << page;
}

TEST(ManPage, ExamplesComeBeforeSeeAlsoEachCommandInBold) {
  const std::string page = PageOf(
      {.examples = {{"tool -s x --limit 2 a.txt", "Solves a.txt."}},
       .see_also = {"gen(1)"}});
  const size_t examples = page.find(".SH EXAMPLES\n");
  ASSERT_NE(examples, std::string::npos) << page;
  EXPECT_LT(examples, page.find(".SH \"SEE ALSO\""));
  EXPECT_NE(page.find(".TP\n\\fBtool \\-s x \\-\\-limit 2 a.txt\\fR\n"
                      "Solves a.txt.\n"),
            std::string::npos)
      << page;
  EXPECT_EQ(PageOf({}).find("EXAMPLES"), std::string::npos);
}

// Each program's page names the other four, corpus included (bench's
// lacked it).
TEST(ManPage, SeeAlsoNamesEveryOtherProgram) {
  for (const std::string program :
       {"bench", "gen", "shuffle", "convert", "corpus"}) {
    const std::vector<std::string> pages = SeeAlso(program);
    for (const std::string other :
         {"bench", "gen", "shuffle", "convert", "corpus"}) {
      const bool named = std::find(pages.begin(), pages.end(),
                                   other + "(1)") != pages.end();
      EXPECT_EQ(named, program != other) << program << " -> " << other;
    }
  }
}

}  // namespace
}  // namespace sudoku
