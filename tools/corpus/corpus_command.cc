// The corpus command: canon, check, dupes, leak and card over corpora, each
// a run of the corpus scan with its own work and output.
#include "tools/corpus/corpus_command.h"

#include <cstdlib>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <utility>

#include "engine/cli/output_files.h"
#include "engine/common/exit_codes.h"
#include "engine/common/text_format.h"
#include "engine/pipeline/pipeline.h"
#include "engine/report/progress_line.h"
#include "engine/report/report.h"
#include "strategies/registry.h"
#include "tools/lib/corpus_card.h"
#include "tools/lib/corpus_check.h"
#include "tools/lib/corpus_clean.h"
#include "tools/lib/corpus_groups.h"
#include "tools/lib/corpus_leaks.h"
#include "tools/lib/corpus_scan.h"
#include "tools/lib/leak_kinds.h"

namespace sudoku {
namespace {

std::string TempDir(const CorpusRunOptions& run) {
  if (!run.temp_dir.empty()) return run.temp_dir;
  const char* env = std::getenv("TMPDIR");
  return env != nullptr && *env != '\0' ? env : "/tmp";
}

size_t MemoryBytes(const CorpusRunOptions& run) {
  return static_cast<size_t>(run.memory_mib) << 20;
}

std::vector<NamedPath> Named(const std::vector<std::string>& paths,
                             const std::string& what) {
  std::vector<NamedPath> named;
  for (const std::string& path : paths) named.push_back({what, path});
  return named;
}

// A subcommand's run: its input count checked, its outputs checked against
// its inputs and opened, its threads made, and a failing temporary file
// turned into exit 2.
int Run(const std::string& name, const CorpusRunOptions& run,
        const std::vector<NamedPath>& inputs,
        const std::vector<NamedPath>& outputs, CommandStreams streams,
        const std::function<int(OutputFiles&, StageThreads&, ProgressLine&)>&
            body) {
  const std::string program = "corpus " + name;
  if (inputs.size() > kMaxCorpusFiles) {
    streams.err << program << ": at most " << kMaxCorpusFiles << " inputs\n";
    return kExitUsage;
  }
  OutputFiles files(program, streams.out, streams.err);
  if (!files.Open(inputs, outputs)) return kExitUsage;
  StageThreads threads(run.threads);
  // bench's progress line, on a terminal only.
  ProgressLine progress(streams.err, StandardErrorIsTerminal());
  int code;
  try {
    code = body(files, threads, progress);
  } catch (const std::runtime_error& error) {
    streams.err << program << ": " << error.what() << '\n';
    return kExitUsage;
  }
  if (!files.Close()) return kExitUsage;
  return code;
}

std::string FilesText(size_t count) {
  return Grouped(count) + (count == 1 ? " file" : " files");
}

// The canonical forms of a batch's well-formed rows, as canon writes them.
void AppendForms(const CorpusCanonOptions& o,
                 const std::vector<CorpusRow>& rows, std::string& text) {
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
}

int RunCanon(const CorpusCanonOptions& o, CommandStreams streams) {
  return Run(
      "canon", o.run, Named(o.inputs, "the input"),
      {{"--output", o.run.output}}, streams,
      [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
        std::string text;
        CorpusScan scan;
        scan.paths = o.inputs;
        scan.max_messages = o.run.max_messages;
        scan.max_lines = o.run.lines;
        scan.progress = &progress;
        scan.work = [](CorpusRow& row) {
          row.canonical = Canonicalize(row.puzzle);
        };
        scan.consume = [&](const std::vector<CorpusRow>& rows) {
          text.clear();
          AppendForms(o, rows, text);
          out[0] << text;
        };
        std::vector<CorpusFile> files;
        return RunCorpusScan(scan, threads, streams.err, streams.in, files);
      });
}

// The good and bad rows of a batch, to their files as they were.
struct CheckWriter {
  CheckWriter(const CorpusCheckOptions& options, OutputFiles& files)
      : o(options), out(files), csv(options.inputs.size()) {}

  const CorpusCheckOptions& o;
  OutputFiles& out;
  std::vector<bool> csv;                    // per input: it has a header
  size_t good_at = o.good.empty() ? 0 : 1;  // index in out, 0: none
  size_t bad_at = o.bad.empty() ? 0 : 1 + !o.good.empty();
  std::string good, bad, listed;
  // The layout of the first input with rows, which --good and --bad have.
  std::optional<uint32_t> first;
  DatasetFormat layout;
  std::string header;

