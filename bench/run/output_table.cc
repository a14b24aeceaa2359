// The run's output files as one table: each file a run writes, the option
// that names it, what writes it, and whether it may be standard output.
#include "bench/run/output_table.h"

#include "bench/run/rank_parts.h"
#include "engine/common/atomic_output.h"

namespace sudoku {

OutputTable MakeOutputTable(const RunCommandOptions& o,
                            const std::optional<Shard>& rank) {
  OutputTable table;
  const auto add = [&table](OutputWriter writer, const char* option,
                            const std::string& path, bool may_be_stdout) {
    if (!path.empty()) {
      table.push_back(
          {writer, option, path, ResolveOutputPath(path), may_be_stdout, ""});
    }
  };
  if (!o.quiet) add(OutputWriter::kConsoleTable, "-q", "-", true);
  add(OutputWriter::kCsv, "--csv", o.csv, true);
  add(OutputWriter::kPerPuzzle, "--per-puzzle", o.per_puzzle, true);
  add(OutputWriter::kSolutions, "--solutions", o.solutions, true);
  // A part needs its stats for `bench merge`: beside its CSV by default.
  const bool stats_beside_csv =
      o.stats.empty() && !o.shard.empty() && !o.csv.empty();
  add(OutputWriter::kStats, "--stats",
      stats_beside_csv ? o.csv + ".stats.json" : o.stats, true);
  add(OutputWriter::kHtml, "--html", o.html, true);
  add(OutputWriter::kCheckpoint, "--checkpoint",
      o.checkpoint.empty() ? o.resume : o.checkpoint, false);
  if (!rank && o.csv != "-") {
    add(OutputWriter::kCrashCsv, "--csv", o.csv, false);
  }
  if (rank) {
    for (OutputFile& row : table) {
      if (row.writer == OutputWriter::kPerPuzzle ||
          row.writer == OutputWriter::kSolutions) {
        row.rank_part = RankPartPath(row.path, *rank);
      }
    }
  }
  return table;
}

std::vector<std::string> StdoutOptions(std::span<const OutputFile> table) {
  std::vector<std::string> options;
  for (const OutputFile& row : table) {
    if (row.may_be_stdout && row.path == "-" &&
        row.writer != OutputWriter::kConsoleTable) {
      options.push_back(row.option);
    }
  }
  return options;
}

const OutputFile* FindOutput(std::span<const OutputFile> table,
                             OutputWriter writer) {
  for (const OutputFile& row : table) {
    if (row.writer == writer) return &row;
  }
  return nullptr;
}

std::vector<NamedPath> OutputPaths(std::span<const OutputFile> table) {
  std::vector<NamedPath> paths;
  for (const OutputFile& row : table) {
    if (row.writer == OutputWriter::kConsoleTable ||
        row.writer == OutputWriter::kCrashCsv) {
      continue;
    }
    paths.push_back({row.option, row.path});
  }
  return paths;
}

OutputTable RankPartRows(std::span<const OutputFile> table) {
  OutputTable parts;
  for (const OutputFile& row : table) {
    if (row.rank_part.empty()) continue;
    parts.push_back(row);
    parts.back().path = row.rank_part;
    parts.back().resolved = ResolveOutputPath(row.rank_part);
  }
  return parts;
}

OutputTable MergedRows(std::span<const OutputFile> table) {
  OutputTable merged;
  for (const OutputFile& row : table) {
    if (row.rank_part.empty()) merged.push_back(row);
  }
  return merged;
}

}  // namespace sudoku
