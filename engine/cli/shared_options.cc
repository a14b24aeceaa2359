// The options several programs have, each defined once.
#include "engine/cli/shared_options.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <thread>

#include "engine/cli/help_text.h"
#include "engine/cli/numeric_options.h"
#include "engine/cli/usage_errors.h"

namespace sudoku {
namespace {

// 1 to kMaxThreads, or 0 for every core, which it writes in 0's place.
CLI::Validator ThreadCount() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        int n = -1;
        const auto [end, error] =
            std::from_chars(text.data(), text.data() + text.size(), n);
        if (error != std::errc() || end != text.data() + text.size() || n < 0 ||
            n > kMaxThreads) {
          return Quoted(text) + " is not 1 to " + std::to_string(kMaxThreads) +
                 ", or 0 for every core";
        }
        if (n == 0) text = std::to_string(EveryCore());
        return {};
      },
      "", kRangeValidator);
}

// 0 or more, or `all`, which it writes as kAllMessages.
CLI::Validator MessageCount() {
  const CLI::Validator whole = WholeNumbers(0, kNoMax);
  return CLI::Validator(
      [whole](std::string& text) -> std::string {
        if (text == "all") {
          text = std::to_string(kAllMessages);
          return {};
        }
        std::string error = whole(text);
        // "... (0 or more)" becomes "... (0 or more, or all)".
        if (!error.empty()) error.insert(error.size() - 1, ", or all");
        return error;
      },
      "", kRangeValidator);
}

}  // namespace

CLI::Option* AddMaxMessagesOption(CLI::App& app, uint64_t& max_messages,
                                  const std::string& what) {
  return ValueName(app.add_option("--max-messages", max_messages,
                                  what + " named per input on standard error "
                                         "(all are counted);\n0 names none, "
                                         "`all` every one")
                       ->capture_default_str()
                       ->transform(MessageCount()),
                   "N|all");
}

int EveryCore() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

CLI::Option* AddThreadsOption(CLI::App& app, int& threads) {
  threads = EveryCore();
  return ValueName(
      app.add_option("-t,--threads", threads,
                     "Worker threads, 1 to " + std::to_string(kMaxThreads) +
                         " (default and 0: all cores)")
          ->transform(ThreadCount()),
      "N");
}

CLI::Option* AddLinesOption(CLI::App& app, uint64_t& lines) {
  return ValueName(app.add_option("--lines", lines,
                                  "Read at most N lines of each input "
                                  "(0: all)")
                       ->capture_default_str()
                       ->transform(WholeNumbers(0, kNoMax)),
                   "N");
}

CLI::Option* AddMaxSlowdownOption(CLI::App& app, double& max_slowdown_pct,
                                  const std::string& judged,
                                  bool show_default) {
  CLI::Option* option = app.add_option(
      "--max-slowdown", max_slowdown_pct,
      "Fail when over P% slower: new time / old time > 1 + P/100\n(-99 "
      "to 10^6; P < 0 demands a speed-up); " +
          judged);
  option->transform(Numbers(kMinSlowdownPct, kMaxSlowdownPct));
  if (show_default) option->capture_default_str();
  return ValueName(option, "P");
}

CLI::Option* AddOutputOption(CLI::App& app, std::string& path,
                             const std::string& what) {
  return ValueName(app.add_option("-o,--output", path,
                                  "Write " + (what.empty() ? "" : what + " ") +
                                      "to FILE instead of standard output")
                       ->check(OutputPathValidator()),
                   "FILE");
}

CLI::Option* AddSeedOption(CLI::App& app, uint64_t& seed,
                           const std::string& help, bool short_alias) {
  if (short_alias) {
    // CLI11 names a hidden option's errors with no name: the check names it.
    const CLI::Validator range = WholeNumbers(0, kNoMax);
    app.add_option("-s", seed)
        ->transform(CLI::Validator(
            [range](std::string& text) {
              const std::string error = range(text);
              return error.empty() ? error : "-s: " + error;
            },
            "", kRangeValidator))
        ->group("");
  }
  return ValueName(app.add_option("--seed", seed, help)
                       ->capture_default_str()
                       ->transform(WholeNumbers(0, kNoMax)),
                   "N");
}

CLI::Validator OutputPathValidator() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        return path.empty() ? "an empty path names no file (give a file, or "
                              "'-' for standard output)"
                            : "";
      },
      "");
}

CLI::Validator InputPathValidator() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        if (path == "-") return {};
        std::ifstream file(path);
        return file ? std::string() : "cannot read file: " + path;
      },
      "", kInputPathValidator);
}

CLI::Option* AddInputFiles(CLI::App& app, std::vector<std::string>& paths,
                           const std::string& help) {
  return ValueName(app.add_option("files", paths, help)
                       ->required()
                       ->check(InputPathValidator()),
                   "FILE...");
}

}  // namespace sudoku
