// The --markdown summaries of compare and history check: appended to a file
// (a CI job's summary, such as GitHub's $GITHUB_STEP_SUMMARY, gathers every
// step's), or written to standard output.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace sudoku {

// Appends what `write` writes to `path`, creating it; "-" is standard
// output. False, having said "PROGRAM: cannot write PATH", when that fails.
bool AppendSummary(const std::string& program, const std::string& path,
                   const std::function<void(std::ostream&)>& write);

}  // namespace sudoku
