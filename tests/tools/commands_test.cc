// End-to-end tests of the gen, shuffle and convert command lines on small
// inputs, malformed ones included.
#include "tools/commands.h"

#include <gtest/gtest.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <sstream>
#include <utility>

#include "engine/input/puzzle.h"
#include "tests/fixtures.h"
#include "tests/tools/brute_count.h"
#include "tests/tools/tool_run.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;
using testing::MainFn;

Grid Parsed(const std::string& line) {
  Grid grid{};
  EXPECT_EQ(ParseGrid(line.substr(0, kCells), grid), std::nullopt);
  return grid;
}

std::string TempFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(GenCommand, SameOutputForAnyThreadCount) {
  const CommandRun one = Call(GenMain, {"-n", "12", "-s", "5", "-t", "1"});
  const CommandRun two =
      Call(GenMain, {"--count", "12", "--seed", "5", "--threads", "2"});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto lines = Lines(one.out);
  ASSERT_EQ(lines.size(), 12u);
  for (const std::string& line : lines) {
    Grid grid;
    ASSERT_EQ(ParseGrid(line, grid), std::nullopt);
    EXPECT_EQ(testing::BruteCount(grid, 2), 1);
  }
  EXPECT_NE(Call(GenMain, {"-n", "12", "-s", "6"}).out, one.out);
}

TEST(GenCommand, ClueOptions) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"-n", "5", "--clues", "40"},
           {"-n", "5", "--min-clues", "40", "--max-clues", "40"}}) {
    const CommandRun run = Call(GenMain, args);
    ASSERT_EQ(run.code, 0) << run.err;
    for (const std::string& line : Lines(run.out)) {
      EXPECT_EQ(81 - std::count(line.begin(), line.end(), '.'), 40);
    }
  }
}

TEST(GenCommand, BadUsageExitsTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--kind", "hard"},
           {"--clues", "30..20"},
           {"--clues", "12"},  // too few for a unique puzzle
           {"--clues", "30", "--min-clues", "20"},
           {"--solver", "scan"},  // cannot count solutions
           {"--threads", "-1"},
           {"--count", "many"}}) {
    const CommandRun run = Call(GenMain, args);
    EXPECT_EQ(run.code, 2) << args[0] << " " << args[1];
    EXPECT_FALSE(run.err.empty());
    EXPECT_TRUE(run.out.empty());
  }
}

TEST(GenCommand, HelpShowsDefaults) {
  const CommandRun run = Call(GenMain, {"--help"});
  EXPECT_EQ(run.code, 0);
  EXPECT_NE(run.out.find("--count UINT=10"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("=unique"), std::string::npos);
}

// Each tool's --man is a manual page over the same definitions as its
// --help: every long option --help names is in it, roff-escaped.
TEST(ToolCommands, ManPageNamesEveryOptionOfTheHelp) {
  const std::pair<std::string, MainFn> tools[] = {
      {"GEN", GenMain}, {"SHUFFLE", ShuffleMain}, {"CONVERT", ConvertMain}};
  for (const auto& [name, main] : tools) {
    const CommandRun man = Call(main, {"--man"});
    EXPECT_EQ(man.code, 0) << name;
    EXPECT_NE(man.out.find(".TH " + name + " 1 "), std::string::npos)
        << man.out;
    for (const std::string& option :
         testing::LongOptionsAsRoff(Call(main, {"--help"}).out)) {
      EXPECT_NE(man.out.find(option), std::string::npos) << name << option;
    }
  }
}

TEST(GenCommand, UnreachableTargetsExitOne) {
  const CommandRun run =
      Call(GenMain, {"-n", "2", "--clues", "17", "--attempts", "1"});
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("gen: puzzle 0: no unique puzzle with 17 clues"),
            std::string::npos)
      << run.err;
}

TEST(GenCommand, WritesToFile) {
  const std::string path = ::testing::TempDir() + "/gen-out.txt";
  const CommandRun run = Call(GenMain, {"-n", "3", "-o", path});
  ASSERT_EQ(run.code, 0);
  EXPECT_TRUE(run.out.empty());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), Call(GenMain, {"-n", "3"}).out);
}

