// The corpus command: canon, dupes, leak and card over puzzle corpora, their
// options defined once here.
#include <tbb/global_control.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "engine/common/text_format.h"
#include "engine/report/report.h"
#include "strategies/registry.h"
#include "tools/commands.h"
#include "tools/corpus_card.h"
#include "tools/corpus_groups.h"
#include "tools/corpus_scan.h"

namespace sudoku {
namespace {

const ExitCodes& CorpusExitCodes() {
  static const ExitCodes codes = ToolExitCodes(
      "some rows were malformed (each is named as file:line: reason,\n"
      "up to --max-messages an input; the rest is done)");
  return codes;
}

CLI::App* AddSubcommand(CLI::App& app, const std::string& name,
                        const std::string& description) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->footer(ExitCodesFooter(CorpusExitCodes()));
  return sub;
}

void AddInputs(CLI::App& sub, std::vector<std::string>& inputs) {
  ValueName(sub.add_option("files", inputs,
                           "puzzle files (any layout bench reads, plain or "
                           "gzip/xz/zstd), - for standard input")
                ->required()
                ->check(InputPathValidator()),
            "FILE...");
}

// The options every subcommand has; `grouping` adds the memory bound of
// those that group rows.
void AddRunOptions(CLI::App& sub, CorpusRunOptions& run, bool grouping,
                   const std::string& output_help) {
  ValueName(sub.add_option("-t,--threads", run.threads,
                           "worker threads, 0 for every core")
                ->capture_default_str()
                ->check(CLI::Range(0, 4096)),
            "N");
  ValueName(sub.add_option("-o,--output", run.output, output_help), "FILE");
  ValueName(sub.add_option("--max-messages", run.max_messages,
                           "bad rows named per input on standard error, 0 "
                           "for all")
                ->capture_default_str(),
            "N");
  if (!grouping) return;
  ValueName(sub.add_option("--memory", run.memory_mib,
                           "MiB of row keys (32 bytes a row) kept in memory; "
                           "past it, sorted runs go to --temp-dir")
                ->capture_default_str()
                ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 24)),
            "MIB");
  ValueName(sub.add_option("--temp-dir", run.temp_dir,
                           "where runs past --memory go (default: $TMPDIR, "
                           "else /tmp)")
                ->check(CLI::ExistingDirectory),
            "DIR");
}

std::string TempDir(const CorpusRunOptions& run) {
  if (!run.temp_dir.empty()) return run.temp_dir;
  const char* env = std::getenv("TMPDIR");
  return env != nullptr && *env != '\0' ? env : "/tmp";
}

size_t MemoryBytes(const CorpusRunOptions& run) {
  return static_cast<size_t>(run.memory_mib) << 20;
}

// A subcommand's run: its output opened, its thread count set, its input
// count checked, and a failing temporary file turned into exit 2.
int Run(const char* name, const CorpusRunOptions& run, size_t inputs,
        CommandStreams streams,
        const std::function<int(std::ostream& out)>& body) {
  const std::string who = std::string("corpus ") + name + ": ";
  if (inputs > kMaxCorpusFiles) {
    streams.err << who << "at most " << kMaxCorpusFiles << " inputs\n";
    return kExitUsage;
  }
  OutputTarget output(run.output, streams.out);
  if (!output.ok()) {
    streams.err << who << output.error() << '\n';
    return kExitUsage;
  }
  std::optional<tbb::global_control> threads;
  if (run.threads > 0) {
    threads.emplace(tbb::global_control::max_allowed_parallelism, run.threads);
  }
  int code;
  try {
    code = body(output.stream());
  } catch (const std::runtime_error& error) {
    streams.err << who << error.what() << '\n';
    return kExitUsage;
  }
  output.stream().flush();
  if (!output.stream()) {
    streams.err << who << "cannot write the output\n";
    return kExitUsage;
  }
  return code;
}

std::string FilesText(size_t count) {
  return Grouped(count) + (count == 1 ? " file" : " files");
}

int RunCanon(const CorpusCanonOptions& o, CommandStreams streams) {
  return Run("canon", o.run, o.inputs.size(), streams, [&](std::ostream& out) {
    std::string text;
    CorpusScan scan;
    scan.paths = o.inputs;
    scan.max_messages = o.run.max_messages;
    scan.work = [&](CorpusRow& row) {
      row.canonical = Canonicalize(row.puzzle);
    };
    scan.consume = [&](const std::vector<CorpusRow>& rows) {
      text.clear();
      for (const CorpusRow& row : rows) {
        if (row.malformed) continue;
        if (o.locations) {
          text += o.inputs[row.file] + ':' + std::to_string(row.line) + '\t';
        }
        // FormatGrid's text, without a string a row or a branch a cell.
        const size_t at = text.size();
        text.resize(at + kCells);
        for (int cell = 0; cell < kCells; ++cell) {
          text[at + cell] = ".123456789"[row.canonical.form[cell]];
        }
        if (o.automorphisms) {
          text += '\t' + std::to_string(row.canonical.automorphisms);
        }
        text += '\n';
      }
      out << text;
    };
    std::vector<CorpusFile> files;
    return RunCorpusScan(scan, streams.err, streams.in, files);
  });
}

