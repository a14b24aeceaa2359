// The crash-time CSV: the accounted passes rendered as CsvReporter writes
// them, and published for the crash handler.
#include "bench/run/crash_csv.h"

#include "bench/run/crash_report.h"
#include "engine/pipeline/interrupt.h"
#include "engine/report/csv_reporter.h"

namespace sudoku {
namespace {

// The CSV text of `rows`, with its header line or without.
std::string Rendered(const Manifest& manifest, const DatasetResult& result,
                     const std::vector<ReportRow>& rows, bool header) {
  std::ostringstream text;
  CsvReporter reporter(text);
  reporter.ReportPass(manifest, result, rows);
  std::string csv = text.str();
  if (!header) csv.erase(0, csv.find('\n') + 1);
  return csv;
}

}  // namespace

CrashCsv::CrashCsv(const RunOptions& run)
    : run_(run), manifest_(CurrentManifest()) {}

void CrashCsv::StartPass(const std::string& path, const std::string& name) {
  name_ = name;
  DatasetResult empty;
  empty.path = path;
  empty.stats.resize(run_.strategies.size());
  std::vector<ReportRow> rows = MakeRows(empty, run_);
  for (ReportRow& row : rows) {
    row.dataset = name_;
    row.complete = false;
  }
  Publish(Rendered(manifest_, empty, rows, finished_.empty()));
  last_ = {};
}

void CrashCsv::OnAccounted(const DatasetResult& so_far, PassPoint) {
  const auto now = std::chrono::steady_clock::now();
  // After a stop every batch is published: the stop watchdog may write
  // this text within the second (bench/run/stop_watchdog.h).
  if (now - last_ < kInterval && InterruptSignal() == 0) return;
  last_ = now;
  std::vector<ReportRow> rows = MakeRows(so_far, run_);
  for (ReportRow& row : rows) {
    row.dataset = name_;
    row.complete = false;
  }
  Publish(Rendered(manifest_, so_far, rows, finished_.empty()));
}

void CrashCsv::PassDone(const Manifest& manifest, const DatasetResult& result,
                        const std::vector<ReportRow>& rows) {
  finished_ += Rendered(manifest, result, rows, finished_.empty());
  Publish("");
  last_ = {};  // the next dataset's first batch is published at once
}

void CrashCsv::Publish(const std::string& partial_rows) {
  PublishCrashCsv(finished_ + partial_rows);
}

}  // namespace sudoku