TEST(ShuffleCommand, InverseRestoresTheInput) {
  const std::string corpus = Call(GenMain, {"-n", "20", "-s", "2"}).out;
  const CommandRun shuffled = Call(ShuffleMain, {"--seed", "9", "-"}, corpus);
  ASSERT_EQ(shuffled.code, 0) << shuffled.err;
  EXPECT_NE(shuffled.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--seed", "9", "-t", "1", "-"}, corpus).out,
            shuffled.out);
  EXPECT_NE(Call(ShuffleMain, {"--seed", "10", "-"}, corpus).out, shuffled.out);
  const CommandRun back =
      Call(ShuffleMain, {"--seed", "9", "--inverse", "-"}, shuffled.out);
  EXPECT_EQ(back.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--canonical", "-"}, shuffled.out).out,
            Call(ShuffleMain, {"--canonical", "-"}, corpus).out);
}

TEST(ShuffleCommand, BadLinesNamedByFileAndLine) {
  const std::string good = Call(GenMain, {"-n", "2"}).out;
  const std::string path =
      TempFile("shuffle-bad.txt", "# two puzzles and a short line\r\n" +
                                      good.substr(0, 82) + "12345\r\n" +
                                      good.substr(82));
  const CommandRun run = Call(ShuffleMain, {path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err, path + ":3: expected 81 cells, found 5\n");
  EXPECT_EQ(Lines(run.out).size(), 2u);
}

TEST(ShuffleCommand, MissingFileExitsTwo) {
  const CommandRun run = Call(ShuffleMain, {"/nonexistent/puzzles.txt"});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("/nonexistent/puzzles.txt"), std::string::npos);
}

TEST(ConvertCommand, RoundTripsThroughEveryFormat) {
  const std::string corpus = Call(GenMain, {"-n", "6", "-s", "4"}).out;
  for (const std::string format : {"sdk", "kaggle", "test"}) {
    const CommandRun there = Call(ConvertMain, {"--to", format, "-"}, corpus);
    ASSERT_EQ(there.code, 0) << format << there.err;
    const CommandRun back =
        Call(ConvertMain, {"--from", format, "--to", "lines", "-"}, there.out);
    EXPECT_EQ(back.code, 0) << format << back.err;
    EXPECT_EQ(back.out, corpus) << format;
  }
}

TEST(ConvertCommand, KaggleNeedsUniquePuzzlesAndTestCountsThem) {
  const std::string unique = Call(GenMain, {"-n", "1"}).out;
  const std::string multiple =
      Call(GenMain, {"-n", "1", "--kind", "multiple"}).out;
  const std::string none =
      Call(GenMain, {"-n", "1", "--kind", "nosolution"}).out;
  const std::string invalid =
      Call(GenMain, {"-n", "1", "--kind", "invalid"}).out;
  const std::string input = unique + multiple + none + invalid;
  const CommandRun kaggle = Call(ConvertMain, {"--to", "kaggle", "-"}, input);
  EXPECT_EQ(kaggle.code, 1);
  EXPECT_EQ(Lines(kaggle.out).size(), 2u);  // the header and one row
  EXPECT_EQ(kaggle.err,
            "-:2: several solutions; Kaggle rows need a unique one\n"
            "-:3: no solution; Kaggle rows need a unique one\n"
            "-:4: invalid givens: " +
                DescribeConflict(*FindConflict(Parsed(invalid))) +
                "; Kaggle rows need a unique one\n");
  const CommandRun test = Call(ConvertMain, {"--to", "test", "-"}, input);
  EXPECT_EQ(test.code, 0) << test.err;
  const auto lines = Lines(test.out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].substr(81, 3), ":1:");
  EXPECT_EQ(lines[0].size(), 81u + 3 + 81);
  EXPECT_EQ(lines[1].substr(81), ":2:");
  EXPECT_EQ(lines[2].substr(81), ":0:");
  EXPECT_EQ(lines[3].substr(81), ":0:");
}

