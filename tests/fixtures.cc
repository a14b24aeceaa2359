// What the tests share: the seed fixtures (tests/data/seed-nodes.txt), a
// sample puzzle, grid and strategy look-ups, temporary files, help text.
#include "tests/fixtures.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
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

std::string TempPath(const std::string& name) {
  static const std::string dir = [] {
    std::string path = ::testing::TempDir();
    if (!path.ends_with("/")) path += "/";
    path += "sudoku-bench-" + std::to_string(getpid()) + "/";
    std::filesystem::create_directories(path);
    return path;
  }();
  return dir + name;
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
