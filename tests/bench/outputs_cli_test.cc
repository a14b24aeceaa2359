// The subcommands' outputs end to end: an output of `bench compare`, `bench
// merge`, `bench history` or `bench bisect` on one of its inputs' paths, or
// on another output's, is refused before anything is written (exit 2,
// naming both), and the input stays byte for byte as it was.
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

const std::string kEasy = std::string(SUDOKU_SOURCE_DIR) + "/datasets/easy.txt";

// "PROGRAM: OPTION OUTPUT names the same file as WHAT INPUT: ...".
std::string OnInput(const std::string& program, const std::string& option,
                    const std::string& output, const std::string& what,
                    const std::string& input) {
  return program + ": " + option + " " + output + " names the same file as " +
         what + " " + input +
         ": writing it would destroy the input; choose another path\n";
}

// A CSV report of the easy dataset, `name` in the test's folder.
std::string Report(const std::string& name) {
  const std::string csv = TempPath(name);
  const BenchRun run = Bench("-q -t 1 -s dlx --csv " + csv + " " + kEasy);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return csv;
}

TEST(OutputsCli, CompareRefusesAnOutputOnEitherReport) {
  const std::string baseline = Report("outputs_baseline.csv");
  const std::string current = Report("outputs_current.csv");
  const std::string base_text = ReadFile(baseline);
  const std::string current_text = ReadFile(current);
  for (const std::string option : {"--json", "--html", "--bigger-is-better",
                                   "--smaller-is-better", "--bencher"}) {
    SCOPED_TRACE(option);
    BenchRun run = Bench("compare " + baseline + " " + current + " " + option +
                         " " + baseline);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, OnInput("bench compare", option, baseline,
                               "the baseline", baseline));
    run = Bench("compare " + baseline + " " + current + " " + option + " " +
                current);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err, OnInput("bench compare", option, current,
                               "the current report", current));
    EXPECT_EQ(ReadFile(baseline), base_text);
    EXPECT_EQ(ReadFile(current), current_text);
  }
  const std::string page = TempPath("outputs_page.out");
  std::filesystem::remove(page);
  const BenchRun two = Bench("compare " + baseline + " " + current +
                             " --json " + page + " --html " + page);
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_TRUE(testing::Has(two.err, "bench compare: --html " + page +
                                        " names the same file as --json"))
      << two.err;
  EXPECT_FALSE(std::filesystem::exists(page));
}

TEST(OutputsCli, MergeRefusesAnOutputOnAPart) {
  std::string parts;
  for (const std::string k : {"1", "2"}) {
    const std::string part = TempPath("outputs_part" + k + ".json");
    const BenchRun run = Bench("-q -t 1 -s dlx --shard " + k + "/2 --stats " +
                               part + " " + kEasy);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    parts += " " + part;
  }
  const std::string second = TempPath("outputs_part2.json");
  const std::string text = ReadFile(second);
  for (const std::string option : {"--csv", "--html"}) {
    const BenchRun run = Bench("merge" + parts + " " + option + " " + second);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.err,
              OnInput("bench merge", option, second, "the part", second));
    EXPECT_EQ(ReadFile(second), text);
  }
  const std::string both = TempPath("outputs_merged.out");
  const BenchRun run =
      Bench("merge" + parts + " --csv " + both + " --html " + both);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(testing::Has(run.err, "--html " + both)) << run.err;
}

TEST(OutputsCli, HistoryRefusesAnOutputOnTheDatabaseOrAReport) {
  const std::string report = Report("outputs_history.csv");
  const std::string report_text = ReadFile(report);
  const std::string db = TempPath("outputs_history.sqlite");
  std::filesystem::remove(db);
  ASSERT_EQ(Bench("history add --db " + db + " --commit c1 " + report)
                .exit_code,
            0);
  const std::string db_text = ReadFile(db);
  const std::pair<std::string, std::string> cases[] = {
      {"history --db " + db + " --html " + db, "--html"},
      {"history show --db " + db + " --bencher " + db, "--bencher"},
      {"history check --db " + db + " --json " + db, "--json"},
  };
  for (const auto& [args, option] : cases) {
    const BenchRun run = Bench(args);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_EQ(run.err, OnInput("bench history", option, db, "--db", db));
    EXPECT_EQ(ReadFile(db), db_text);
  }
  // add writes the database: never over a report it reads.
  const BenchRun add =
      Bench("history add --db " + report + " --commit c2 " + report);
  EXPECT_EQ(add.exit_code, 2);
  EXPECT_EQ(add.err,
            OnInput("bench history", "--db", report, "the report", report));
  EXPECT_EQ(ReadFile(report), report_text);
}

TEST(OutputsCli, BisectRefusesItsPerPuzzleFileOnADataset) {
  const std::string data =
      WriteTempFile("outputs_bisect.txt", ReadFile(kEasy));
  const std::string text = ReadFile(data);
  const BenchRun run =
      Bench("bisect --good HEAD~1 --build true --plugin lib.so -s toy "
            "--per-puzzle " +
            data + " -- --limit 2 " + data);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            OnInput("bench bisect", "--per-puzzle", data, "the dataset", data));
  EXPECT_EQ(ReadFile(data), text);
}

}  // namespace
}  // namespace sudoku
