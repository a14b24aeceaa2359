// The options several programs have, each defined once here: its names, its
// value, its range check and its help text, so that bench and the tools
// spell and explain them alike.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace sudoku {

// The most worker threads a program takes.
inline constexpr int kMaxThreads = 1024;

// Every core of this machine (at least 1): the default thread count.
int EveryCore();

// -t,--threads N: worker threads, 1 to kMaxThreads; 0, and the default,
// mean every core. `threads` is set to EveryCore() here and 0 is replaced
// by it as it is parsed, so it is never 0 afterwards.
CLI::Option* AddThreadsOption(CLI::App& app, int& threads);

// -o,--output FILE: the program's main output goes to FILE instead of
// standard output ('-' names standard output too). `what` names the output
// in the help ("the groups"); empty, the help says just "Write to FILE".
// The file is opened by OutputFiles (output_files.h), after the check
// against the inputs.
CLI::Option* AddOutputOption(CLI::App& app, std::string& path,
                             const std::string& what = "");

// --lines N: read at most N lines of each input (0, the default: all), so
// that an endless one (a generator's pipe, /dev/urandom) ends. Lines are
// the input's, blank lines, comments and a header included.
CLI::Option* AddLinesOption(CLI::App& app, uint64_t& lines);

// --seed N: what a program's random choices depend on, shown with its
// default. `short_alias` also takes -s, hidden from --help: the programs
// that had it keep it for the scripts that use it, while -s is bench's
// strategy.
CLI::Option* AddSeedOption(CLI::App& app, uint64_t& seed,
                           const std::string& help, bool short_alias);

// The --max-messages value that shows every message: `--max-messages all`.
inline constexpr uint64_t kAllMessages = UINT64_MAX;

// --max-messages N: how many problem messages (bad rows, and for bench wrong
// answers) a program names per input on standard error; all are counted
// whatever N is. 0 names none; `all` (kAllMessages) names every one.
// `what` is what is named ("Bad lines (and wrong answers)"). One meaning in
// every program, where bench's 0 once showed none and corpus's all.
CLI::Option* AddMaxMessagesOption(CLI::App& app, uint64_t& max_messages,
                                  const std::string& what);

// --max-slowdown P, the one timing margin of bench, bench compare, bench
// history check and bench bisect: fail when the new side is more than P
// percent slower than the old, new time per puzzle / old time per puzzle >
// 1 + P/100 (engine/compare/timing_words.h); a negative P demands a
// speed-up. One range everywhere, kMinSlowdownPct to kMaxSlowdownPct: -99
// (at most 1% of the old time) is the fastest demand that leaves a time,
// and 10^6 (10,000 times slower) is past any slowdown a benchmark shows.
// `judged` says what the command holds against P ("both clocks' throughput
// beyond the rounds' spread"); `show_default` puts the bound value's
// default in the help (each command's default is in docs/cli.md's table,
// with why).
inline constexpr double kMinSlowdownPct = -99;
inline constexpr double kMaxSlowdownPct = 1e6;
CLI::Option* AddMaxSlowdownOption(CLI::App& app, double& max_slowdown_pct,
                                  const std::string& judged,
                                  bool show_default);

// FILE...: the puzzle files a tool reads, '-' for standard input, each
// checked readable as it is parsed; required. A command line without them
// is told how to read standard input (usage_errors.h).
CLI::Option* AddInputFiles(CLI::App& app, std::vector<std::string>& paths,
                           const std::string& help);

// The check every option naming an output file makes: an empty path names
// no file (`--csv ''` is a usage error, never "no output"); '-' is standard
// output.
CLI::Validator OutputPathValidator();

// The check AddInputFiles makes, for options that name input files
// (corpus leak's --train and --test): a readable file, or '-'.
CLI::Validator InputPathValidator();

}  // namespace sudoku
