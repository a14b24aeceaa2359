// The reply line of a process strategy (bench --exec), parsed apart from the
// processes that send it.
#pragma once

#include <string>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

// `OUTCOME [SOLUTION [NODES [COUNT [GUESSED]]]]` (docs/process-protocol.md)
// into `result`; false when the line is not one, `result` then partly
// filled. Without GUESSED (0 or 1) the reply claims nothing: guessed.
bool ParseProcessReply(std::string_view line, SolveResult& result);

// The reply line for `result`, every field given, with its '\n'; an outcome
// the protocol has no word for is written as `?`, which the reader refuses
// as garbage.
std::string FormatProcessReply(const SolveResult& result);

}  // namespace sudoku
