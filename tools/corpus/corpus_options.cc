// corpus's options: what every subcommand has, defined once from a table,
// then each subcommand's own.
#include "tools/corpus/corpus_options.h"

#include <map>

#include "engine/cli/numeric_options.h"
#include "engine/cli/program.h"
#include "engine/cli/shared_options.h"
#include "strategies/strategy.h"
#include "tools/lib/generator.h"
#include "tools/lib/leak_kinds.h"

namespace sudoku {
namespace {

// The options every subcommand has; `grouping` adds the memory bound of
// those that group rows.
void AddRunOptions(CLI::App& sub, CorpusRunOptions& run, bool grouping,
                   const std::string& output_what) {
  AddThreadsOption(sub, run.threads);
  AddOutputOption(sub, run.output, output_what);
  AddMaxMessagesOption(sub, run.max_messages, "Bad rows");
  AddLinesOption(sub, run.lines);
  if (!grouping) return;
  ValueName(sub.add_option("--memory", run.memory_mib,
                           "MiB of row keys kept in memory (dupes, leak: "
                           "about 80 bytes a row; card: 32); past it, sorted "
                           "runs go to --temp-dir")
                ->capture_default_str()
                ->transform(WholeNumbers(1, 1 << 24)),
            "MIB");
  ValueName(sub.add_option("--temp-dir", run.temp_dir,
                           "Where runs past --memory go (default: $TMPDIR, "
                           "else /tmp)")
                ->check(CLI::ExistingDirectory),
            "DIR");
}

void AddCanonOptions(CLI::App& canon, CorpusCanonOptions& options) {
  canon.add_flag("--locations", options.locations,
                 "Write file:line and a tab before each form");
  canon.add_flag("--automorphisms", options.automorphisms,
                 "Write a tab and the number of group elements that map the "
                 "puzzle to itself after each form");
}

void AddCheckOptions(CLI::App& check, CorpusCheckOptions& options) {
  ValueName(check
                .add_option("--good", options.good,
                            "Write the good rows, as they were, to FILE "
                            "(header kept)")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(check
                .add_option("--bad", options.bad,
                            "Write the bad rows to FILE, each as it was "
                            "with its reason as an added last column "
                            "(header kept)")
                ->check(OutputPathValidator()),
            "FILE");
}

// leak's and dupes' gate, one definition: `what` tolerated, more exit 1.
void AddMaxLeaksOption(CLI::App& sub, uint64_t& max_leaks,
                       const std::string& what) {
  ValueName(
      sub.add_option("--max-leaks", max_leaks, what + " tolerated: more exit 1")
          ->transform(WholeNumbers(0, kNoMax))
          ->capture_default_str(),
      "N");
}

// --kinds and clean's --dupe-kinds, one definition: a list of leak kinds.
CLI::Option* AddKindsOption(CLI::App& sub, const std::string& name,
                            std::string& kinds, const std::string& what) {
  CLI::Validator known(
      [](std::string& list) {
        std::string error;
        return LeakKindSet::Parse(list, error) ? std::string() : error;
      },
      "KINDS");
  CLI::Option* option =
      sub.add_option(name, kinds,
                     what + ": a comma-separated list of " + LeakKindChoices() +
                         ", or all, or none")
          ->capture_default_str()
          ->check(known);
  ValueName(option, "KINDS");
  return option;
}

void AddLeakOptions(CLI::App& leak, CorpusLeakOptions& options) {
  struct FileList {
    const char* name;
    std::vector<std::string>* files;
    const char* help;
  };
  for (const FileList& list :
       {FileList{"--train", &options.train,
                 "The training set's files (required)"},
        FileList{"--test", &options.test, "The test set's files (required)"}}) {
    ValueName(leak.add_option(list.name, *list.files, list.help)
                  ->required()
                  ->check(InputPathValidator()),
              "FILE...");
  }
  AddMaxLeaksOption(leak, options.max_leaks, "Leaked test rows");
  AddKindsOption(leak, "--kinds", options.kinds,
                 "The kinds listed and counted toward --max-leaks (a row "
                 "has its strongest kind)");
}

void AddDupesOptions(CLI::App& dupes, CorpusDupesOptions& options) {
  ValueName(dupes
                .add_option("--groups", options.groups,
                            "Also write the puzzle groups to FILE, one line "
                            "a puzzle that occurs more than once")
                ->check(OutputPathValidator()),
            "FILE");
  AddMaxLeaksOption(dupes, options.max_leaks,
                    "Rows that repeat an earlier one (of --kinds)");
  AddKindsOption(dupes, "--kinds", options.kinds,
                 "The kinds listed and counted toward --max-leaks (a row "
                 "has its strongest kind)");
}

void AddCleanOptions(CLI::App& clean, CorpusCleanOptions& options) {
  struct File {
    const char* name;
    std::string* path;
    const char* help;
    bool input;
  };
  for (const File& file :
       {File{"--train", &options.train,
             "The training set (required; a file, read twice)", true},
        File{"--test", &options.test,
             "The test set (required; a file, read twice)", true},
        File{"--train-out", &options.train_out,
             "Write the kept training rows to FILE, as they were, in the "
             "input's layout (header kept; required)",
             false},
        File{"--test-out", &options.test_out,
             "Write the kept test rows to FILE, likewise (required)", false}}) {
    ValueName(
        clean.add_option(file.name, *file.path, file.help)
            ->required()
            ->check(file.input ? InputPathValidator() : OutputPathValidator()),
        "FILE");
  }
  AddKindsOption(clean, "--kinds", options.kinds,
                 "Test rows that leak from the training set dropped, of "
                 "these kinds and every stronger one");
  AddKindsOption(clean, "--dupe-kinds", options.dupe_kinds,
                 "Rows that repeat an earlier row of their own set dropped, "
                 "of these kinds and every stronger one (same-grid: rows on "
                 "one solution grid with other clues)");
}

void AddCardOptions(CLI::App& card, CorpusCardOptions& options) {
  ValueName(card.add_option("--json", options.json,
                            "Also write the card as JSON to FILE")
                ->check(OutputPathValidator()),
            "FILE");
  ValueName(card.add_option("--rater", options.rater,
                            "The counting strategy that solves and rates")
                ->capture_default_str()
                ->check(CLI::IsMember(CountingStrategyNames())),
            "NAME");
  ValueName(card.add_option("--budget", options.budget,
                            "Node budget of each solve (a puzzle over it is "
                            "counted as not settled)")
                ->capture_default_str()
                ->transform(WholeNumbers(1, kNoMax)),
            "N");
  // Up to 81 solves a puzzle, where the rest of the card costs what
  // corpus dupes does: asked for, not paid by default.
  card.add_flag("--minimal", options.minimal,
                "Also check which unique puzzles are minimal (up to 81 "
                "solves each, with simd)");
}

// Exit code 2 of check, dupes, leak, card and canon.
constexpr const char* kUnreadOrUnwritten =
    "bad usage, an input that cannot be read or has no puzzle row, or\n"
    "an output that cannot be written";

// Each subcommand's exit code 1, as it means it.
void AddExitCodes(std::map<std::string, CLI::App*>& made) {
  static const ExitCodes leak_codes = ToolExitCodes(
      "more rows leaked than --max-leaks (each is listed; bad rows are\n"
      "named with their status and counted but do not make the exit code)",
      kUnreadOrUnwritten);
  made["leak"]->footer(ExitCodesFooter(leak_codes));
  made["dupes"]->footer(ExitCodesFooter(leak_codes));
  static const ExitCodes check_codes = ToolExitCodes(
      "some rows were bad: malformed, invalid givens, no solution, several\n"
      "solutions, wrong answer or wrong count (each is named as file:line\n"
      "with its status, up to --max-messages an input; the rest is done)",
      kUnreadOrUnwritten);
  made["check"]->footer(ExitCodesFooter(check_codes));
  // card fails on malformed rows only: its other rows are still puzzles,
  // with a place on the card.
  static const ExitCodes malformed_codes = ToolExitCodes(
      "some rows were malformed (each is named as file:line: malformed:\n"
      "reason, with the other bad rows, up to --max-messages an input; the\n"
      "rest is done)",
      kUnreadOrUnwritten);
  static const ExitCodes canon_codes = ToolExitCodes(
      "some rows have no canonical form written: malformed, or a CSV row\n"
      "whose answer is not its puzzle's solution (each is named as\n"
      "file:line: reason, up to --max-messages an input; the rest is done)",
      kUnreadOrUnwritten);
  made["canon"]->footer(ExitCodesFooter(canon_codes));
  made["card"]->footer(ExitCodesFooter(malformed_codes));
  static const ExitCodes clean_codes = ToolExitCodes(
      "not used: every bad, repeating or leaking row of the kinds named is\n"
      "dropped, so the outputs written are clean (exit 0)",
      "bad usage, an input that cannot be read or has no puzzle row, an\n"
      "output on an input's path, or an output that cannot be written\n"
      "(then no output is written)");
  made["clean"]->footer(ExitCodesFooter(clean_codes));
}

}  // namespace

const ExitCodes& CorpusExitCodes() {
  static const ExitCodes codes = ToolExitCodes(
      "by subcommand: check, some row was bad (any status but good);\n"
      "dupes and leak, more rows repeated or leaked than --max-leaks;\n"
      "card, some row was malformed; canon, some row had no canonical\n"
      "form written. Bad rows are named as file:line: reason, up to\n"
      "--max-messages an input, and the rest is done",
      kUnreadOrUnwritten);
  return codes;
}

void SetupCorpus(CLI::App& app, CorpusOptions& options) {
  app.description(
      "Corpus hygiene under the Sudoku symmetries (relabelling, transposition, "
      "row, column, band and stack orders): canonical forms, duplicates, "
      "leakage between training and test sets, and a corpus card.");
  app.require_subcommand(1);
  // What every subcommand has: its inputs, then the options of a run.
  struct Subcommand {
    const char* name;
    const char* description;
    std::vector<std::string>* inputs;  // null: named by options instead
    CorpusRunOptions* run;
    bool grouping;
    const char* output;  // what -o writes
  };
  const Subcommand subcommands[] = {
      {"canon",
       "Each puzzle's minlex canonical form, in input order: the least string "
       "(blanks first) over the whole group. Equal forms, equal puzzles.",
       &options.canon.inputs, &options.canon.run, false, ""},
      {"check",
       "Every row judged with the fastest strategy (simd, to two solutions): "
       "well formed, valid givens, exactly one solution, the file's answer "
       "and count fields right. Each bad row is named file:line with its "
       "kind; counts of each kind on standard error.",
       &options.check.inputs, &options.check.run, false,
       "every bad row (file:line, kind, reason)"},
      {"dupes",
       "Rows that repeat an earlier row of the set up to symmetry: the same "
       "puzzle, or the same solution grid with more, fewer or other clues. "
       "One tab-separated line per such row: the row, its strongest kind, "
       "the earlier row; counts of each kind on standard error.",
       &options.dupes.inputs, &options.dupes.run, true,
       "every repeating row (file:line, kind, file:line)"},
      {"leak",
       "The test rows that leak from the training set up to symmetry: the "
       "same puzzle, or the same solution grid with more, fewer or other "
       "clues. One tab-separated line per such row: the test row, its "
       "strongest kind, a training row; counts of each kind on standard "
       "error.",
       nullptr, &options.leak.run, true,
       "every leaking test row (file:line, kind, file:line)"},
      {"card",
       "One pass that writes a corpus card in Markdown (and JSON): files with "
       "SHA-256, rows by outcome, clues, minimal share, duplicates up to "
       "symmetry, difficulty by a fixed strategy's nodes.",
       &options.card.inputs, &options.card.run, true, "the Markdown card"},
      {"clean",
       "A training and a test set cleaned in one command: every row judged "
       "as check judges it; bad rows, rows that repeat an earlier row of "
       "their set (--dupe-kinds) and test rows that leak from the training "
       "set (--kinds) dropped; the kept rows written as they were, in each "
       "input's layout; the dropped ones listed as CSV with their reason and "
       "partner; a summary on standard error.",
       nullptr, &options.clean.run, true,
       "the dropped rows as CSV (file, line, reason, kind, partner_file, "
       "partner_line, detail)"},
  };
  std::map<std::string, CLI::App*> made;
  for (const Subcommand& sub : subcommands) {
    CLI::App* added = app.add_subcommand(sub.name, sub.description);
    added->footer(ExitCodesFooter(CorpusExitCodes()));
    if (sub.inputs != nullptr) {
      AddInputFiles(*added, *sub.inputs,
                    "Puzzle files (any layout bench reads, plain or "
                    "gzip/xz/zstd), - for standard input");
    }
    AddRunOptions(*added, *sub.run, sub.grouping, sub.output);
    made[sub.name] = added;
  }
  AddCanonOptions(*made["canon"], options.canon);
  AddCheckOptions(*made["check"], options.check);
  AddLeakOptions(*made["leak"], options.leak);
  AddDupesOptions(*made["dupes"], options.dupes);
  AddCardOptions(*made["card"], options.card);
  AddCleanOptions(*made["clean"], options.clean);
  AddExitCodes(made);
}

}  // namespace sudoku
