// Numbers and tables as the console report and `bench compare` print them.
#include "engine/common/text_format.h"

#include <algorithm>
#include <cstdio>

#include "strategies/strategy.h"

namespace sudoku {

std::string Grouped(uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<size_t>(i), ",");
  }
  return digits;
}

std::string Fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", decimals, value);
  return buffer;
}

std::string Percent(double fraction) {
  return Fixed(100.0 * fraction, 1) + "%";
}

std::string MarkdownCell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += "<br>";
    } else {
      out += c;
    }
  }
  return out;
}

std::string BudgetText(uint64_t max_nodes) {
  return max_nodes == kUnlimitedNodes ? "none" : Grouped(max_nodes);
}

void PrintTable(std::ostream& out,
                const std::vector<std::vector<std::string>>& table,
                const TableLayout& layout) {
  std::vector<size_t> widths;
  for (const auto& row : table) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c) {
      widths[c] = std::max(widths[c], row[c].size());
    }
  }
  for (size_t r = 0; r < table.size(); ++r) {
    std::string line = layout.indent;
    for (size_t c = 0; c < table[r].size(); ++c) {
      const std::string& cell = table[r][c];
      const std::string pad(widths[c] - cell.size(), ' ');
      const bool left =
          std::find(layout.left_aligned.begin(), layout.left_aligned.end(),
                    c) != layout.left_aligned.end();
      if (c > 0) line += "  ";
      line += left ? cell + pad : pad + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
    if (r == 0 && layout.rule_under_header) {
      size_t width = 0;
      for (size_t w : widths) width += w + 2;
      out << layout.indent << std::string(width > 2 ? width - 2 : 0, '-')
          << '\n';
    }
  }
}

}  // namespace sudoku
