// Numbers, tables and names as the console report, `bench compare` and the
// Markdown summaries print them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// 1234567 -> "1,234,567".
std::string Grouped(uint64_t value);

// A count that may carry a fraction (instructions per puzzle over a
// sample), its thousands grouped: 1426849 -> "1,426,849", 1426849.25 ->
// "1,426,849.3" (one decimal, so that two counts that differ read apart).
std::string GroupedCount(double value);

// `value` with `decimals` digits after the point, as every report prints it.
std::string Fixed(double value, int decimals);

// 0.125 -> "12.5%".
std::string Percent(double fraction);

// Text as it reaches a Markdown page, in a table cell or in a line: a name
// (a file's, a strategy's, a commit's) is text, never markup. A pipe would
// end the cell and a line break the row (it becomes <br>); `<`, `>` and `&`
// would be raw HTML (they become &lt; &gt; &amp;); other control characters
// are shown as ConsoleText shows them. Every Markdown writer's one escape.
std::string MarkdownCell(const std::string& text);

// Text as a Markdown code span (`a.csv`) that nothing in it can end: fenced
// by more backticks than it holds in a row, its control characters (a blank
// line would end the paragraph) shown as ConsoleText shows them.
std::string MarkdownCode(std::string_view text);

// A name as a terminal shows it: control characters (a line break that would
// forge a line of its own, an escape sequence that moves the cursor or
// recolours) as \n, \r, \t or \xNN; everything else as it is.
std::string ConsoleText(std::string_view text);

// Whether `text` is UTF-8 (RFC 3629: no overlong form, no surrogate, nothing
// past U+10FFFF).
bool IsUtf8(std::string_view text);

// Why `text` cannot be a label people give a run (--commit, --branch,
// --testbed): "" when it is UTF-8 without control characters.
std::string LabelProblem(std::string_view text);

// A node budget as people read it: "none" when there is none.
std::string BudgetText(uint64_t max_nodes);

// How a table is laid out; the default is the console report's.
struct TableLayout {
  std::string indent = "  ";  // before the first cell of every line
  // Columns read left to right (names, notes); the others hold numbers and
  // align right.
  std::vector<size_t> left_aligned = {0};
  bool rule_under_header = true;  // a line of dashes under the first row
};

// Prints `table` (first row the header) in columns two spaces apart, with no
// trailing blanks; every cell as ConsoleText shows it.
void PrintTable(std::ostream& out,
                const std::vector<std::vector<std::string>>& table,
                const TableLayout& layout = {});

// A word for /bin/sh -c, in single quotes (a quote inside as '\'').
std::string ShellQuoted(const std::string& word);

// Whether two ASCII words are one but for case: a CSV header's "Quizzes".
bool EqualsIgnoringCase(std::string_view a, std::string_view b);

}  // namespace sudoku
