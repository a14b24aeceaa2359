// The registry: every strategy that the CLI, the tools, the tests and the
// microbenchmarks can run (the engine takes strategies from its caller).
#pragma once

#include <span>
#include <string_view>

#include "strategies/strategy.h"

namespace sudoku {

// Every registered strategy, in the registry's order.
std::span<const Strategy> AllStrategies();

// The strategy called `name`, or nullptr.
const Strategy* FindStrategy(std::string_view name);

}  // namespace sudoku
