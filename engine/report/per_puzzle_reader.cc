// Reads back a --per-puzzle file (PerPuzzleWriter's), one row at a time.
#include "engine/report/per_puzzle_reader.h"

#include <charconv>
#include <utility>

#include "engine/report/puzzle_outputs.h"

namespace sudoku {
namespace {

uint64_t Number(const std::string& text, const std::string& where) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) {
    throw ReportFormatError(where + ": '" + text + "' is not a count");
  }
  return value;
}

}  // namespace

PerPuzzleReader::PerPuzzleReader(std::istream& in, std::string name)
    : records_(in, std::move(name)) {
  std::string header;
  if (records_.Next(record_)) {
    for (const std::string& field : record_.fields) {
      header += (header.empty() ? "" : ",") + field;
    }
  }
  if (header != kPerPuzzleHeader) {
    throw ReportFormatError(records_.name() +
                            ":1: not a per-puzzle file (the header is not " +
                            std::string(kPerPuzzleHeader) + ")");
  }
}

bool PerPuzzleReader::Next(PerPuzzleRow& row) {
  if (!records_.Next(record_)) return false;
  const std::string at = records_.name() + ":" + std::to_string(record_.line);
  if (record_.fields.size() != 6) {
    throw ReportFormatError(at + ": " + std::to_string(record_.fields.size()) +
                            " fields, a per-puzzle row has 6");
  }
  row.file = std::move(record_.fields[0]);
  row.line = Number(record_.fields[1], at + ": line");
  row.strategy = std::move(record_.fields[2]);
  row.outcome = std::move(record_.fields[3]);
  row.nanos = Number(record_.fields[4], at + ": ns");
  row.nodes = Number(record_.fields[5], at + ": nodes");
  row.at = record_.line;
  return true;
}

}  // namespace sudoku
