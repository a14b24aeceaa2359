// Fuzzes the reply parser of process strategies (bench --exec).
#include "bench/run/process_reply.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  sudoku::SolveResult result;
  if (sudoku::ParseProcessReply(line, result)) {
    FUZZ_CHECK(result.outcome != sudoku::Outcome::kError);
    for (uint8_t cell : result.solution) FUZZ_CHECK(cell <= 9);
  }
  return 0;
}
