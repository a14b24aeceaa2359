// `bench compare`'s readable output: a table of deltas per row, and the
// verdict.
#pragma once

#include <ostream>
#include <string>

#include "engine/compare/compare.h"

namespace sudoku {

// `bless` is the command that makes the current report the baseline, in the
// files the user named ("cp current.csv baseline.csv"), printed beside a
// changed row's advice to bless; empty, the advice names no command.
void PrintComparison(std::ostream& out, const Comparison& comparison,
                     const std::string& bless = "");

// "cp CURRENT BASELINE", each path quoted for a POSIX shell where it needs
// it: the bless that works wherever bench compare runs.
std::string BlessCommand(const std::string& baseline,
                         const std::string& current);

}  // namespace sudoku
