// Numbers, tables and names as the console report, `bench compare` and the
// Markdown summaries print them.
#include "engine/common/text_format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "strategies/strategy.h"

namespace sudoku {

std::string Grouped(uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<size_t>(i), ",");
  }
  return digits;
}

std::string GroupedCount(double value) {
  const std::string sign = value < 0 ? "-" : "";
  const std::string text = Fixed(std::fabs(value), 1);
  const size_t point = text.find('.');
  const std::string whole = text.substr(0, point);
  const std::string fraction = text.substr(point);
  std::string grouped = whole;
  for (int i = static_cast<int>(grouped.size()) - 3; i > 0; i -= 3) {
    grouped.insert(static_cast<size_t>(i), ",");
  }
  return sign + grouped + (fraction == ".0" ? "" : fraction);
}

std::string Fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", decimals, value);
  return buffer;
}

std::string Percent(double fraction) {
  return Fixed(100.0 * fraction, 1) + "%";
}

namespace {

bool IsControl(unsigned char c) { return c < 0x20 || c == 0x7f; }

// One control character as ConsoleText shows it.
std::string Escaped(unsigned char c) {
  switch (c) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    default: {
      char buffer[8];
      std::snprintf(buffer, sizeof(buffer), "\\x%02x", c);
      return buffer;
    }
  }
}

}  // namespace

std::string MarkdownCell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '|':
        out += "\\|";
        break;
      case '\n':
        out += "<br>";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      default:
        if (IsControl(static_cast<unsigned char>(c))) {
          out += Escaped(static_cast<unsigned char>(c));
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string MarkdownCode(std::string_view text) {
  size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  // A backtick at either end would join the fence; a space on each side is
  // dropped by the reader.
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  const std::string space = pad ? " " : "";
  return fence + space + ConsoleText(text) + space + fence;
}

std::string ConsoleText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (IsControl(static_cast<unsigned char>(c))) {
      out += Escaped(static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

bool IsUtf8(std::string_view text) {
  // nlohmann's writer decodes UTF-8 strictly (Hoehrmann's decoder) and
  // throws at the first byte that is not.
  try {
    (void)nlohmann::json(std::string(text)).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

std::string LabelProblem(std::string_view text) {
  for (const char c : text) {
    if (IsControl(static_cast<unsigned char>(c))) {
      return "holds a control character (" +
             Escaped(static_cast<unsigned char>(c)) +
             "); a label is one line of text";
    }
  }
  if (!IsUtf8(text)) return "is not UTF-8 text";
  return "";
}

std::string BudgetText(uint64_t max_nodes) {
  return max_nodes == kUnlimitedNodes ? "none" : Grouped(max_nodes);
}

void PrintTable(std::ostream& out,
                const std::vector<std::vector<std::string>>& given,
                const TableLayout& layout) {
  // A cell may hold a name: shown as a terminal can show it.
  std::vector<std::vector<std::string>> table;
  for (const auto& row : given) {
    std::vector<std::string>& shown = table.emplace_back();
    for (const std::string& cell : row) shown.push_back(ConsoleText(cell));
  }
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

std::string ShellQuoted(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) {
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return quoted + "'";
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace sudoku
