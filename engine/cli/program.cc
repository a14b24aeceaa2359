// A tool's door: parsing, exit codes, --help and the manual page.
#include "engine/cli/program.h"

#include <algorithm>
#include <ostream>

#include "engine/cli/man_page.h"
#include "engine/cli/usage_errors.h"
#include "engine/common/exit_codes.h"

namespace sudoku {

std::vector<std::string> Arguments(int argc, char** argv) {
  return std::vector<std::string>(argv + std::min(argc, 1), argv + argc);
}

int ParseAndRun(CLI::App& app, const std::vector<std::string>& args,
                CommandStreams streams, const std::function<int()>& run) {
  // CLI11 takes a vector of arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error, streams.out, streams.err);
    return code == 0 ? kExitOk : kExitUsage;
  }
  return run();
}

ExitCodes ToolExitCodes(const std::string& failure, const std::string& usage) {
  return StandardExitCodes("all good", failure, usage);
}

std::vector<std::string> SeeAlso(const std::string& program) {
  std::vector<std::string> pages;
  for (const std::string other :
       {"bench", "gen", "shuffle", "convert", "corpus"}) {
    if (program != other) pages.push_back(other + "(1)");
  }
  pages.push_back("docs/cli.md and docs/ in the sudoku-bench sources");
  return pages;
}

void AddToolDocs(CLI::App& app, const std::string& summary,
                 const ExitCodes& codes, std::ostream& out) {
  UseGroupedHelp(app);
  UseHouseErrors(app);
  app.footer(ExitCodesFooter(codes));
  ManPage page;
  page.summary = summary;
  page.source = std::string("sudoku-bench ") + SUDOKU_CLI_VERSION;
  page.exit_codes = {{app.get_name(), codes}};
  page.see_also = SeeAlso(app.get_name());
  page.machine_defaults = {{"--threads", ""}};
  AddManFlag(app, std::move(page), out);
}

}  // namespace sudoku