// Reads the inputs, keying every well-formed row into `groups`; returns the
// scan's exit code and sets the malformed count.
int KeyRows(const std::vector<std::string>& paths, const CorpusRunOptions& run,
            CommandStreams streams, PuzzleGroups& groups,
            std::vector<CorpusFile>& files) {
  CorpusScan scan;
  scan.paths = paths;
  scan.max_messages = run.max_messages;
  scan.work = CanonicalizeRow;
  scan.consume = [&](const std::vector<CorpusRow>& rows) {
    for (const CorpusRow& row : rows) {
      if (!row.malformed) groups.Add(row);
    }
  };
  return RunCorpusScan(scan, streams.err, streams.in, files);
}

uint64_t Malformed(const std::vector<CorpusFile>& files, size_t first,
                   size_t last) {
  uint64_t count = 0;
  for (size_t i = first; i < last; ++i) count += files[i].malformed;
  return count;
}

int RunDupes(const CorpusDupesOptions& o, CommandStreams streams) {
  return Run("dupes", o.run, o.inputs.size(), streams, [&](std::ostream& out) {
    // Half the memory for the keys, half for ordering the printed groups.
    const size_t half = MemoryBytes(o.run) / 2;
    PuzzleGroups groups(half, TempDir(o.run));
    std::vector<CorpusFile> files;
    const int code = KeyRows(o.inputs, o.run, streams, groups, files);
    const DuplicateCounts d =
        WriteDuplicateGroups(groups, o.inputs, half, TempDir(o.run), out);
    const uint64_t malformed = Malformed(files, 0, files.size());
    streams.err << "corpus dupes: " << Grouped(d.rows + malformed)
                << " rows in " << FilesText(files.size()) << ": "
                << Grouped(malformed) << " malformed, " << Grouped(d.rows)
                << " puzzles = " << Grouped(d.distinct) << " distinct + "
                << Grouped(d.exact()) << " exact copies + "
                << Grouped(d.reworded()) << " other spellings; "
                << Grouped(d.groups)
                << (d.groups == 1 ? " puzzle occurs" : " puzzles occur")
                << " more than once, in " << Grouped(d.grouped) << " rows\n";
    return code;
  });
}

int RunLeak(const CorpusLeakOptions& o, CommandStreams streams) {
  std::vector<std::string> paths = o.train;
  paths.insert(paths.end(), o.test.begin(), o.test.end());
  return Run("leak", o.run, paths.size(), streams, [&](std::ostream& out) {
    const size_t half = MemoryBytes(o.run) / 2;
    PuzzleGroups groups(half, TempDir(o.run));
    std::vector<CorpusFile> files;
    const int code = KeyRows(paths, o.run, streams, groups, files);
    const LeakCounts l =
        WriteLeaks(groups, o.train.size(), paths, half, TempDir(o.run), out);
    streams.err << "corpus leak: " << Grouped(l.leaked) << " of "
                << Grouped(l.test_rows) << " test puzzles ("
                << Percent(l.test_rows ? static_cast<double>(l.leaked) /
                                             static_cast<double>(l.test_rows)
                                       : 0.0)
                << ") are training puzzles: " << Grouped(l.exact)
                << " with the same text, " << Grouped(l.leaked - l.exact)
                << " only under a symmetry; " << Grouped(l.puzzles)
                << " distinct puzzles; " << Grouped(l.train_rows)
                << " training rows; malformed rows: "
                << Grouped(Malformed(files, 0, o.train.size())) << " training, "
                << Grouped(Malformed(files, o.train.size(), files.size()))
                << " test\n";
    return code;
  });
}

