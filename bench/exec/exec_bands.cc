// A compiled process strategy for bench --exec: answers each request line
// with bands (strategies/bands.cc), nodes and solution count included; the
// fast end of the protocol, to measure what a round trip costs.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "strategies/solvers.h"

namespace {

// `PUZZLE LIMIT BUDGET`: false when the line is not one.
bool ParseRequest(const char* line, sudoku::Grid& givens, uint32_t& limit,
                  uint64_t& budget) {
  char puzzle[82], budget_text[24];
  unsigned long long parsed_limit = 0;
  if (std::sscanf(line, "%81s %llu %23s", puzzle, &parsed_limit, budget_text) !=
          3 ||
      std::strlen(puzzle) != sudoku::kCells || parsed_limit == 0) {
    return false;
  }
  for (int cell = 0; cell < sudoku::kCells; ++cell) {
    if (puzzle[cell] < '0' || puzzle[cell] > '9') return false;
    givens[cell] = static_cast<uint8_t>(puzzle[cell] - '0');
  }
  limit = static_cast<uint32_t>(parsed_limit);
  budget = std::string_view(budget_text) == "-"
               ? sudoku::kUnlimitedNodes
               : std::strtoull(budget_text, nullptr, 10);
  return true;
}

void Answer(const sudoku::SolveResult& r) {
  char solution[sudoku::kCells + 1] = "-";
  if (r.solutions > 0) {
    for (int cell = 0; cell < sudoku::kCells; ++cell) {
      solution[cell] = static_cast<char>('0' + r.solution[cell]);
    }
    solution[sudoku::kCells] = '\0';
  }
  const std::string_view outcome = OutcomeName(r.outcome);
  std::printf("%.*s %s %llu %u\n", static_cast<int>(outcome.size()),
              outcome.data(), solution,
              static_cast<unsigned long long>(r.nodes), r.solutions);
  // bench waits for this line before it sends the next puzzle.
  std::fflush(stdout);
}

}  // namespace

int main() {
  char line[256];
  while (std::fgets(line, sizeof(line), stdin) != nullptr) {
    sudoku::Grid givens{};
    uint32_t limit = 1;
    uint64_t budget = sudoku::kUnlimitedNodes;
    if (!ParseRequest(line, givens, limit, budget)) {
      std::fprintf(stderr, "exec_bands: not a request: %s", line);
      return 2;
    }
    Answer(sudoku::SolveBands(givens, limit, budget));
  }
  return 0;
}
