// Fuzzes the CSV report reader of `bench compare` and `bench history add`, and the rows check history add runs.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/report/csv_reader.h"
#include "engine/report/row_check.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream stream(
      std::string(reinterpret_cast<const char*>(data), size));
  try {
    const auto entries = sudoku::ReadCsvReport(stream, "fuzz.csv");
    size_t last_line = 0;
    for (const sudoku::ReportEntry& entry : entries) {
      FUZZ_CHECK(entry.line > last_line);
      last_line = entry.line;
    }
    // history add's refusal of rows no run writes names the file too.
    const std::string problem = sudoku::ImplausibleRowProblem("fuzz.csv", entries);
    FUZZ_CHECK(problem.empty() || problem.find("fuzz.csv") != std::string::npos);
  } catch (const sudoku::ReportFormatError& error) {
    // Every complaint names the file.
    FUZZ_CHECK(std::string(error.what()).find("fuzz.csv") != std::string::npos);
  }
  return 0;
}
