// The console report: a readable table per dataset, and the costliest puzzles
// when asked.
#pragma once

#include <ostream>

#include "engine/report.h"

namespace sudoku {

class ConsoleReporter : public Reporter {
 public:
  explicit ConsoleReporter(std::ostream& out) : out_(out) {}
  void ReportPass(const Manifest& manifest, const DatasetResult& result,
                  const std::vector<ReportRow>& rows) override;

 private:
  std::ostream& out_;
};

// 1234567 -> "1,234,567".
std::string Grouped(uint64_t value);

}  // namespace sudoku
