// The CSV report: one row per (dataset, strategy) under one fixed, documented
// header.
#include "engine/csv_reporter.h"

#include "engine/text_format.h"

namespace sudoku {

const std::vector<std::string_view>& CsvColumns() {
  // clang-format off
  static const std::vector<std::string_view> columns = {
      "dataset",        "strategy",         "limit",         "max_nodes",
      "threads",        "puzzles",          "solved",        "multiple",
      "no_solution",    "invalid",          "malformed",     "over_budget",
      "wall_s",         "puzzles_per_s",    "mean_us",       "p50_us",
      "p90_us",         "p99_us",           "max_us",        "nodes_total",
      "nodes_mean",     "nodes_max",        "no_guess_pct",  "wrong",
      "disagreements",  "expected_differs", "solve_s",       "pass_wall_s",
      "pass_cpu_s",     "dataset_path",     "dataset_bytes", "dataset_sha256",
      "dataset_format", "compression",      "version",       "git_revision",
      "compiler",       "build_flags",      "cpu",           "date",
      "repeats",        "puzzles_per_s_min", "puzzles_per_s_max",
  };
  // clang-format on
  return columns;
}

std::string CsvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string quoted = "\"";
  for (char ch : text) {
    if (ch == '"') quoted += '"';
    quoted += ch;
  }
  return quoted + "\"";
}

void CsvReporter::ReportPass(const Manifest& manifest, const DatasetResult&,
                             const std::vector<ReportRow>& rows) {
  if (!header_written_) {
    const auto& columns = CsvColumns();
    for (size_t i = 0; i < columns.size(); ++i) {
      out_ << (i ? "," : "") << columns[i];
    }
    out_ << '\n';
    header_written_ = true;
  }
  for (const ReportRow& r : rows) {
    const std::vector<std::string> fields = {
        CsvField(r.dataset),
        CsvField(r.strategy),
        std::to_string(r.limit),
        r.max_nodes == kUnlimitedNodes ? "" : std::to_string(r.max_nodes),
        std::to_string(r.threads),
        std::to_string(r.puzzles),
        std::to_string(r.solved),
        std::to_string(r.multiple),
        std::to_string(r.no_solution),
        std::to_string(r.invalid),
        std::to_string(r.malformed),
        std::to_string(r.over_budget),
        Fixed(r.wall_s, 6),
        Fixed(r.puzzles_per_s, 1),
        Fixed(r.mean_us, 3),
        Fixed(r.p50_us, 3),
        Fixed(r.p90_us, 3),
        Fixed(r.p99_us, 3),
        Fixed(r.max_us, 3),
        std::to_string(r.nodes_total),
        Fixed(r.nodes_mean, 3),
        std::to_string(r.nodes_max),
        Fixed(r.no_guess_pct, 3),
        std::to_string(r.wrong),
        std::to_string(r.disagreements),
        std::to_string(r.expected_differs),
        Fixed(r.solve_s, 6),
        Fixed(r.pass_wall_s, 6),
        Fixed(r.pass_cpu_s, 6),
        CsvField(r.dataset_path),
        std::to_string(r.dataset_bytes),
        r.dataset_sha256,
        r.dataset_format,
        r.compression,
        CsvField(manifest.version),
        CsvField(manifest.git_revision),
        CsvField(manifest.compiler),
        CsvField(manifest.build_flags),
        CsvField(manifest.cpu),
        manifest.date,
        std::to_string(r.repeats),
        Fixed(r.puzzles_per_s_min, 1),
        Fixed(r.puzzles_per_s_max, 1),
    };
    for (size_t i = 0; i < fields.size(); ++i) {
      out_ << (i ? "," : "") << fields[i];
    }
    out_ << '\n';
  }
  out_.flush();
}

}  // namespace sudoku
