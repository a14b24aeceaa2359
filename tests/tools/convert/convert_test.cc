// End-to-end tests of the convert command line: every format both ways,
// solving for Kaggle and test rows, bad and compressed input.
#include <gtest/gtest.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <utility>

#include "engine/input/puzzle.h"
#include "tests/fixtures.h"
#include "tests/tools/tool_run.h"
#include "tools/convert/convert_command.h"
#include "tools/gen/gen_command.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;

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