  // --good and --bad keep rows as they were, so they can hold one layout
  // only: a file of rows in two layouts under one header is one that no
  // reader, ours included, reads. Inputs in another layout are refused.
  void Layout(uint32_t file, DatasetFormat format, const std::string& text) {
    csv[file] = !text.empty();
    if (good_at == 0 && bad_at == 0) return;
    if (!first) {
      first = file;
      layout = format;
      header = text;
      if (good_at != 0 && !text.empty()) out[good_at] << text << '\n';
      if (bad_at != 0 && !text.empty()) out[bad_at] << text << ",reason\n";
      return;
    }
    // Kaggle rows read alike with their header or without it.
    if (format == layout &&
        (format.kind != DatasetFormat::Kind::kCsv || text == header)) {
      return;
    }
    throw std::runtime_error(
        o.inputs[file] + " is in another layout (" + Describe(format, text) +
        ") than " + o.inputs[*first] + " (" + Describe(layout, header) +
        "), and " + (good_at != 0 ? "--good" : "--bad") +
        " keeps rows as they were, in one layout: check them apart, or "
        "convert them to one layout first");
  }

  static std::string Describe(DatasetFormat format, const std::string& text) {
    std::string described(FormatName(format));
    if (!text.empty()) described += ", header '" + text + "'";
    return described;
  }

