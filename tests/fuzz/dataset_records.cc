// Fuzzes format detection and the puzzle-line grammar: bytes to records as
// the tools read them, with both fallback formats.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/input/puzzle.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

// A record that parsed as a puzzle formats back to 81 cells that parse to
// the same grid.
void CheckRecord(const sudoku::PuzzleRecord& record) {
  FUZZ_CHECK(record.line >= 1);
  if (record.status == sudoku::RecordStatus::kPuzzle) {
    FUZZ_CHECK(record.reason.empty());
    sudoku::Grid again{};
    FUZZ_CHECK(!sudoku::ParseGrid(sudoku::FormatGrid(record.puzzle), again));
    FUZZ_CHECK(again == record.puzzle);
  } else {
    FUZZ_CHECK(!record.reason.empty());
  }
  if (record.has_expected) {
    FUZZ_CHECK(!sudoku::CheckSolution(record.puzzle, record.expected));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte picks the settings, the rest is the file.
  const bool kaggle_fallback = data[0] & 1;
  const auto check =
      data[0] & 2 ? sudoku::GivensCheck::kDeferred : sudoku::GivensCheck::kNow;
  std::istringstream stream(
      std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  try {
    sudoku::Input input(stream, "fuzz");
    sudoku::DatasetParser parser(kaggle_fallback
                                     ? sudoku::DatasetFormat::kKaggle
                                     : sudoku::DatasetFormat::kLines);
    uint64_t last_line = 0;
    sudoku::ReadRecords(
        input, parser, check,
        [&](const sudoku::PuzzleRecord& record, std::string_view content) {
          FUZZ_CHECK(record.line > last_line);
          last_line = record.line;
          FUZZ_CHECK(!content.empty());
          CheckRecord(record);
        });
    FUZZ_CHECK(sudoku::FormatName(parser.format()) != "");
  } catch (const sudoku::InputError&) {
  }
  return 0;
}
