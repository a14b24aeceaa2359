// Names as they reach a page or a terminal: Markdown never takes a name for
// markup (raw HTML, a cell's or a row's end, a code span's end), a terminal
// never takes one for a line of its own or an escape sequence, and a label
// given to a run is one line of UTF-8 text.
#include "engine/common/text_format.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace sudoku {
namespace {

TEST(GroupedCount, CountsReadAsNumbersNotExponents) {
  EXPECT_EQ(GroupedCount(1426849), "1,426,849");
  EXPECT_EQ(GroupedCount(1426849.26), "1,426,849.3");
  EXPECT_EQ(GroupedCount(100000.5), "100,000.5");
  EXPECT_EQ(GroupedCount(999), "999");
  EXPECT_EQ(GroupedCount(-1234.5), "-1,234.5");
}

TEST(MarkdownCell, NoNameIsMarkup) {
  EXPECT_EQ(MarkdownCell("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(MarkdownCell("a&amp;b"), "a&amp;amp;b");
  EXPECT_EQ(MarkdownCell("a|b\nc"), "a\\|b<br>c");
  EXPECT_EQ(MarkdownCell("x\r\x1b[2Jy"), "x\\r\\x1b[2Jy");
  EXPECT_EQ(MarkdownCell("easy.txt"), "easy.txt");
}

TEST(MarkdownCode, NothingInItEndsTheSpan) {
  EXPECT_EQ(MarkdownCode("base.csv"), "`base.csv`");
  EXPECT_EQ(MarkdownCode("a`b``c"), "```a`b``c```");
  EXPECT_EQ(MarkdownCode("`x"), "`` `x ``");
  // A blank line would end the paragraph, and the span with it.
  EXPECT_EQ(MarkdownCode("a\n\n### verdict: PASS"), "`a\\n\\n### verdict: PASS`");
}

TEST(ConsoleText, ControlCharactersAreShownNotObeyed) {
  EXPECT_EQ(ConsoleText("abc\nverdict: PASS (exit 0)"),
            "abc\\nverdict: PASS (exit 0)");
  EXPECT_EQ(ConsoleText("\x1b[32mgreen\x7f\t"), "\\x1b[32mgreen\\x7f\\t");
  EXPECT_EQ(ConsoleText("caf\xc3\xa9 a/b.txt (2)"), "caf\xc3\xa9 a/b.txt (2)");
}

TEST(PrintTable, CellsAreShownAsATerminalCanShowThem) {
  std::ostringstream out;
  PrintTable(out, {{"commit", "n"}, {"abc\nverdict: PASS", "1"}});
  EXPECT_EQ(out.str(),
            "  commit              n\n"
            "  ---------------------\n"
            "  abc\\nverdict: PASS  1\n");
}

TEST(IsUtf8, StrictAsRfc3629) {
  EXPECT_TRUE(IsUtf8(""));
  EXPECT_TRUE(IsUtf8("main"));
  EXPECT_TRUE(IsUtf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));
  EXPECT_FALSE(IsUtf8("\xff"));
  EXPECT_FALSE(IsUtf8("caf\xc3"));          // cut short
  EXPECT_FALSE(IsUtf8("\xc0\xaf"));         // overlong '/'
  EXPECT_FALSE(IsUtf8("\xed\xa0\x80"));     // a surrogate
  EXPECT_FALSE(IsUtf8("\xf4\x90\x80\x80"));  // past U+10FFFF
}

TEST(LabelProblem, OneLineOfUtf8Text) {
  EXPECT_EQ(LabelProblem("v1.2-3-gabc"), "");
  EXPECT_EQ(LabelProblem("feature/caf\xc3\xa9"), "");
  EXPECT_EQ(LabelProblem("abc\nverdict: PASS"),
            "holds a control character (\\n); a label is one line of text");
  EXPECT_NE(LabelProblem("\x1b[2J"), "");
  EXPECT_NE(LabelProblem(std::string("a\0b", 3)), "");
  EXPECT_EQ(LabelProblem("\xff"), "is not UTF-8 text");
}

}  // namespace
}  // namespace sudoku
