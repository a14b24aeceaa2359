// The run's output files as one table: each file a run writes, the option
// that names it, what writes it, and whether it may be standard output.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench/cli/run_options.h"
#include "engine/common/file_identity.h"
#include "engine/input/shard.h"

namespace sudoku {

// What writes a row of the table.
enum class OutputWriter {
  kConsoleTable,  // ConsoleReporter: the table and its notes, no file
  kCsv,           // CsvReporter
  kPerPuzzle,     // PerPuzzleWriter, a line per puzzle as the pass goes
  kSolutions,     // SolutionsWriter, a line per puzzle as the pass goes
  kStats,         // ShardStatsWriter: the mergeable statistics
  kHtml,          // HtmlReporter, the page written at the end
  kCheckpoint,    // CheckpointKeeper, replaced whole as the run goes
  kCrashCsv,      // the crash handler, over the --csv file (a second
                  // descriptor), when a strategy crashes the process
};

struct OutputFile {
  OutputWriter writer;
  std::string option;  // "--csv"; "-q" for the console table (off when given)
  std::string path;    // "-": standard output; as given, for messages
  // Where the file is written: `path` resolved once, in the plan, before a
  // plugin is loaded (ResolveOutputPath: absolute, links followed), so that
  // a plugin's chdir() cannot move it.
  std::string resolved;
  bool may_be_stdout = false;
  // Under mpirun, a per-puzzle or solutions file: where this rank writes
  // its part, which rank 0 joins into `path` at the end. Empty otherwise.
  std::string rank_part;
};

// In this order: the console, --csv, --per-puzzle, --solutions, --stats,
// --html, --checkpoint, then the crash-time CSV; the first two options on
// standard output are named in that order.
using OutputTable = std::vector<OutputFile>;

// The outputs of a run with the options `o`; `rank` is this process's part
// under mpirun. --shard's stats default to the --csv path + .stats.json;
// --resume FILE without --checkpoint keeps FILE.
OutputTable MakeOutputTable(const RunCommandOptions& o,
                            const std::optional<Shard>& rank);

// The options of the rows on standard output ("-"), in table order; the
// console table then moves to standard error, so it is not among them.
std::vector<std::string> StdoutOptions(std::span<const OutputFile> table);

// The row `writer` writes, or null.
const OutputFile* FindOutput(std::span<const OutputFile> table,
                             OutputWriter writer);

// The files of the table as FindPathClash compares them: every row that
// opens a file of its own (not the console, nor the crash-time CSV, which
// is the --csv file again).
std::vector<NamedPath> OutputPaths(std::span<const OutputFile> table);

// Under mpirun: the rows each rank writes as its pass goes (its parts, at
// their part paths), and those rank 0 writes after the merge.
OutputTable RankPartRows(std::span<const OutputFile> table);
OutputTable MergedRows(std::span<const OutputFile> table);

}  // namespace sudoku
