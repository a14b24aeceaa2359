// Text shared by the --help and manual pages of bench and the tools: value
// names shown with their defaults, and lists of exit codes.
#include "engine/cli/help_text.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "engine/common/exit_codes.h"

namespace sudoku {
namespace {

// The width of --help's left column; the help text has the other 52.
constexpr size_t kNameColumn = 28;

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

CLI::Option* ValueName(CLI::Option* option, const std::string& name) {
  const std::string default_value = option->get_default_str();
  return option->option_text(
      name + (default_value.empty() ? "" : "=" + default_value));
}

}  // namespace sudoku
