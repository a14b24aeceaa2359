// End-to-end tests of bench --plugin: the C example and bands plugins run and
// verify, --list names their files, bad plugins are refused and wrong ones
// caught.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kExample = EXAMPLE_C_PLUGIN;
const std::string kBands = BANDS_PLUGIN;
const std::string kMixed =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/mixed.txt";

std::string Bad(const std::string& name) {
  return std::string(BAD_PLUGIN_DIR) + "/lib" + name + ".so";
}

// strategy -> "outcome nodes" for every line of a --per-puzzle file.
std::map<std::string, std::vector<std::string>> PerStrategy(
    const std::string& csv) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) f.push_back(field);
    if (f.size() < 6) continue;
    out[f[2]].push_back(f[1] + " " + f[3] + " " + f[5]);
  }
  return out;
}

TEST(BenchPlugin, ExampleAndBandsRunEndToEndAndVerify) {
  const std::string per_puzzle = TempPath("plugin_per_puzzle.csv");
  const BenchRun run =
      Bench("-q --progress never --limit 2 --max-nodes 200000 -t 2 --plugin " +
            kExample + " --plugin " + kBands +
            " -s bands,bands-plugin,example-c,bitmask --per-puzzle " +
            per_puzzle + " " + kMixed);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_FALSE(Has(run.err, "WRONG")) << run.err;
  EXPECT_FALSE(Has(run.err, "DISAGREEMENT")) << run.err;
  const auto rows = PerStrategy(ReadFile(per_puzzle));
  ASSERT_EQ(rows.count("bands"), 1u);
  ASSERT_EQ(rows.count("example-c"), 1u);
  EXPECT_GT(rows.at("bands").size(), 1000u);
  // The same source behind the ABI searches exactly as the built-in row.
  EXPECT_EQ(rows.at("bands"), rows.at("bands-plugin"));
  EXPECT_EQ(rows.at("example-c").size(), rows.at("bands").size());
}

TEST(BenchPlugin, AllIncludesLoadedStrategies) {
  const std::string puzzle =
      WriteTempFile("plugin_one.txt", testing::kSamplePuzzle + "\n");
  const std::string csv = TempPath("plugin_all.csv");
  const BenchRun run =
      Bench("-q --progress never --max-nodes 100000 --plugin " + kExample +
            " -s all --csv " + csv + " " + puzzle);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(ReadFile(csv), ",example-c,")) << ReadFile(csv);
  EXPECT_TRUE(Has(ReadFile(csv), ",bands,"));
}

TEST(BenchPlugin, ListNamesWhereEachCameFrom) {
  const BenchRun run =
      Bench("--list --plugin " + kExample + " --plugin " + kBands);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::istringstream lines(run.out);
  std::string line;
  bool example = false, bands_plugin = false, bands = false;
  while (std::getline(lines, line)) {
    if (line.rfind("example-c ", 0) == 0) example = Has(line, kExample);
    if (line.rfind("bands-plugin ", 0) == 0) bands_plugin = Has(line, kBands);
    if (line.rfind("bands ", 0) == 0) bands = Has(line, "built in");
  }
  EXPECT_TRUE(example && bands_plugin && bands) << run.out;
}

TEST(BenchPlugin, UnknownStrategyIsRefusedEvenWithPlugins) {
  const BenchRun run = Bench("--plugin " + kExample + " -s nope x.txt");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "nope")) << run.err;
}

// A refused plugin: exit 2, a message naming the file and the defect, and
// nothing run (no table on standard output).
void ExpectRefused(const std::string& plugins, const std::string& file,
                   const std::string& why) {
  const std::string puzzle =
      WriteTempFile("plugin_refused.txt", testing::kSamplePuzzle + "\n");
  const BenchRun run = Bench(plugins + " -s all " + puzzle);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(Has(run.err, file)) << run.err;
  EXPECT_TRUE(Has(run.err, why)) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(BenchPlugin, NotASharedObjectIsRefused) {
  const std::string text = WriteTempFile("plugin_not_elf.so", "hello\n");
  ExpectRefused("--plugin " + text, text,
                "cannot be loaded as a shared library");
}

TEST(BenchPlugin, MissingFileIsRefused) {
  ExpectRefused("--plugin /no/such/plugin.so", "/no/such/plugin.so",
                "cannot be loaded");
}

TEST(BenchPlugin, MissingEntryPointIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_no_entry"), Bad("bad_no_entry"),
                "exports no sudoku_strategy_table");
}

TEST(BenchPlugin, WrongAbiVersionIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_version"), Bad("bad_version"),
                "built for strategy ABI version 99, but this bench speaks "
                "version 1");
}

TEST(BenchPlugin, EmptyNameIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_empty_name"), Bad("bad_empty_name"),
                "strategy #1 has an empty name");
}

// A name with a space or a newline would break the table, the CSV and -s.
TEST(BenchPlugin, NameWithASpaceIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_spaced_name"), Bad("bad_spaced_name"),
                "strategy #1 has a name with a space or a control character");
}

TEST(BenchPlugin, MissingSolveIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_no_solve"), Bad("bad_no_solve"),
                "strategy #1 'bad' has no solve function");
}

TEST(BenchPlugin, ClashWithBuiltInNamesBoth) {
  ExpectRefused("--plugin " + Bad("bad_builtin_name"), Bad("bad_builtin_name"),
                "'bands' is a duplicate: a strategy 'bands' is already "
                "defined (built in)");
}

TEST(BenchPlugin, DuplicateAcrossPluginsNamesBothFiles) {
  ExpectRefused("--plugin " + kExample + " --plugin " + Bad("bad_same_name"),
                Bad("bad_same_name"), "is already defined (" + kExample + ")");
}

TEST(BenchPlugin, DuplicateInsideOnePluginIsRefused) {
  ExpectRefused("--plugin " + Bad("bad_twice_inside"), Bad("bad_twice_inside"),
                "strategy #2 'twin' is a duplicate");
}

// A plugin that loads but answers wrongly: WRONG with file:line, exit 1.
void ExpectWrong(const std::string& plugin, const std::string& name,
                 const std::string& why) {
  const std::string puzzle =
      WriteTempFile("plugin_wrong.txt", testing::kSamplePuzzle + "\n");
  const BenchRun run = Bench("-q --max-nodes 1000 --plugin " + plugin +
                             " -s bitmask," + name + " " + puzzle);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(
      Has(run.err, puzzle + ":1: WRONG ANSWER from " + name + ": " + why))
      << run.err;
}

TEST(BenchPlugin, WrongGridIsCaught) {
  ExpectWrong(Bad("bad_wrong_grid"), "wrong-grid",
              "returned a grid that is not a solution");
}

TEST(BenchPlugin, NodesAboveBudgetAreCaught) {
  ExpectWrong(Bad("bad_over_budget"), "over-budget",
              "counted 1001 nodes, above the budget of 1000");
}

TEST(BenchPlugin, UnknownOutcomeCodeIsCaught) {
  ExpectWrong(Bad("bad_unknown_outcome"), "unknown-outcome",
              "returned an unknown outcome code (77)");
}

TEST(BenchPlugin, DigitOutsideOneToNineIsCaught) {
  ExpectWrong(Bad("bad_digits"), "bad-digits",
              "returned a grid that is not a solution (cell");
}

}  // namespace
}  // namespace sudoku
