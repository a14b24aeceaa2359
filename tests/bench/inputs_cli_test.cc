// bench end to end on inputs known by what they are: an archive refused by
// name, valid compressed files the usual tools write read whole, and a
// per-puzzle file with a hostile dataset name read back by history add.
#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/bench/bench_runner.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;
using testing::WriteTempFile;

const std::string kDatasets = std::string(SUDOKU_SOURCE_DIR) + "/datasets/";

std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->name()) + "." + suffix);
}

// Runs a shell command, true when it exits 0.
bool Shell(const std::string& command) {
  return std::system(command.c_str()) == 0;
}

TEST(InputsCli, ATarGzDatasetIsRefusedByNameWithExitTwo) {
  const std::string folder = TestPath("tar");
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file(kDatasets + "easy.txt", folder + "/easy.txt",
                             std::filesystem::copy_options::overwrite_existing);
  const std::string archive = TestPath("set.tar.gz");
  ASSERT_TRUE(Shell("tar -czf '" + archive + "' -C '" + folder + "' easy.txt"));
  const std::string before = ReadFile(archive);
  const BenchRun run = Bench("-q --progress never -s dlx '" + archive + "'");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(Has(run.err, archive +
                               " is a tar archive (gzip-compressed), not a "
                               "dataset of lines: extract it (tar -xf) and "
                               "name the file inside"))
      << run.err;
  EXPECT_EQ(ReadFile(archive), before);
}

TEST(InputsCli, ZstdWithASkippableFrameFirstAndPaddedGzipRead) {
  const std::string easy = ReadFile(kDatasets + "easy.txt");
  std::string zst(ZSTD_compressBound(easy.size()), '\0');
  zst.resize(ZSTD_compress(zst.data(), zst.size(), easy.data(), easy.size(), 3));
  // What pzstd writes first: a skippable frame of 4 bytes (the size of the
  // frame that follows; any payload is skipped).
  const std::string skippable = std::string("\x50\x2a\x4d\x18\x04\0\0\0", 8) +
                                std::string("\x10\0\0\0", 4);
  const std::string framed = WriteTempFile("framed.zst", skippable + zst);
  // gzip's own output, padded with zeros to a tar block as tape tools do.
  const std::string gz = TestPath("plain.gz");
  ASSERT_TRUE(Shell("gzip -c '" + kDatasets + "easy.txt' > '" + gz + "'"));
  const std::string gzip = ReadFile(gz);
  const std::string padded = WriteTempFile(
      "padded.gz", gzip + std::string(10240 - gzip.size() % 10240, '\0'));
  const std::string pp = TestPath("pp.csv");
  // The last line of the --per-puzzle file of a run over `path`.
  const auto last_row = [&pp](const std::string& path, BenchRun& run) {
    run = Bench("-q --progress never -s dlx --per-puzzle '" + pp + "' '" +
                path + "'");
    const auto lines = testing::Lines(ReadFile(pp));
    return lines.empty() ? std::string() : lines.back();
  };
  BenchRun run;
  const std::string expected = last_row(kDatasets + "easy.txt", run);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const std::string& path : {framed, padded}) {
    const std::string before = ReadFile(path);
    const std::string row = last_row(path, run);
    EXPECT_EQ(run.exit_code, 0) << path << ": " << run.err;
    // Every line read: the last puzzle's line and nodes are the plain
    // file's.
    const auto last = testing::Fields(row);
    const auto want = testing::Fields(expected);
    ASSERT_EQ(last.size(), 6u) << run.out;
    EXPECT_EQ(last[1], want[1]);
    EXPECT_EQ(last[5], want[5]);
    EXPECT_EQ(ReadFile(path), before);
  }
}

TEST(InputsCli, APerPuzzleFileWithALineBreakInTheDatasetNameIsRecorded) {
  const std::string folder = TestPath("odd");
  std::filesystem::create_directories(folder);
  const std::string dataset = folder + "/two\nlines, \"quoted\".txt";
  std::filesystem::copy_file(kDatasets + "minimal.txt", dataset,
                             std::filesystem::copy_options::overwrite_existing);
  const std::string csv = TestPath("r.csv"), pp = TestPath("r.pp");
  // The shell's single quotes keep the line break; the name holds none.
  const BenchRun run =
      Bench("-q --progress never -s dlx --csv '" + csv + "' --per-puzzle '" +
            pp + "' '" + dataset + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string db = TestPath("sqlite");
  std::filesystem::remove(db);
  const BenchRun add = Bench("history add '" + csv + "' --per-puzzle '" + pp +
                             "' --commit c1 --db '" + db + "'");
  EXPECT_EQ(add.exit_code, 0) << add.err;
}

}  // namespace
}  // namespace sudoku
