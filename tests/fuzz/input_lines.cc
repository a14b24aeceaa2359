// Fuzzes Input: compression sniffing, the gzip/xz/zstd decoders and the line
// splitter, fed from memory.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/input/input.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::istringstream stream(bytes);
  try {
    sudoku::Input input(stream, "fuzz");
    const bool plain = input.facts().compression == "none";
    uint64_t lines = 0;
    uint64_t kept = 0;  // bytes of plain lines, newlines included
    sudoku::LineCut cut = sudoku::LineCut::kWhole;
    while (const auto line = input.NextLine(cut)) {
      FUZZ_CHECK(line->size() <= sudoku::Input::kMaxLine);
      FUZZ_CHECK(cut != sudoku::LineCut::kTooLong ||
                 line->size() == sudoku::Input::kMaxLine);
      // Only a failed read leaves a line unfinished; memory cannot fail.
      FUZZ_CHECK(!plain || cut != sudoku::LineCut::kUnfinished);
      if (plain && cut == sudoku::LineCut::kWhole) {
        FUZZ_CHECK(bytes.compare(input.line_position(), line->size(), *line) ==
                   0);
      }
      kept += line->size() + 1;
      ++lines;
    }
    FUZZ_CHECK(input.raw_bytes_read() == size);
    FUZZ_CHECK(input.Sha256Hex().size() == 64);
    if (plain) {
      // Every '\n' ends a line, and a last line may lack one.
      uint64_t newlines = 0;
      for (char ch : bytes) newlines += ch == '\n';
      const bool open_end = !bytes.empty() && bytes.back() != '\n';
      FUZZ_CHECK(lines == newlines + open_end);
      if (size <= sudoku::Input::kMaxLine) FUZZ_CHECK(kept == size + open_end);
    }
  } catch (const sudoku::InputError&) {
    // Corrupt or truncated compressed data: a message, never a crash.
  }
  return 0;
}
