// Text shared by the --help and manual pages of bench and the tools: value
// names shown with their defaults, and lists of exit codes.
#include "engine/cli/help_text.h"

#include <algorithm>
#include <memory>
#include <string_view>
#include <utility>

#include "engine/common/exit_codes.h"

namespace sudoku {
namespace {

// The width of --help's left column; the help text has the other 52.
constexpr size_t kNameColumn = 28;
constexpr size_t kWidth = 80;

// `text` with each of its lines broken at spaces into lines of at most
// `width` (a longer word stands alone); lines that fit are kept as written.
std::string Wrapped(const std::string& text, size_t width) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    while (line.size() > width) {
      size_t cut = line.rfind(' ', width);
      if (cut == std::string_view::npos || cut == 0) cut = line.find(' ');
      if (cut == std::string_view::npos) break;
      out.append(line.substr(0, cut)) += '\n';
      line.remove_prefix(cut + 1);
    }
    out.append(line);
    if (end == text.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

class GroupedFormatter : public CLI::Formatter {
 public:
  GroupedFormatter() { column_width(kNameColumn); }

  // CLI11's make_help, with each group opening with one blank line.
  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string out =
        make_description(app) + make_usage(app, name) + make_positionals(app);
    for (const std::string& group : app->get_groups()) {
      const std::vector<const CLI::Option*> options =
          app->get_options([&group](const CLI::Option* option) {
            return option->get_group() == group && option->nonpositional();
          });
      if (!group.empty() && !options.empty()) {
        out += make_group(group, false, options);
      }
    }
    return out + make_subcommands(app, mode) + "\n" + make_footer(app);
  }

  std::string make_description(const CLI::App* app) const override {
    const std::string text = app->get_description();
    return text.empty() ? text : Wrapped(text, kWidth - indent_) + "\n";
  }

  // --help-all's subcommands, indented by two columns more.
  std::string make_expanded(const CLI::App* sub) const override {
    indent_ = 2;
    const std::string text = CLI::Formatter::make_expanded(sub);
    indent_ = 0;
    return text;
  }

  // A value as ValueName names it: never CLI11's type and validator text,
  // and no "Excludes:" or "REQUIRED" (the help text says what matters).
  std::string make_option_opts(const CLI::Option* option) const override {
    if (option->get_type_size() == 0) return "";  // a flag
    if (!option->get_option_text().empty()) {
      return " " + option->get_option_text();
    }
    const std::string default_value = option->get_default_str();
    return " " + ValueNameOf(*option) +
           (default_value.empty() ? "" : "=" + default_value);
  }

  std::string make_option_desc(const CLI::Option* option) const override {
    return Wrapped(option->get_description(), kWidth - kNameColumn - indent_);
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    std::string out = "  " + sub->get_display_name(true);
    if (out.size() >= kNameColumn) {
      out += "\n" + std::string(kNameColumn, ' ');
    } else {
      out.resize(kNameColumn, ' ');
    }
    for (const char c : Wrapped(sub->get_description(), kWidth - kNameColumn)) {
      out += c;
      if (c == '\n') out += std::string(kNameColumn, ' ');
    }
    return out + "\n";
  }

 private:
  // Columns that make_expanded indents what it writes by.
  mutable size_t indent_ = 0;
};

}  // namespace

void UseGroupedHelp(CLI::App& app) {
  app.formatter(std::make_shared<GroupedFormatter>());
}

ExitCodes StandardExitCodes(std::string ok, std::string failure,
                            std::string usage, std::string note) {
  return {{{std::to_string(kExitOk), std::move(ok)},
           {std::to_string(kExitFailure), std::move(failure)},
           {std::to_string(kExitUsage), std::move(usage)}},
          std::move(note)};
}

std::string ExitCodesFooter(const ExitCodes& codes) {
  size_t width = 0;
  for (const ExitStatus& s : codes.codes) {
    width = std::max(width, s.code.size());
  }
  const std::string indent(2 + width + 2, ' ');
  std::string text = "Exit codes:\n";
  for (const ExitStatus& s : codes.codes) {
    text += "  " + s.code + std::string(width - s.code.size() + 2, ' ');
    for (const char c : s.meaning) {
      text += c;
      if (c == '\n') text += indent;
    }
    text += '\n';
  }
  if (!codes.note.empty()) text += codes.note + '\n';
  text.pop_back();  // CLI11 ends the footer's line
  return text;
}

std::string ValueNameOf(const CLI::Option& option) {
  if (option.get_type_size() == 0) return "";  // a flag
  std::string text = option.get_option_text();
  if (!text.empty()) {
    const std::string default_value = option.get_default_str();
    if (!default_value.empty() && text.ends_with("=" + default_value)) {
      text.resize(text.size() - default_value.size() - 1);
    }
    return text;
  }
  // CLI11's type name, without what its validators append ("INT:INT in
  // [0 - 4096]"), in the house's words.
  std::string type = option.get_type_name();
  type = type.substr(0, type.find(':'));
  if (type == "INT" || type == "UINT") type = "N";
  if (type == "FLOAT") type = "X";
  if (option.get_expected_max() > 1) type += "...";
  return type;
}

CLI::Option* ValueName(CLI::Option* option, const std::string& name) {
  const std::string default_value = option->get_default_str();
  return option->option_text(
      name + (default_value.empty() ? "" : "=" + default_value));
}

}  // namespace sudoku