  void Rows(const std::vector<CorpusRow>& rows, RowStatusCounts& counts) {
    good.clear();
    bad.clear();
    listed.clear();
    for (const CorpusRow& row : rows) {
      counts.Add(row.status);
      if (row.status == RowStatus::kGood) {
        if (good_at != 0) good.append(row.text) += '\n';
        continue;
      }
      const std::string_view reason = row.reason;
      // The reason says its status first: the list has the status a column.
      const std::string_view kind = RowStatusName(row.status);
      listed.append(Where(o.inputs, Position(row.file, row.line)))
          .append(1, '\t')
          .append(kind)
          .append(1, '\t')
          .append(reason.substr(kind.size() + 2))
          .append(1, '\n');
      if (bad_at != 0) {
        bad += WithReason(row.text, csv[row.file], reason) + '\n';
      }
    }
    out[0] << listed;
    if (good_at != 0) out[good_at] << good;
    if (bad_at != 0) out[bad_at] << bad;
  }
};

int RunCheck(const CorpusCheckOptions& o, CommandStreams streams) {
  std::vector<NamedPath> outputs = {{"--output", o.run.output}};
  if (!o.good.empty()) outputs.push_back({"--good", o.good});
  if (!o.bad.empty()) outputs.push_back({"--bad", o.bad});
  return Run("check", o.run, Named(o.inputs, "the input"), outputs, streams,
             [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
               const Strategy& simd = *FindStrategy("simd");
               CheckWriter writer(o, out);
               RowStatusCounts counts;
               CorpusScan scan;
               scan.paths = o.inputs;
               scan.max_messages = o.run.max_messages;
               scan.max_lines = o.run.lines;
               // Every bad row fails the check, not the malformed alone.
               scan.judge = [&simd](CorpusRow& row, const ScanLine& line) {
                 ClassifyScanRow(row, line, simd);
                 row.malformed = row.status != RowStatus::kGood;
               };
               scan.on_layout = [&](uint32_t file, DatasetFormat format,
                                    const std::string& header) {
                 writer.Layout(file, format, header);
               };
               scan.consume = [&](const std::vector<CorpusRow>& rows) {
                 writer.Rows(rows, counts);
               };
               std::vector<CorpusFile> files;
               const int code =
                   RunCorpusScan(scan, threads, streams.err, streams.in, files);
               streams.err << "corpus check: " << Grouped(counts.rows())
                           << " rows in " << FilesText(files.size()) << ": "
                           << counts.Summary() << '\n';
               return code;
             });
}

// The kinds an option names; CLI11 has checked them.
LeakKindSet Kinds(const std::string& list) {
  std::string error;
  return LeakKindSet::Parse(list, error).value_or(LeakKindSet());
}

// "; 3 of --kinds same-text,same-puzzle" when --kinds names fewer than all.
std::string CountedText(const LeakRowCounts& counts, LeakKindSet kinds) {
  if (kinds.All()) return "";
  return "; " + Grouped(counts.leaked(kinds)) + " of --kinds " + kinds.Text();
}

// "2 same text, 0 same puzzle, ...": every kind, in LeakKind's order.
std::string KindCounts(const LeakRowCounts& counts) {
  std::string text;
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    if (kind > 0) text += ", ";
    text += Grouped(counts.kinds[kind]) + ' ' +
            std::string(LeakKindName(static_cast<LeakKind>(kind)));
  }
  return text;
}

// "55 of 57 puzzle rows on a solution grid".
std::string GridCounts(const LeakRowCounts& counts) {
  return Grouped(counts.on_grid) + " of " + Grouped(counts.rows) +
         " puzzle rows on a solution grid";
}

// One leak pass over `paths`: every row keyed (KeyLeakRow, on simd), the
// leaks of `scope` written to `out` (and the puzzle groups to `groups`);
// `code` gets the scan's exit code, 2 when an input had no puzzle.
LeakRowCounts LeakPass(const std::vector<std::string>& paths,
                       const LeakScope& scope, const CorpusRunOptions& run,
                       StageThreads& threads, CommandStreams streams,
                       std::ostream& out, std::ostream* groups,
                       LeakKindSet kinds, ProgressLine& progress,
                       std::vector<CorpusFile>& files, int& code) {
  const Strategy& simd = *FindStrategy("simd");
  CorpusLeaks leaks(scope, MemoryBytes(run), TempDir(run));
  CorpusScan scan;
  scan.paths = paths;
  scan.max_messages = run.max_messages;
  scan.max_lines = run.lines;
  scan.progress = &progress;
  scan.judge = [&simd](CorpusRow& row, const ScanLine& line) {
    KeyLeakRow(row, line, simd);
  };
  scan.consume = [&](const std::vector<CorpusRow>& rows) {
    for (const CorpusRow& row : rows) leaks.Add(row);
  };
  code = RunCorpusScan(scan, threads, streams.err, streams.in, files);
  // An input none of whose rows is a puzzle is unusable, not clean: the
  // scan named it (UnreadableInput) and made `code` 2, as in every reader.
  return leaks.Finish(paths, out, groups, kinds);
}

// A leak fails the run past `max_leaks`; a malformed row, named and
// counted, does not: exit 1 means leaks.
int LeakExitCode(int scan_code, const LeakRowCounts& counts, uint64_t max_leaks,
                 LeakKindSet kinds) {
  if (scan_code == kExitUsage) return scan_code;
  return counts.leaked(kinds) > max_leaks ? kExitFailure : kExitOk;
}

int RunDupes(const CorpusDupesOptions& o, CommandStreams streams) {
  std::vector<NamedPath> outputs = {{"--output", o.run.output}};
  if (!o.groups.empty()) outputs.push_back({"--groups", o.groups});
  return Run(
      "dupes", o.run, Named(o.inputs, "the input"), outputs, streams,
      [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
        std::vector<CorpusFile> files;
        int code;
        const LeakRowCounts l =
            LeakPass(o.inputs, LeakScope::WithinOneSet(), o.run, threads,
                     streams, out[0], o.groups.empty() ? nullptr : &out[1],
                     Kinds(o.kinds), progress, files, code);
        const DuplicateCounts& d = l.puzzles;
        streams.err << "corpus dupes: " << Grouped(l.statuses.rows())
                    << " rows in " << FilesText(files.size()) << ": "
                    << l.statuses.Summary() << "; " << Grouped(d.rows)
                    << " puzzles = " << Grouped(d.distinct) << " distinct + "
                    << Grouped(d.exact()) << " exact copies + "
                    << Grouped(d.reworded()) << " other spellings; "
                    << Grouped(d.groups)
                    << (d.groups == 1 ? " puzzle occurs" : " puzzles occur")
                    << " more than once, in " << Grouped(d.grouped) << " rows; "
                    << Grouped(l.leaked())
                    << " rows repeat an earlier one: " << KindCounts(l) << "; "
                    << GridCounts(l) << CountedText(l, Kinds(o.kinds)) << '\n';
        return LeakExitCode(code, l, o.max_leaks, Kinds(o.kinds));
      });
}

int RunLeak(const CorpusLeakOptions& o, CommandStreams streams) {
  std::vector<std::string> paths = o.train;
  paths.insert(paths.end(), o.test.begin(), o.test.end());
  std::vector<NamedPath> inputs = Named(o.train, "--train");
  for (const std::string& path : o.test) inputs.push_back({"--test", path});
  return Run(
      "leak", o.run, inputs, {{"--output", o.run.output}}, streams,
      [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
        std::vector<CorpusFile> files;
        int code;
        const auto first_test = static_cast<uint32_t>(o.train.size());
        const LeakRowCounts l = LeakPass(
            paths, LeakScope::TestAgainstTraining(Position(first_test, 0)),
            o.run, threads, streams, out[0], nullptr, Kinds(o.kinds), progress,
            files, code);
        const double share = l.reported ? static_cast<double>(l.leaked()) /
                                              static_cast<double>(l.reported)
                                        : 0.0;
        streams.err << "corpus leak: " << Grouped(l.leaked()) << " of "
                    << Grouped(l.reported) << " test rows (" << Percent(share)
                    << ") leak: " << KindCounts(l) << "; "
                    << GridCounts(l) << "; training rows: "
                    << l.before.Summary()
                    << "; test rows: " << l.statuses.Summary()
                    << CountedText(l, Kinds(o.kinds)) << '\n';
        return LeakExitCode(code, l, o.max_leaks, Kinds(o.kinds));
      });
}

int RunCard(const CorpusCardOptions& o, CommandStreams streams) {
  const Strategy* rater = FindStrategy(o.rater);
  std::vector<NamedPath> outputs = {{"--output", o.run.output}};
  if (!o.json.empty()) outputs.push_back({"--json", o.json});
  return Run(
      "card", o.run, Named(o.inputs, "the input"), outputs, streams,
      [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
        CorpusCard card;
        card.tool = "sudoku-bench " + CurrentManifest().version;
        card.rater = std::string(rater->name);
        card.node_unit = std::string(rater->node_unit);
        card.budget = o.budget;
        card.minimal_checked = o.minimal;
        // The leak pass of corpus dupes, whose counts the card shows.
        CorpusLeaks leaks(LeakScope::WithinOneSet(), MemoryBytes(o.run),
                          TempDir(o.run));
        const Strategy& simd = *FindStrategy("simd");
        CorpusScan scan;
        scan.paths = o.inputs;
        scan.max_messages = o.run.max_messages;
        scan.max_lines = o.run.lines;
        scan.progress = &progress;
        scan.judge = [&](CorpusRow& row, const ScanLine& line) {
          CardWork(row, line, *rater, o.budget, o.minimal ? &simd : nullptr);
        };
        scan.consume = [&](const std::vector<CorpusRow>& rows) {
          for (const CorpusRow& row : rows) {
            card.Add(row);
            leaks.Add(row);
          }
        };
        const int code =
            RunCorpusScan(scan, threads, streams.err, streams.in, card.files);
        std::ostream discard(nullptr);  // the list is corpus dupes' to write
        const LeakRowCounts l = leaks.Finish(o.inputs, discard);
        card.duplicates = l.puzzles;
        card.repeats = l.kinds;
        card.on_grid = l.on_grid;
        WriteCardMarkdown(card, out[0]);
        if (!o.json.empty()) WriteCardJson(card, out[1]);
        return code;
      });
}

// " (bad 2: wrong answer 2; duplicate 1: same text 1)": what was dropped.
std::string DroppedText(const CleanSetCounts& set) {
  std::string text;
  auto add = [&](const char* what, const auto& counts, auto name) {
    uint64_t sum = 0;
    std::string kinds;
    for (size_t kind = 0; kind < counts.size(); ++kind) {
      if (counts[kind] == 0) continue;
      sum += counts[kind];
      kinds += (kinds.empty() ? "" : ", ") + std::string(name(kind)) + ' ' +
               Grouped(counts[kind]);
    }
    if (sum == 0) return;
    text += (text.empty() ? " (" : "; ") + std::string(what) + ' ' +
            Grouped(sum) + ": " + kinds;
  };
  add("bad", set.bad,
      [](size_t kind) { return RowStatusName(static_cast<RowStatus>(kind)); });
  add("duplicate", set.duplicates,
      [](size_t kind) { return LeakKindName(static_cast<LeakKind>(kind)); });
  add("leak", set.leaks,
      [](size_t kind) { return LeakKindName(static_cast<LeakKind>(kind)); });
  return text.empty() ? text : text + ")";
}

// The copy pass: every row read again, in order, to its kept output or to
// the dropped list. Its rows were named by the first pass.
int CopyKept(const std::vector<std::string>& paths, const CorpusRunOptions& run,
             CorpusCleaner& cleaner, OutputFiles& out, StageThreads& threads,
             ProgressLine& progress, CommandStreams streams,
             std::vector<CorpusFile>& files) {
  CorpusScan copy;
  copy.paths = paths;
  copy.max_lines = run.lines;
  copy.progress = &progress;
  copy.judge = [](CorpusRow& row, const ScanLine&) { row.reason.clear(); };
  copy.on_layout = [&](uint32_t file, DatasetFormat, const std::string& head) {
    if (!head.empty()) out[1 + file] << head << '\n';
  };
  std::string kept[2], dropped;
  copy.consume = [&](const std::vector<CorpusRow>& rows) {
    for (const CorpusRow& row : rows) {
      if (const Drop* drop = cleaner.Dropped(Position(row.file, row.line))) {
        dropped += DropCsvLine(paths, *drop) + '\n';
      } else {
        kept[row.file].append(row.text) += '\n';
      }
    }
    out[0] << dropped;
    out[1] << kept[0];
    out[2] << kept[1];
    dropped.clear();
    kept[0].clear();
    kept[1].clear();
  };
  out[0] << DropCsvHeader() << '\n';
  return RunCorpusScan(copy, threads, streams.err, streams.in, files);
}

int RunClean(const CorpusCleanOptions& o, CommandStreams streams) {
  const std::vector<std::string> paths = {o.train, o.test};
  if (o.train == "-" || o.test == "-") {
    streams.err << "corpus clean: each input is read twice, so standard "
                   "input (-) cannot be one\n";
    return kExitUsage;
  }
  return Run(
      "clean", o.run, {{"--train", o.train}, {"--test", o.test}},
      {{"--output", o.run.output},
       {"--train-out", o.train_out},
       {"--test-out", o.test_out}},
      streams,
      [&](OutputFiles& out, StageThreads& threads, ProgressLine& progress) {
        const Strategy& simd = *FindStrategy("simd");
        CorpusCleaner cleaner(Kinds(o.kinds), Kinds(o.dupe_kinds),
                              MemoryBytes(o.run), TempDir(o.run));
        CorpusScan judge;
        judge.paths = paths;
        judge.max_messages = o.run.max_messages;
        judge.max_lines = o.run.lines;
        judge.progress = &progress;
        judge.judge = [&simd](CorpusRow& row, const ScanLine& line) {
          JudgeCleanRow(row, line, simd);
        };
        judge.consume = [&](const std::vector<CorpusRow>& rows) {
          for (const CorpusRow& row : rows) cleaner.Add(row);
        };
        std::vector<CorpusFile> files, again;
        if (RunCorpusScan(judge, threads, streams.err, streams.in, files) ==
            kExitUsage) {
          return kExitUsage;
        }
        cleaner.Finish(paths);
        if (CopyKept(paths, o.run, cleaner, out, threads, progress, streams,
                     again) == kExitUsage) {
          return kExitUsage;
        }
        for (size_t i = 0; i < files.size(); ++i) {
          if (again[i].rows != files[i].rows) {
            throw std::runtime_error(paths[i] + " changed while it was read: " +
                                     Grouped(files[i].rows) + " rows, then " +
                                     Grouped(again[i].rows));
          }
        }
        const char* names[] = {"train ", "test "};
        streams.err << "corpus clean:";
        for (size_t i = 0; i < 2; ++i) {
          const CleanSetCounts& set = cleaner.counts()[i];
          streams.err << (i ? "; " : " ") << names[i] << paths[i] << ": "
                      << Grouped(set.rows) << " rows, " << Grouped(set.kept)
                      << " kept, " << Grouped(set.rows - set.kept) << " dropped"
                      << DroppedText(set);
        }
        streams.err << "; dropped: leaks of " << cleaner.leak_kinds().Text()
                    << ", duplicates of " << cleaner.dupe_kinds().Text()
                    << '\n';
        return kExitOk;
      });
}

}  // namespace

int RunCorpus(const CLI::App& app, const CorpusOptions& options,
              CommandStreams streams) {
  if (app.got_subcommand("canon")) return RunCanon(options.canon, streams);
  if (app.got_subcommand("check")) return RunCheck(options.check, streams);
  if (app.got_subcommand("dupes")) return RunDupes(options.dupes, streams);
  if (app.got_subcommand("leak")) return RunLeak(options.leak, streams);
  if (app.got_subcommand("clean")) return RunClean(options.clean, streams);
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
