// One streaming pass of the corpus tool over its inputs, on the engine's
// pipeline stages: rows read, worked on in parallel, handed back in order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/row_verdict.h"
#include "strategies/strategy.h"
#include "tools/lib/canonical.h"
#include "tools/lib/solution_key.h"

namespace sudoku {

class ProgressLine;
class StageThreads;

// What a pass learnt of one input.
struct CorpusFile {
  std::string path;                  // as given; "-" is standard input
  std::string sha256;                // lowercase hex, of every raw byte read
  uint64_t bytes = 0;                // raw bytes read
  std::string compression = "none";  // none, gzip, xz, zstd
  std::string layout = "unknown";    // lines, kaggle, csv (unknown: no content)
  uint64_t rows = 0;                 // puzzle rows, malformed ones included
  uint64_t malformed = 0;
  std::string error;  // why reading stopped early (then exit 2), or empty
  std::string first_row;  // the first content line, for LayoutHint
};

// One puzzle row. The scan fills file, line, malformed, reason and puzzle;
// the command's work function fills what it needs of the rest, in parallel.
struct CorpusRow {
  uint32_t file = 0;  // index into the inputs
  uint64_t line = 0;  // 1-based line number in its file
  bool malformed = false;
  // Whether the engine's parser found it malformed, whatever a judge then
  // made of it: an input of such rows only is in no layout.
  bool unparsed = false;
  // Why the row is malformed (or, for the card, invalid), as bench says it;
  // a row with a reason is named on standard error.
  std::string reason;
  Grid puzzle{};
  // The row's line as read (trimmed); valid until `consume` returns.
  std::string_view text;
  // Work results.
  Canonical canonical;
  GridKey key;            // KeyOf(canonical.form)
  uint64_t spelling = 0;  // KeyOf(puzzle).low: tells exact copies apart
  Outcome outcome = Outcome::kNoSolution;
  uint64_t nodes = 0;
  bool minimal = false;
  RowStatus status = RowStatus::kGood;  // the one verdict (ClassifyScanRow)
  // corpus leak, dupes and card: the row on its solution grid, when it has
  // one (corpus_leaks.h).
  std::optional<SolutionRecord> solution;
};

// What the scan knows of a row when it has parsed it, for a command that
// judges every row (corpus check) rather than the well-formed ones.
struct ScanLine {
  std::string_view content;  // the trimmed line
  DatasetFormat format;
  std::string_view header;  // the input's CSV header, or empty
  const PuzzleRecord& record;
};

// Where a row is, packed so that positions sort in input order: the file's
// index in the high 16 bits, the line below.
constexpr int kLineBits = 48;
constexpr uint64_t Position(uint32_t file, uint64_t line) {
  return static_cast<uint64_t>(file) << kLineBits | line;
}
constexpr uint32_t PositionFile(uint64_t position) {
  return static_cast<uint32_t>(position >> kLineBits);
}
constexpr uint64_t PositionLine(uint64_t position) {
  return position & ((uint64_t{1} << kLineBits) - 1);
}
// Inputs a pass takes: the file index must fit Position.
constexpr size_t kMaxCorpusFiles = 65535;

struct CorpusScan {
  std::vector<std::string> paths;
  // Called for each well-formed row on any thread; must be reentrant.
  std::function<void(CorpusRow&)> work;
  // When set, called instead of `work` for every row, malformed ones
  // included, on any thread; it may clear row.malformed or give a reason.
  std::function<void(CorpusRow&, const ScanLine&)> judge;
  // Called once for each input with rows, with its layout and CSV header
  // (empty when it has none), before its rows are consumed, on the
  // consuming thread. It may throw std::runtime_error to end the pass.
  std::function<void(uint32_t file, DatasetFormat format,
                     const std::string& header)>
      on_layout;
  // Called for each batch of rows (malformed ones included), in input
  // order, on one thread at a time.
  std::function<void(const std::vector<CorpusRow>&)> consume;
  // Rows named on standard error per input (--max-messages: 0 names none,
  // kAllMessages every one); a line says how many more were not shown.
  uint64_t max_messages = 20;
  // Lines read of each input (--lines); 0 reads all. An input stopped with
  // lines left is said on standard error, as bench says it.
  uint64_t max_lines = 0;
  // When set, each input's rows so far are shown on it, as bench shows
  // them (on a terminal only: ProgressLine decides), and cleared before
  // any other text.
  ProgressLine* progress = nullptr;
};

// Reads every input with the engine's reader, as bench reads a dataset
// (lines, Kaggle or CSV layout, gzip/xz/zstd), on `threads` (StageThreads
// joins the stages), naming rows with a reason on err as `file:line:
// reason` (up to max_messages an input) and each input that cannot be
// opened or decoded. Memory is bounded by the batches in flight: 4 per
// thread of up to 4,096 rows. `files` gets one entry per input. Returns
// kExitOk, kExitFailure when some row was malformed, or kExitUsage when an
// input could not be read whole or none of its rows is a puzzle (said with
// UnreadableInput's hint: an input in no layout is unusable, not clean).
int RunCorpusScan(const CorpusScan& scan, StageThreads& threads,
                  std::ostream& err, std::istream& in,
                  std::vector<CorpusFile>& files);

// The work every corpus command does on a well-formed row: its canonical
// form, the form's key, and the row's spelling.
void CanonicalizeRow(CorpusRow& row);

// `file:line` of a position, for the tools' messages and groups.
std::string Where(const std::vector<std::string>& paths, uint64_t position);

}  // namespace sudoku
