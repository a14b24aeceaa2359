// What the tests share: the seed fixtures (tests/data/seed-nodes.txt), a
// sample puzzle, grid and strategy look-ups, temporary files, help text.
#include "tests/fixtures.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/input/puzzle.h"
#include "strategies/registry.h"

namespace sudoku::testing {

Grid ParsedGrid(const std::string& text) {
  Grid grid{};
  EXPECT_EQ(ParseGrid(text, grid), std::nullopt) << text;
  return grid;
}

std::string UniqueSolutionText(const std::string& text) {
  const SolveResult result =
      RegisteredStrategy("simd").Solve(ParsedGrid(text), 1, kUnlimitedNodes);
  EXPECT_EQ(result.solutions, 1u) << text;
  return FormatGrid(result.solution);
}

const Strategy& RegisteredStrategy(const std::string& name) {
  const Strategy* strategy = FindStrategy(name);
  if (strategy == nullptr) {
    ADD_FAILURE() << "no strategy named " << name;
    return AllStrategies().front();
  }
  return *strategy;
}

std::string TestDataPath(const std::string& name) {
  return std::string(SUDOKU_TEST_DATA_DIR) + "/" + name;
}

namespace {

std::string& TempRootPath() {
  static std::string path;
  return path;
}

pid_t& TempRootOwner() {
  static pid_t owner = 0;
  return owner;
}

}  // namespace

const std::string& TempRoot() {
  std::string& root = TempRootPath();
  if (!root.empty()) return root;
  // Under the folder the run was given (TEST_TMPDIR, TMPDIR, else /tmp),
  // read before it is pointed here.
  std::string pattern = ::testing::TempDir();
  if (!pattern.ends_with("/")) pattern += "/";
  pattern += "sudoku-bench-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "cannot make a temporary folder " << pattern;
    pattern = "/tmp";
    return root = pattern;
  }
  root = pattern;
  // Readable as a folder made by create_directories is (mkdtemp makes it
  // 0700): a test that drops to the user nobody reads a file inside.
  chmod(root.c_str(), 0755);
  TempRootOwner() = getpid();
  // So that ::testing::TempDir(), std::filesystem::temp_directory_path()
  // and every program a test starts write inside it too.
  setenv("TEST_TMPDIR", root.c_str(), 1);
  setenv("TMPDIR", root.c_str(), 1);
  // Also when a test calls exit() or the tests are only listed; a child a
  // test forked, which runs this at its own exit(), leaves it alone.
  std::atexit(RemoveTempRoot);
  return root;
}

void RemoveTempRoot() {
  std::string& root = TempRootPath();
  if (root.empty() || root == "/tmp" || TempRootOwner() != getpid()) return;
  std::error_code ignored;  // a file a stray child still writes: left
  std::filesystem::remove_all(root, ignored);
  root.clear();
}

std::string TempPath(const std::string& name) {
  return TempRoot() + "/" + name;
}

std::string WriteTempFile(const std::string& name, const std::string& content) {
  const std::string path = TempPath(name);
  std::ofstream out(path, std::ios::binary);
  out << content;
  if (!out) ADD_FAILURE() << "cannot write " << path;
  return path;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

namespace {

std::vector<SeedFixture> LoadSeedFixtures() {
  std::vector<SeedFixture> fixtures;
  const std::string path = TestDataPath("seed-nodes.txt");
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot open " << path;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    SeedFixture f;
    f.line = number;
    std::string second, solution;
    fields >> f.text >> second;
    if (auto error = ParseGrid(f.text, f.puzzle)) {
      ADD_FAILURE() << path << ":" << number << ": " << *error;
      continue;
    }
    if (second == "invalid") {
      f.invalid = true;
    } else {
      f.nodes_first = std::stoll(second);
      fields >> f.nodes_all >> f.solutions >> solution;
      if (!fields) ADD_FAILURE() << path << ":" << number << ": short line";
      if (solution != "-") {
        f.has_solution = true;
        if (auto error = ParseGrid(solution, f.first_solution)) {
          ADD_FAILURE() << path << ":" << number << ": " << *error;
        }
      }
    }
    fixtures.push_back(f);
  }
  return fixtures;
}

}  // namespace

const std::vector<SeedFixture>& SeedFixtures() {
  static const std::vector<SeedFixture> fixtures = LoadSeedFixtures();
  return fixtures;
}

std::vector<std::string> LongOptionsAsRoff(const std::string& help) {
  std::vector<std::string> options;
  for (size_t at = help.find("--"); at != std::string::npos;
       at = help.find("--", at + 2)) {
    size_t end = at + 2;
    while (end < help.size() &&
           (std::islower(static_cast<unsigned char>(help[end])) ||
            help[end] == '-')) {
      ++end;
    }
    std::string roff;
    for (const char c : help.substr(at, end - at)) {
      roff += c == '-' ? "\\-" : std::string(1, c);
    }
    if (std::find(options.begin(), options.end(), roff) == options.end()) {
      options.push_back(roff);
    }
  }
  return options;
}

}  // namespace sudoku::testing
