// Plumbing shared by the gen, shuffle and convert commands: exit codes, inputs,
// outputs, batches.
#include "tools/cli_support.h"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "engine/cli/man_page.h"
#include "engine/report/report.h"
#include "strategies/registry.h"

namespace sudoku {
namespace {

constexpr size_t kBatchSize = 8192;

}  // namespace

CLI::Validator InputPathValidator() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        if (path == "-") return {};
        std::ifstream file(path);
        return file ? std::string() : "cannot read file: " + path;
      },
      "FILE or -");
}

CLI::Validator CountingSolverValidator() {
  std::vector<std::string> names;
  for (const Strategy& strategy : AllStrategies()) {
    if (strategy.Has(kCountsSolutions)) names.emplace_back(strategy.name);
  }
  return CLI::IsMember(names);
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

void AddToolDocs(CLI::App& app, const std::string& summary,
                 const ExitCodes& codes, std::ostream& out) {
  UseGroupedHelp(app);
  app.footer(ExitCodesFooter(codes));
  ManPage page;
  page.summary = summary;
  page.source = "sudoku-bench " + CurrentManifest().version;
  page.exit_codes = {{app.get_name(), codes}};
  for (const std::string other :
       {"bench", "gen", "shuffle", "convert", "corpus"}) {
    if (app.get_name() != other) page.see_also.push_back(other + "(1)");
  }
  page.see_also.push_back("docs/cli.md in the sudoku-bench sources");
  AddManFlag(app, std::move(page), out);
}

std::vector<std::string> Arguments(int argc, char** argv) {
  return std::vector<std::string>(argv + std::min(argc, 1), argv + argc);
}

OutputTarget::OutputTarget(const std::string& path, std::ostream& fallback) {
  if (path.empty() || path == "-") {
    stream_ = &fallback;
    return;
  }
  file_ = std::make_unique<std::ofstream>(path, std::ios::binary);
  if (*file_) {
    stream_ = file_.get();
  } else {
    error_ = "cannot write " + path;
  }
}

void ReportBadLine(std::ostream& err, const std::string& file, uint64_t line,
                   const std::string& reason) {
  err << file << ':' << line << ": " << reason << '\n';
}

int ReadInBatches(
    const std::vector<std::string>& paths, FileFormat format,
    CommandStreams streams,
    const std::function<void(std::vector<InputRecord>&, uint64_t)>& on_batch) {
  int exit_code = kExitOk;
  std::vector<InputRecord> batch;
  uint64_t first_index = 0;
  auto flush = [&] {
    if (batch.empty()) return;
    on_batch(batch, first_index);
    first_index += batch.size();
    batch.clear();
  };
  const std::string stdin_name = "-";
  for (const std::string& path : paths) {
    const std::string* name = path == "-" ? &stdin_name : &path;
    std::unique_ptr<Input> input;
    try {
      input = path == "-" ? std::make_unique<Input>(streams.in, stdin_name)
                          : std::make_unique<Input>(path);
    } catch (const InputError&) {
      streams.err << path << ": cannot open\n";
      exit_code = kExitUsage;
      continue;
    }
    try {
      ReadPuzzles(
          *input, format,
          [&](const PuzzleRecord& record) {
            batch.push_back({name, record});
            if (batch.size() == kBatchSize) flush();
          },
          [&](uint64_t line, const std::string& reason) {
            ReportBadLine(streams.err, *name, line, reason);
            if (exit_code == kExitOk) exit_code = kExitFailure;
          });
    } catch (const InputError& error) {
      // A corrupt or truncated compressed file: what came before stands.
      streams.err << error.what() << '\n';
      exit_code = kExitUsage;
    }
  }
  flush();
  return exit_code;
}

}  // namespace sudoku
