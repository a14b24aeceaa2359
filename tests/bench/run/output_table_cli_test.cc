// The run's table of outputs end to end: an output on an input's path or on
// another output's is refused before anything is written (exit 2, naming
// both), whatever option names it and however the path is spelled; the
// input stays byte for byte as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/bench/bench_runner.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kSource = SUDOKU_SOURCE_DIR;

// A copy of the shipped easy dataset, the test's own.
std::string Copy(const std::string& name) {
  return WriteTempFile(name, ReadFile(kSource + "/datasets/easy.txt"));
}

std::string OnInput(const std::string& option, const std::string& output,
                    const std::string& what, const std::string& input) {
  return "bench: " + option + " " + output + " names the same file as " +
         what + " " + input +
         ": writing it would destroy the input; choose another path\n";
}

TEST(OutputTableCli, EveryOutputOnTheDatasetIsRefusedAndTheDatasetKept) {
  for (const std::string option : {"--csv", "--html", "--per-puzzle",
                                   "--solutions", "--stats", "--checkpoint"}) {
    SCOPED_TRACE(option);
    const std::string data = Copy("clash" + option.substr(1) + ".txt");
    const std::string before = ReadFile(data);
    const BenchRun run = Bench("-q -s dlx " + option + " " + data + " " + data);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, OnInput(option, data, "the dataset", data));
    EXPECT_EQ(ReadFile(data), before);
  }
}

TEST(OutputTableCli, AnotherSpellingALinkOrAHardLinkIsTheSameFile) {
  const std::string data = Copy("clash_spelt.txt");
  const std::string before = ReadFile(data);
  const std::filesystem::path path(data);
  const std::string dotted =
      (path.parent_path() / "." / path.filename()).string();
  const std::string soft = TempPath("clash_soft.txt");
  const std::string hard = TempPath("clash_hard.txt");
  std::filesystem::remove(soft);
  std::filesystem::remove(hard);
  std::filesystem::create_symlink(data, soft);
  std::filesystem::create_hard_link(data, hard);
  for (const std::string& output : {dotted, soft, hard}) {
    SCOPED_TRACE(output);
    const BenchRun run = Bench("-q -s dlx --csv " + output + " " + data);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, OnInput("--csv", output, "the dataset", data));
    EXPECT_EQ(ReadFile(data), before);
  }
}

TEST(OutputTableCli, TwoOutputsOnOneFileAreRefused) {
  const std::string data = Copy("clash_two.txt");
  // A file not yet made: neither is made.
  const std::string fresh = TempPath("clash_fresh.out");
  std::filesystem::remove(fresh);
  BenchRun run = Bench("-q -s dlx --csv " + fresh + " --html " + fresh + " " +
                       data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "bench: --html " + fresh + " names the same file as --csv " +
                         fresh +
                         ": one would overwrite the other; choose another "
                         "path\n");
  EXPECT_FALSE(std::filesystem::exists(fresh));
  // A file that exists: it is left as it was.
  const std::string kept = WriteTempFile("clash_kept.out", "keep me\n");
  run = Bench("-q -s dlx --per-puzzle " + kept + " --solutions " + kept + " " +
              data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(testing::Has(run.err, "--solutions " + kept +
                                        " names the same file as --per-puzzle"))
      << run.err;
  EXPECT_EQ(ReadFile(kept), "keep me\n");
  // --shard's stats beside its CSV by default; named on the CSV, they clash.
  run = Bench("-q -s dlx --shard 1/2 --csv " + kept + " --stats " + kept + " " +
              data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(testing::Has(run.err, "--stats " + kept)) << run.err;
  EXPECT_EQ(ReadFile(kept), "keep me\n");
}

TEST(OutputTableCli, APluginOrAResumedCheckpointIsAnInputToo) {
  const std::string data = Copy("clash_inputs.txt");
  const std::string plugin = TempPath("clash_plugin.so");
  std::filesystem::copy_file(BANDS_PLUGIN, plugin,
                             std::filesystem::copy_options::overwrite_existing);
  const std::string library = ReadFile(plugin);
  BenchRun run = Bench("-q --plugin " + plugin + " --solutions " + plugin +
                       " " + data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, OnInput("--solutions", plugin, "--plugin", plugin));
  EXPECT_EQ(ReadFile(plugin), library);
  // --resume OLD --checkpoint NEW reads OLD: no output may take its path.
  const std::string old = WriteTempFile("clash_old.json", "{}\n");
  run = Bench("-q -s dlx --resume " + old + " --checkpoint " +
              TempPath("clash_new.json") + " --csv " + old + " " + data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, OnInput("--csv", old, "--resume", old));
  EXPECT_EQ(ReadFile(old), "{}\n");
}

TEST(OutputTableCli, DevicesAndStandardOutputNeverClash) {
  const std::string data = Copy("clash_devices.txt");
  const BenchRun run = Bench("-q -s dlx --csv /dev/null --html /dev/null "
                             "--per-puzzle - " +
                             data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(testing::Has(run.out, "clash_devices.txt,")) << run.out;
}

TEST(OutputTableCli, AMissingDatasetIsSaidBeforeTheFirstSolve) {
  const std::string data = Copy("clash_first.txt");
  const std::string missing = TempPath("clash_missing.txt");
  const BenchRun run = Bench("-s dlx --progress never " + data + " " + missing);
  EXPECT_EQ(run.exit_code, 2);
  // Said first, before the table of the dataset that can be read.
  EXPECT_EQ(run.err.find("bench: cannot open " + missing), 0u) << run.err;
  EXPECT_TRUE(testing::Has(run.out, "clash_first.txt: 5,000 puzzle lines"))
      << run.out;
}

TEST(OutputTableCli, DatasetsOfOneNameGetAReportItsToolsTake) {
  const std::string data = Copy("clash_named.txt");
  const std::string folder = TempPath("clash_folder");
  std::filesystem::create_directories(folder);
  const std::string other = folder + "/clash_named.txt";
  std::filesystem::copy_file(data, other,
                             std::filesystem::copy_options::overwrite_existing);
  const std::string csv = TempPath("clash_named.csv");
  const BenchRun run =
      Bench("-q -s dlx --csv " + csv + " " + data + " " + other + " " + data);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Each named by the folder that tells it from the other.
  const std::string mine =
      std::filesystem::path(data).parent_path().filename().string() +
      "/clash_named.txt";
  const auto lines = testing::Lines(ReadFile(csv));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(testing::Fields(lines[1])[0], mine);
  EXPECT_EQ(testing::Fields(lines[2])[0], "clash_folder/clash_named.txt");
  EXPECT_EQ(testing::Fields(lines[3])[0], mine + " (2)");
  // Each row has a key of its own: compare and history add take the report.
  const BenchRun compared = Bench("compare " + csv + " " + csv);
  EXPECT_EQ(compared.exit_code, 0) << compared.out << compared.err;
  const std::string db = TempPath("clash_named.sqlite");
  std::filesystem::remove(db);
  const BenchRun added =
      Bench("history add --db " + db + " --commit c1 " + csv);
  EXPECT_EQ(added.exit_code, 0) << added.err;
}

}  // namespace
}  // namespace sudoku
