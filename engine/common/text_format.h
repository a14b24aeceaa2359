// Numbers and tables as the console report and `bench compare` print them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace sudoku {

// 1234567 -> "1,234,567".
std::string Grouped(uint64_t value);

// `value` with `decimals` digits after the point, as every report prints it.
std::string Fixed(double value, int decimals);

// 0.125 -> "12.5%".
std::string Percent(double fraction);

// Text for a Markdown table cell: a pipe would end the cell, a line break
// the row.
std::string MarkdownCell(const std::string& text);

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
// trailing blanks.
void PrintTable(std::ostream& out,
                const std::vector<std::vector<std::string>>& table,
                const TableLayout& layout = {});

}  // namespace sudoku
