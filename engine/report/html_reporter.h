// The HTML report (`bench --html`): one self-contained page of charts and
// tables over every pass of a run, written when the run ends.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/report/report.h"
#include "engine/report/svg_chart.h"

namespace sudoku {

// One table cell holding a report column's value exactly as the CSV writes
// it, marked data-column="NAME" so a test can hold the page to the CSV;
// `attributes` (escaped already) go into the tag.
std::string SchemaCell(const ReportRow& row, const Manifest& manifest,
                       std::string_view column,
                       const std::string& attributes = "");

// A table in a box of its own that scrolls sideways when the table is wider
// than the window (the report's 23 columns at a laptop's 1366 px), so that
// the page itself never does; tabindex lets the keyboard scroll it too.
std::string TableBox(const std::string& table);

// Writes a whole page around `body`: the style, and the one small script
// that toggles a series when its legend entry is clicked.
void WriteHtmlPage(std::ostream& out, std::string_view title,
                   const std::string& body);

class HtmlReporter : public Reporter {
 public:
  explicit HtmlReporter(std::ostream& out) : out_(out) {}
  // Keeps what the page shows of the pass (rows, re-binned histograms, the
  // slowest puzzles), not the full histograms.
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) override;
  void Finish() override;

 private:
  struct StrategyView {
    std::vector<ChartPoint> cactus, time_density, node_density;
    std::vector<SlowPuzzle> slowest;
  };
  struct PassView {
    std::string path;
    std::vector<ReportRow> rows;
    std::vector<StrategyView> strategies;
  };

  std::string Summary() const;
  std::string Section(size_t index) const;
  std::string ManifestTable() const;

  std::ostream& out_;
  Manifest manifest_;
  std::vector<PassView> passes_;
};

}  // namespace sudoku
