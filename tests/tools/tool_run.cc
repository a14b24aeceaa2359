// Running a tool's command line in the tests.
#include "tests/tools/tool_run.h"

#include <sstream>

namespace sudoku::testing {

CommandRun Call(MainFn main, const std::vector<std::string>& args,
                const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  CommandRun run;
  run.code = main(args, {in, out, err});
  run.out = out.str();
  run.err = err.str();
  return run;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace sudoku::testing
