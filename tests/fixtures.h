// What the tests share: the seed fixtures (tests/data/seed-nodes.txt), a
// sample puzzle, grid and strategy look-ups, temporary files, help text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "strategies/strategy.h"

namespace sudoku::testing {

// A unique puzzle (the fixtures' first line) and its solution, for tests
// that need one concrete grid.
inline const std::string kSamplePuzzle =
    "86...........91.68.234....5....1........53.863.....9..67.1.42...3...5...1."
    "2......";
inline const std::string kSampleSolution =
    "86153749254729136892346817579681254321495378635874692167518423943962581718"
    "2379654";

struct SeedFixture {
  int line = 0;
  std::string text;
  Grid puzzle{};
  bool invalid = false;
  int64_t nodes_first = -1;  // -1: not known
  int64_t nodes_all = -1;    // -1: the whole tree was too big to finish
  int64_t solutions = -1;    // -1: not known
  bool has_solution = false;
  Grid first_solution{};
};

// The grid `text` spells; fails the test when it is not one.
Grid ParsedGrid(const std::string& text);

// The one solution of `text`, as 81 digits (simd's); fails the test when
// `text` is no grid or has not exactly one solution.
std::string UniqueSolutionText(const std::string& text);

// The registered strategy called `name`; fails the test when there is none.
const Strategy& RegisteredStrategy(const std::string& name);

// Every fixture of tests/data/seed-nodes.txt; fails the test on a bad line.
const std::vector<SeedFixture>& SeedFixtures();

// Path of a file under tests/data.
std::string TestDataPath(const std::string& name);

// This test process's own temporary folder, so that concurrent runs of the
// suite never share a file: made under $TMPDIR (else /tmp) before the first
// test (tests/test_main.cc), which also points TMPDIR and TEST_TMPDIR at
// it, so ::testing::TempDir(), std::filesystem::temp_directory_path() and
// the programs a test starts all write inside. Removed with all it holds
// when the tests end, pass or fail (RemoveTempRoot).
const std::string& TempRoot();

// Removes TempRoot() when this process made it; at the end of the tests,
// and at exit.
void RemoveTempRoot();

// A path for `name` in TempRoot().
std::string TempPath(const std::string& name);

// Writes `content` to a fresh file in the test's temporary directory and
// returns its path.
std::string WriteTempFile(const std::string& name, const std::string& content);

// The whole content of a file ("" when it cannot be read).
std::string ReadFile(const std::string& path);

// Every long option ("--name") that `help` names, each once, as a manual
// page spells it in roff ("\\-\\-name"): to check a page against --help.
std::vector<std::string> LongOptionsAsRoff(const std::string& help);

}  // namespace sudoku::testing
