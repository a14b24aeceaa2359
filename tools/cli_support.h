// Plumbing shared by the gen, shuffle and convert commands: exit codes, inputs,
// outputs, batches.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/cli/help_text.h"
#include "engine/common/exit_codes.h"
#include "tools/formats.h"

namespace sudoku {

// The streams a command talks to; tests pass string streams.
struct CommandStreams {
  std::istream& in;   // read for the input "-"
  std::ostream& out;  // written unless -o names a file
  std::ostream& err;  // file:line messages and usage errors
};

// A CLI11 validator: a readable file, or "-" for standard input.
CLI::Validator InputPathValidator();

// A CLI11 validator over the strategies that count solutions.
CLI::Validator CountingSolverValidator();

// Parses `args` (without the program name) into `app`'s options; on success
// returns run(), otherwise prints help or the usage error and returns 0 or
// kExitUsage.
int ParseAndRun(CLI::App& app, const std::vector<std::string>& args,
                CommandStreams streams, const std::function<int()>& run);

// A tool's exit codes: 0 as every tool's, 1 and 2 as `failure` and `usage`
// say.
ExitCodes ToolExitCodes(const std::string& failure,
                        const std::string& usage =
                            "bad usage, an input that cannot be read or an "
                            "output that\ncannot be written");

// Gives a tool's App (named) bench's --help layout with its exit codes at
// the end, and the hidden flag --man, which writes its manual page to `out`.
void AddToolDocs(CLI::App& app, const std::string& summary,
                 const ExitCodes& codes, std::ostream& out);

// The argv of main() as ParseAndRun's args.
std::vector<std::string> Arguments(int argc, char** argv);

// Where a command writes: `path`, or the command's out stream when empty or
// "-". ok() is false (and error() says why) when the file cannot be opened.
class OutputTarget {
 public:
  OutputTarget(const std::string& path, std::ostream& fallback);
  bool ok() const { return stream_ != nullptr; }
  const std::string& error() const { return error_; }
  std::ostream& stream() { return *stream_; }

 private:
  std::unique_ptr<std::ofstream> file_;
  std::ostream* stream_ = nullptr;
  std::string error_;
};

// One puzzle and the file it came from, for file:line messages.
struct InputRecord {
  const std::string* file = nullptr;
  PuzzleRecord record;
};

// Reads the inputs in order as `format`, reporting each bad line on err as
// `file:line: reason`, and hands the puzzles to `on_batch` a few thousand at a
// time with the run-wide index of the batch's first puzzle. Returns kExitOk,
// kExitFailure when some line was bad, or kExitUsage when an input could
// not be opened or decoded (the others are still read).
int ReadInBatches(
    const std::vector<std::string>& paths, FileFormat format,
    CommandStreams streams,
    const std::function<void(std::vector<InputRecord>&, uint64_t)>& on_batch);

// `file:line: reason` on err.
void ReportBadLine(std::ostream& err, const std::string& file, uint64_t line,
                   const std::string& reason);

}  // namespace sudoku
