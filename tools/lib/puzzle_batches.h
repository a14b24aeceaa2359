// Puzzles read from the tools' inputs a few thousand at a time, in input
// order, each bad line named by file and line.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "tools/lib/formats.h"

namespace sudoku {

// One puzzle and the file it came from, for file:line messages.
struct InputRecord {
  const std::string* file = nullptr;
  PuzzleRecord record;
  // The row it came from, kept only when ReadInBatches is asked to.
  std::string row;
  DatasetFormat format = DatasetFormat::kLines;
  const std::string* header = nullptr;  // its file's CSV header, or empty
};

// Reads the inputs in order as `format` ("-" is `in`), reporting each bad
// line on err as `file:line: reason`, and hands the puzzles to `on_batch` a
// few thousand at a time with the run-wide index of the batch's first
// puzzle. Returns kExitOk, kExitFailure when some line was bad, or
// kExitUsage when an input could not be opened or decoded, or has bad lines
// and no puzzle (said with UnreadableInput's hint; the others are still
// read). With `keep_rows` each record carries its row, layout and header.
int ReadInBatches(
    const std::vector<std::string>& paths, FileFormat format, std::istream& in,
    std::ostream& err,
    const std::function<void(std::vector<InputRecord>&, uint64_t)>& on_batch,
    bool keep_rows = false);

// `file:line: reason` on err.
void ReportBadLine(std::ostream& err, const std::string& file, uint64_t line,
                   const std::string& reason);

}  // namespace sudoku
