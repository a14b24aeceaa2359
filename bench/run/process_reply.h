// The reply line of a process strategy (bench --exec), parsed apart from the
// processes that send it.
#pragma once

#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

// `OUTCOME [SOLUTION [NODES [COUNT]]]` (docs/process-protocol.md) into
// `result`; false when the line is not one, `result` then partly filled.
bool ParseProcessReply(std::string_view line, SolveResult& result);

}  // namespace sudoku