int RunCard(const CorpusCardOptions& o, CommandStreams streams) {
  const Strategy* rater = FindStrategy(o.rater);
  return Run("card", o.run, o.inputs.size(), streams, [&](std::ostream& out) {
    std::optional<OutputTarget> json;
    if (!o.json.empty()) {
      json.emplace(o.json, streams.out);
      if (!json->ok()) {
        streams.err << "corpus card: " << json->error() << '\n';
        return static_cast<int>(kExitUsage);
      }
    }
    CorpusCard card;
    card.tool = "sudoku-bench " + CurrentManifest().version;
    card.rater = std::string(rater->name);
    card.node_unit = std::string(rater->node_unit);
    card.budget = o.budget;
    PuzzleGroups groups(MemoryBytes(o.run), TempDir(o.run));
    CorpusScan scan;
    scan.paths = o.inputs;
    scan.max_messages = o.run.max_messages;
    scan.work = [&](CorpusRow& row) { CardWork(row, *rater, o.budget); };
    scan.consume = [&](const std::vector<CorpusRow>& rows) {
      for (const CorpusRow& row : rows) {
        card.Add(row);
        if (!row.malformed) groups.Add(row);
      }
    };
    const int code = RunCorpusScan(scan, streams.err, streams.in, card.files);
    card.duplicates = groups.Finish([](const std::vector<GroupMember>&) {});
    WriteCardMarkdown(card, out);
    if (json) {
      WriteCardJson(card, json->stream());
      json->stream().flush();
      if (!json->stream()) {
        streams.err << "corpus card: cannot write " << o.json << '\n';
        return static_cast<int>(kExitUsage);
      }
    }
    return code;
  });
}

}  // namespace

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
    const char* output;
  };
  const Subcommand subcommands[] = {
      {"canon",
       "Each puzzle's minlex canonical form, in input order: the least string "
       "(blanks first) over the whole group. Equal forms, equal puzzles.",
       &options.canon.inputs, &options.canon.run, false,
       "write to FILE instead of standard output"},
      {"dupes",
       "Rows that are the same puzzle up to symmetry, within and across "
       "files: one line per puzzle that occurs more than once, rows of the "
       "same text joined by =, other spellings by ~; counts on standard "
       "error.",
       &options.dupes.inputs, &options.dupes.run, true,
       "write the groups to FILE instead of standard output"},
      {"leak",
       "The test rows whose puzzle is a training puzzle up to symmetry: one "
       "line per such test row, naming a training row (= same text, ~ a "
       "symmetry away); counts on standard error.",
       nullptr, &options.leak.run, true,
       "write the leaks to FILE instead of standard output"},
      {"card",
       "One pass that writes a corpus card in Markdown (and JSON): files with "
       "SHA-256, rows by outcome, clues, minimal share, duplicates up to "
       "symmetry, difficulty by a fixed strategy's nodes.",
       &options.card.inputs, &options.card.run, true,
       "write the Markdown card to FILE instead of standard output"},
  };
  std::map<std::string, CLI::App*> made;
  for (const Subcommand& sub : subcommands) {
    CLI::App* added = AddSubcommand(app, sub.name, sub.description);
    if (sub.inputs != nullptr) AddInputs(*added, *sub.inputs);
    AddRunOptions(*added, *sub.run, sub.grouping, sub.output);
    made[sub.name] = added;
  }

  CLI::App* canon = made["canon"];
  canon->add_flag("--locations", options.canon.locations,
                  "write file:line and a tab before each form");
  canon->add_flag("--automorphisms", options.canon.automorphisms,
                  "write a tab and the number of group elements that map the "
                  "puzzle to itself after each form");

  CLI::App* leak = made["leak"];
  struct FileList {
    const char* name;
    std::vector<std::string>* files;
    const char* help;
  };
  for (const FileList& list : {FileList{"--train", &options.leak.train,
                                        "the training set's files (required)"},
                               FileList{"--test", &options.leak.test,
                                        "the test set's files (required)"}}) {
    ValueName(leak->add_option(list.name, *list.files, list.help)
                  ->required()
                  ->check(InputPathValidator()),
              "FILE...");
  }

  CLI::App* card = made["card"];
  ValueName(card->add_option("--json", options.card.json,
                             "also write the card as JSON to FILE"),
            "FILE");
  ValueName(card->add_option("--rater", options.card.rater,
                             "the counting strategy that solves, rates and "
                             "checks minimality")
                ->capture_default_str()
                ->check(CountingSolverValidator()),
            "NAME");
  ValueName(card->add_option("--budget", options.card.budget,
                             "node budget of each solve (a puzzle over it is "
                             "counted as not settled)")
                ->capture_default_str()
                ->check(CLI::Range(uint64_t{1}, kUnlimitedNodes)),
            "N");
}

int RunCorpus(const CLI::App& app, const CorpusOptions& options,
              CommandStreams streams) {
  if (app.got_subcommand("canon")) return RunCanon(options.canon, streams);
  if (app.got_subcommand("dupes")) return RunDupes(options.dupes, streams);
  if (app.got_subcommand("leak")) return RunLeak(options.leak, streams);
  return RunCard(options.card, streams);
}

int CorpusMain(const std::vector<std::string>& args, CommandStreams streams) {
  CLI::App app;
  app.name("corpus");
  CorpusOptions options;
  AddToolDocs(app,
              "canonical forms, duplicates, leakage and cards of Sudoku "
              "corpora",
              CorpusExitCodes(), streams.out);
  SetupCorpus(app, options);
  app.set_help_all_flag("--help-all",
                        "Print this help with every subcommand's options");
  return ParseAndRun(app, args, streams,
                     [&] { return RunCorpus(app, options, streams); });
}

}  // namespace sudoku