TEST(ConvertCommand, BadInputContinues) {
  const std::string good = Call(GenMain, {"-n", "2"}).out;
  const std::string path = TempFile(
      "convert-bad.sdk",
      "123456789\n\n" + Call(ConvertMain, {"--to", "sdk", "-"}, good).out);
  const CommandRun run = Call(ConvertMain, {"--from", "sdk", path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err, path + ":1: grid has 1 rows, expected 9\n");
  EXPECT_EQ(run.out, good);
}

TEST(ConvertCommand, UnknownFormatExitsTwo) {
  EXPECT_EQ(Call(ConvertMain, {"--from", "csv", "-"}).code, 2);
  EXPECT_EQ(Call(ConvertMain, {}).code, 2);  // no input named
}

TEST(ConvertCommand, ReadsCompressedInputAsBenchDoes) {
  const std::string corpus = Call(GenMain, {"-n", "5", "-s", "9"}).out;
  const std::string gz = ::testing::TempDir() + "/convert-in.txt.gz";
  gzFile file = gzopen(gz.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  gzwrite(file, corpus.data(), static_cast<unsigned>(corpus.size()));
  gzclose(file);
  std::string zst(ZSTD_compressBound(corpus.size()), '\0');
  zst.resize(
      ZSTD_compress(zst.data(), zst.size(), corpus.data(), corpus.size(), 3));
  std::string xz(lzma_stream_buffer_bound(corpus.size()), '\0');
  size_t xz_size = 0;
  ASSERT_EQ(lzma_easy_buffer_encode(
                6, LZMA_CHECK_CRC64, nullptr,
                reinterpret_cast<const uint8_t*>(corpus.data()), corpus.size(),
                reinterpret_cast<uint8_t*>(xz.data()), &xz_size, xz.size()),
            LZMA_OK);
  xz.resize(xz_size);

  const CommandRun from_gz = Call(ConvertMain, {gz});
  EXPECT_EQ(from_gz.code, 0) << from_gz.err;
  EXPECT_EQ(from_gz.out, corpus);
  const CommandRun from_zst =
      Call(ConvertMain, {TempFile("convert-in.txt.zst", zst)});
  EXPECT_EQ(from_zst.code, 0) << from_zst.err;
  EXPECT_EQ(from_zst.out, corpus);
  // Standard input is sniffed too.
  const CommandRun from_xz = Call(ShuffleMain, {"--canonical", "-"}, xz);
  EXPECT_EQ(from_xz.code, 0) << from_xz.err;
  EXPECT_EQ(from_xz.out, Call(ShuffleMain, {"--canonical", "-"}, corpus).out);
  // A cut-off compressed file reports the decoder's reason and exits 2.
  const CommandRun cut =
      Call(ConvertMain, {TempFile("convert-cut.txt.zst", zst.substr(0, 20))});
  EXPECT_EQ(cut.code, 2);
  EXPECT_NE(cut.err.find("zstd"), std::string::npos) << cut.err;
}

TEST(ConvertCommand, ReadsKaggleThreeMillionAndMachineLearningCsv) {
  const std::string corpus = Call(GenMain, {"-n", "3", "-s", "2"}).out;
  const CommandRun test = Call(ConvertMain, {"--to", "test", "-"}, corpus);
  ASSERT_EQ(test.code, 0) << test.err;
  // id,puzzle,solution,clues,difficulty rows, then the ML sets' layout.
  std::string kaggle3m = "id,puzzle,solution,clues,difficulty\n";
  std::string ml = "source,question,answer,rating\n";
  int id = 0;
  for (const std::string& line : Lines(test.out)) {
    const std::string puzzle = line.substr(0, kCells);
    const std::string solution = line.substr(kCells + 3);
    kaggle3m +=
        std::to_string(id++) + "," + puzzle + "," + solution + ",0,1.5\n";
    ml += "\"made, here\"," + puzzle + "," + solution + ",3\n";
  }
  for (const std::string& csv : {kaggle3m, ml}) {
    const CommandRun run = Call(ConvertMain, {"-"}, csv);
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, corpus);
  }
  // A wrong solution column is a bad row, named by line.
  // Swapping two cells of a row of the first solution breaks two columns.
  std::string wrong = kaggle3m;
  const size_t first_solution = wrong.find('\n') + 1 + 2 + kCells + 1;
  std::swap(wrong[first_solution], wrong[first_solution + 1]);
  const CommandRun bad = Call(ConvertMain, {"-"}, wrong);
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(bad.err.substr(0, 4), "-:2:") << bad.err;
}

}  // namespace
}  // namespace sudoku
