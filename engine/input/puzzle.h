// The puzzle model: parse and format 81-character grids, check givens and
// solutions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/strategy.h"

namespace sudoku {

// Parses exactly 81 cells: '1'..'9' are givens, '.' and '0' are blanks.
// On failure returns a reason such as "expected 81 cells, found 80" or
// "bad character 'x' at column 12"; on success std::nullopt.
std::optional<std::string> ParseGrid(std::string_view text, Grid& grid);

// 81 characters, '.' for a blank.
std::string FormatGrid(const Grid& grid);

enum class Unit : uint8_t { kRow, kColumn, kBox };

// Two cells of one unit holding the same digit.
struct Conflict {
  int digit;
  Unit unit;
  int unit_index;  // 0-based
  int first_cell;  // 0-based, row-major; first_cell < second_cell
  int second_cell;
};

// The first clash among the givens, after seed 002's "Valid Sudoku": cells
// are read in row-major order and each digit is checked against its row,
// column and box in that order.
std::optional<Conflict> FindConflict(const Grid& grid);

// "digit 5 twice in row 3 (r3c2 and r3c7)", 1-based as people count.
std::string DescribeConflict(const Conflict& conflict);

// Why `candidate` is not a solution of `givens` ("cell r1c3 is empty",
// "cell r2c4 changes given 7 to 3", or a conflict), or std::nullopt when it
// is one: full, breaks no rule and keeps every given.
std::optional<std::string> CheckSolution(const Grid& givens,
                                         const Grid& candidate);

// CheckSolution's verdict alone, without building a string to return: the
// engine verifies every answer of every strategy with it.
bool IsSolution(const Grid& givens, const Grid& candidate);

// The builds of IsSolution and of FindConflict's clash test, one an
// instruction set; both run the best one the CPU has. Named so that the
// tests check every build a machine can run, not only the one it would
// choose (x86-64 machines never choose portable).
enum class AnswerCheck { kPortable, kSsse3, kAvx2 };
std::string_view AnswerCheckName(AnswerCheck check);
// The builds this CPU runs, portable first.
std::vector<AnswerCheck> AnswerChecksHere();
// IsSolution by the given build, which must be one of AnswerChecksHere();
// IsSolution itself is IsSolutionBy(AnswerChecksHere().back(), ...).
bool IsSolutionBy(AnswerCheck check, const Grid& givens, const Grid& candidate);
// Whether some digit repeats in a row, column or box (FindConflict's test,
// before it looks for the first clash), by the given build. Blanks are 0;
// values above 9 count as blanks in the vector builds.
bool HasConflictBy(AnswerCheck check, const Grid& grid);

}  // namespace sudoku
