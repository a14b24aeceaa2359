// The resolve step in process: the mode each command line gets, the table of
// its outputs, the combinations refused, the files checked, --resume alone.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <sstream>
#include <vector>

#include "bench/run/plan_checks.h"
#include "bench/run/run_plan.h"
#include "engine/compare/ab_verdict.h"
#include "engine/report/report.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

// A command line parsed as bench parses a run's.
struct Parsed {
  CLI::App app;
  RunCommandOptions options;
  RunCommandCli cli;
  std::vector<std::string> args;
};

std::unique_ptr<Parsed> Parse(const std::vector<std::string>& args) {
  auto parsed = std::make_unique<Parsed>();
  parsed->cli.Setup(parsed->app, parsed->options);
  parsed->args = args;
  std::vector<std::string> words(args.rbegin(), args.rend());
  parsed->app.parse(words);
  return parsed;
}

struct Resolution {
  std::unique_ptr<const RunPlan> plan;
  std::string err;
};

Resolution Resolve(const std::vector<std::string>& args) {
  const auto parsed = Parse(args);
  std::ostringstream err;
  auto plan =
      ResolvePlan(parsed->options, parsed->cli, parsed->args, nullptr, err);
  return {std::move(plan), err.str()};
}

std::string Dataset() {
  return WriteTempFile("plan_data.txt", testing::kSamplePuzzle + "\n");
}

std::vector<OutputWriter> Writers(const OutputTable& table) {
  std::vector<OutputWriter> writers;
  for (const OutputFile& row : table) writers.push_back(row.writer);
  return writers;
}

TEST(ResolvePlan, ChoosesOneModeForEachShapeOfRun) {
  const std::string data = Dataset();
  EXPECT_EQ(Resolve({data}).plan->mode, RunMode::kOnePass);
  EXPECT_EQ(Resolve({"--repeat", "3", data}).plan->mode, RunMode::kRounds);
  const Resolution ab = Resolve({"--ab", "bitmask,dlx", data});
  ASSERT_NE(ab.plan, nullptr) << ab.err;
  EXPECT_EQ(ab.plan->mode, RunMode::kAb);
  ASSERT_EQ(ab.plan->run.strategies.size(), 2u);
  EXPECT_EQ(ab.plan->run.strategies[1]->name, "dlx");
  EXPECT_TRUE(ab.plan->run.alternate_order);
  const std::string checkpoint = TempPath("plan_ck.json");
  const Resolution kept = Resolve({"--checkpoint", checkpoint, data});
  ASSERT_NE(kept.plan, nullptr) << kept.err;
  EXPECT_EQ(kept.plan->mode, RunMode::kCheckpoint);
  EXPECT_EQ(kept.plan->checkpoint.path, checkpoint);
  ASSERT_EQ(kept.plan->checkpoint.datasets.size(), 1u);
  EXPECT_EQ(kept.plan->checkpoint.args,
            (std::vector<std::string>{"--checkpoint", checkpoint, data}));
  const Resolution part =
      Resolve({"--shard", "2/3", "--csv", TempPath("plan_part.csv"), data});
  ASSERT_NE(part.plan, nullptr) << part.err;
  EXPECT_EQ(part.plan->mode, RunMode::kOnePass);
  EXPECT_EQ(part.plan->run.shard.Name(), "2/3");
  EXPECT_FALSE(part.plan->per_puzzle_header);  // part 1's
}

TEST(ResolvePlan, InstructionsAddACountToOnePassOrRounds) {
  const std::string data = Dataset();
  EXPECT_EQ(Resolve({data}).plan->instructions.sample, 0u);
  const Resolution counted =
      Resolve({"--instructions", "-s", "bitmask", data});
  ASSERT_NE(counted.plan, nullptr) << counted.err;
  EXPECT_EQ(counted.plan->instructions.sample, 200u);  // the default N
  EXPECT_EQ(counted.plan->instructions.by, "auto");
  EXPECT_EQ(counted.plan->mode, RunMode::kOnePass);
  const Resolution rounds = Resolve({"--instructions=50", "--instructions-by",
                                     "callgrind", "--repeat", "3", data});
  ASSERT_NE(rounds.plan, nullptr) << rounds.err;
  EXPECT_EQ(rounds.plan->instructions.sample, 50u);
  EXPECT_EQ(rounds.plan->instructions.by, "callgrind");
  EXPECT_EQ(rounds.plan->mode, RunMode::kRounds);
  // The child under callgrind toggles collection around its solve calls.
  EXPECT_EQ(Resolve({"--instructions-child", data}).plan->run.count_instructions,
            InstructionCount::kCallgrind);
  EXPECT_EQ(Resolve({data}).plan->run.count_instructions,
            InstructionCount::kOff);
}

TEST(ResolvePlan, TheEngineOptionsComeFromTheCommandLine) {
  const Resolution r =
      Resolve({"-s", "dlx,bitmask,dlx", "--limit", "2", "--reference",
               "bitmask", "--max-nodes", "99", "-t", "3", Dataset()});
  ASSERT_NE(r.plan, nullptr) << r.err;
  const RunOptions& run = r.plan->run;
  ASSERT_EQ(run.strategies.size(), 2u);  // dlx named twice runs once
  EXPECT_EQ(run.strategies[0]->name, "dlx");
  EXPECT_EQ(run.reference, 1);
  EXPECT_EQ(run.solution_limit, 2u);
  EXPECT_EQ(run.max_nodes, 99u);
  EXPECT_EQ(run.threads, 3);
}

TEST(ResolvePlan, TheOutputTableHasARowPerFileInOneOrder) {
  const Resolution r = Resolve({"--html", "h", "--stats", "st", "--solutions",
                                "so", "--per-puzzle", "pp", "--csv", "c",
                                Dataset()});
  ASSERT_NE(r.plan, nullptr) << r.err;
  const OutputTable& table = r.plan->outputs;
  EXPECT_EQ(Writers(table),
            (std::vector<OutputWriter>{
                OutputWriter::kConsoleTable, OutputWriter::kCsv,
                OutputWriter::kPerPuzzle, OutputWriter::kSolutions,
                OutputWriter::kStats, OutputWriter::kHtml,
                OutputWriter::kCrashCsv}));
  EXPECT_EQ(table[1].option, "--csv");
  EXPECT_EQ(table[5].path, "h");
  EXPECT_EQ(table.back().path, "c");  // the crash handler's --csv file
  // The console table and the crash-time CSV open no file of their own.
  EXPECT_EQ(OutputPaths(table).size(), 5u);
  EXPECT_EQ(Writers(Resolve({"-q", Dataset()}).plan->outputs),
            std::vector<OutputWriter>{});
}

TEST(MakeOutputTable, DefaultsAndMpiParts) {
  RunCommandOptions o;
  o.csv = "part.csv";
  o.shard = "1/2";
  o.resume = "ck.json";
  o.per_puzzle = "pp";
  const OutputTable table = MakeOutputTable(o, std::nullopt);
  EXPECT_EQ(FindOutput(table, OutputWriter::kStats)->path,
            "part.csv.stats.json");
  EXPECT_EQ(FindOutput(table, OutputWriter::kCheckpoint)->path, "ck.json");
  const OutputTable ranks = MakeOutputTable(o, Shard{2, 3});
  EXPECT_EQ(FindOutput(ranks, OutputWriter::kPerPuzzle)->rank_part,
            "pp.part-2-of-3");
  EXPECT_EQ(FindOutput(ranks, OutputWriter::kCrashCsv), nullptr);
  ASSERT_EQ(RankPartRows(ranks).size(), 1u);
  EXPECT_EQ(RankPartRows(ranks)[0].path, "pp.part-2-of-3");
  EXPECT_EQ(MergedRows(ranks).size(), ranks.size() - 1);
}

TEST(ResolvePlan, OneOutputAtMostOnStandardOutput) {
  const Resolution one = Resolve({"--csv", "-", Dataset()});
  ASSERT_NE(one.plan, nullptr) << one.err;
  EXPECT_EQ(StdoutOptions(one.plan->outputs),
            std::vector<std::string>{"--csv"});
  const Resolution two = Resolve({"--html", "-", "--csv", "-", Dataset()});
  EXPECT_EQ(two.plan, nullptr);
  EXPECT_EQ(two.err,
            "bench: --csv - and --html - would mix in standard output; give "
            "one of them a file\n");
}

TEST(ResolvePlan, RefusesWhatDoesNotCombineSayingWhy) {
  const std::string data = Dataset();
  const std::string ck = TempPath("plan_refused.json");
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--repeat", "2", "--per-puzzle", "p", data},
       "--repeat measures strategies"},
      {{"--reference", "dlx", data}, "--reference needs --limit 2"},
      {{"--limit", "2", "--reference", "dlx", "--repeat", "2", data},
       "--reference does not combine with --repeat"},
      {{"--shard", "3/2", "--csv", "c", data}, "--shard 3/2: K must be"},
      {{"--shard", "1/2", "--lines", "5", "--csv", "c", data},
       "--shard reads every line of its part"},
      {{"--shard", "1/2", "--csv", "c", "-"}, "standard input cannot be split"},
      {{"--shard", "1/2", data}, "needs --stats FILE (or --csv FILE)"},
      {{"--max-slowdown", "5", data}, "--max-slowdown judges an --ab run"},
      {{"--ab", "dlx", data}, "--ab takes two strategy names"},
      {{"--ab", "dlx,dlx", data}, "one strategy against itself"},
      {{"--ab", "dlx,nosuch", data}, "--ab: no strategy named 'nosuch'"},
      {{"--ab", "dlx,bitmask", "--repeat", "2", data},
       "--ab runs one interleaved pass"},
      {{"--checkpoint-every", "5", data},
       "--checkpoint-every needs --checkpoint FILE"},
      {{"--checkpoint", ck, "--repeat", "2", data},
       "--checkpoint does not combine with --repeat"},
      {{"--checkpoint", ck, "-"}, "standard input cannot be resumed"},
      {{"--checkpoint", ck, "--csv", "-", data}, "no output can be '-'"},
      {{"-s", "nosuch", data}, "--strategy: no strategy named 'nosuch'"},
      {{"-q"}, "no dataset given"},
  };
  for (const auto& [args, message] : cases) {
    const Resolution r = Resolve(args);
    EXPECT_EQ(r.plan, nullptr) << message;
    EXPECT_TRUE(r.err.starts_with("bench: ")) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
}

TEST(RunCommandCli, ExcludesWhatNeverCombinesWhateverTheValues) {
  const std::vector<std::string> cases[] = {
      {"--ab", "a,b", "--parse-only", "x"},
      {"--ab", "a,b", "--shard", "1/2", "x"},
      {"--shard", "1/2", "--strict", "x"},
      {"--reference", "dlx", "--parse-only", "x"},
      {"--checkpoint", "c", "--ab", "a,b", "x"},
      {"--resume", "c", "--shard", "1/2", "x"},
  };
  for (const std::vector<std::string>& args : cases) {
    EXPECT_THROW(Parse(args), CLI::ExcludesError) << args[0] << args[2];
  }
}

TEST(ResolvePlan, RefusesAnOutputOnAnInputOrOnAnotherOutput) {
  const std::string data = Dataset();
  const std::string before = ReadFile(data);
  const Resolution on_input = Resolve({"-q", "--per-puzzle", data, data});
  EXPECT_EQ(on_input.plan, nullptr);
  EXPECT_EQ(on_input.err, "bench: --per-puzzle " + data +
                              " names the same file as the dataset " + data +
                              ": writing it would destroy the input; choose "
                              "another path\n");
  EXPECT_EQ(ReadFile(data), before);
  const std::string out = TempPath("plan_twice.out");
  const Resolution twice = Resolve({"--csv", out, "--stats", out, data});
  EXPECT_EQ(twice.plan, nullptr);
  EXPECT_NE(twice.err.find("--stats " + out + " names the same file as --csv " +
                           out + ": one would overwrite the other"),
            std::string::npos)
      << twice.err;
  // Through another spelling of the path, and the checkpoint too.
  const std::string dotted =
      (std::filesystem::path(data).parent_path() / "." /
       std::filesystem::path(data).filename())
          .string();
  EXPECT_EQ(Resolve({"--checkpoint", dotted, data}).plan, nullptr);
}

TEST(InputPaths, DatasetsPluginsAndAResumeNotKeptOn) {
  RunCommandOptions o;
  o.datasets = {"a.txt"};
  o.plugins = {"base=/x/lib.so", "/y/lib.so"};
  o.resume = "old.json";
  o.checkpoint = "new.json";
  const std::vector<NamedPath> inputs = InputPaths(o);
  ASSERT_EQ(inputs.size(), 4u);
  EXPECT_EQ(inputs[1].path, "/x/lib.so");
  EXPECT_EQ(inputs[3].what, "--resume");
  // --resume F --checkpoint F goes on keeping F: an output, not an input.
  o.checkpoint = "./old.json";
  EXPECT_EQ(InputPaths(o).size(), 3u);
}

TEST(ResolvePlan, AMissingDatasetIsSaidBeforeTheFirstSolveAndSkipped) {
  const std::string data = Dataset();
  const std::string missing = TempPath("plan_missing.txt");
  const Resolution r = Resolve({data, missing});
  ASSERT_NE(r.plan, nullptr) << r.err;
  EXPECT_EQ(r.plan->unreadable, std::vector<size_t>{1});
  EXPECT_EQ(r.err, "bench: cannot open " + missing +
                       ": No such file or directory\n");
  // A checkpoint records every dataset: there it refuses the run.
  const Resolution kept =
      Resolve({"--checkpoint", TempPath("plan_missing.json"), data, missing});
  EXPECT_EQ(kept.plan, nullptr);
  EXPECT_NE(kept.err.find("cannot open " + missing), std::string::npos);
}

TEST(ResolvePlan, DatasetsOfOneNameAreReportedUnderUniqueNames) {
  const std::string data = Dataset();
  const Resolution r = Resolve({data, data});
  ASSERT_NE(r.plan, nullptr) << r.err;
  EXPECT_EQ(r.plan->dataset_names,
            (std::vector<std::string>{"plan_data.txt", "plan_data.txt (2)"}));
}

TEST(ResolvePlan, ResumeAloneRunsTheRecordedCommandLineReadingTheFileOnce) {
  const std::string data = Dataset();
  const std::string path = TempPath("plan_resume.json");
  const std::vector<std::string> args = {"-s", "dlx", "--checkpoint", path,
                                         data};
  const Resolution fresh = Resolve(args);
  ASSERT_NE(fresh.plan, nullptr) << fresh.err;
  Checkpoint checkpoint;
  checkpoint.args = args;
  checkpoint.settings = fresh.plan->checkpoint.settings;
  checkpoint.datasets = fresh.plan->checkpoint.datasets;
  checkpoint.stats.manifest = CurrentManifest();
  WriteTempFile("plan_resume.json", CheckpointJson(checkpoint));
  const Resolution resumed = Resolve({"--resume", path});
  ASSERT_NE(resumed.plan, nullptr) << resumed.err;
  EXPECT_EQ(resumed.plan->mode, RunMode::kCheckpoint);
  EXPECT_TRUE(resumed.plan->checkpoint.resumed.has_value());
  EXPECT_EQ(resumed.plan->checkpoint.args, args);  // recorded as it was
  EXPECT_EQ(resumed.plan->checkpoint.path, path);
  EXPECT_EQ(resumed.plan->datasets, std::vector<std::string>{data});
  EXPECT_EQ(resumed.plan->run.strategies[0]->name, "dlx");
  // Other settings than the checkpoint's are refused.
  std::vector<std::string> other = args;
  other.insert(other.begin(), {"--limit", "2", "--resume", path});
  const Resolution refused = Resolve(other);
  EXPECT_EQ(refused.plan, nullptr);
  EXPECT_NE(refused.err.find("refused: made with other settings: limit"),
            std::string::npos)
      << refused.err;
  std::filesystem::remove(path);
  EXPECT_NE(Resolve({"--resume", path}).err.find("bench: --resume: cannot read"),
            std::string::npos);
}

// --ab's batch of each dataset is the plan's, from the same look at its
// first bytes as the check that it opens: by a plain file's size, fixed
// for a compressed file and for standard input.
TEST(ResolvePlan, AbBatchesComeFromEachDatasetsSizeAndCompression) {
  std::string lines;
  for (int i = 0; i < 40'000; ++i) lines += testing::kSamplePuzzle + "\n";
  const std::string plain = WriteTempFile("plan_ab_plain.txt", lines);
  const std::string gz = WriteTempFile("plan_ab.txt.gz", "");
  ASSERT_EQ(std::system(("gzip -c " + plain + " > " + gz).c_str()), 0);
  const Resolution r = Resolve({"--ab", "dlx,bitmask", plain, gz, "-"});
  ASSERT_NE(r.plan, nullptr) << r.err;
  const size_t plain_batch =
      AbBatchSize(std::filesystem::file_size(plain), true);
  EXPECT_NE(plain_batch, kAbUnknownBatch);
  const std::vector<size_t> expected = {plain_batch, kAbUnknownBatch,
                                        kAbUnknownBatch};
  EXPECT_EQ(r.plan->ab.batches, expected);
  EXPECT_TRUE(Resolve({plain}).plan->ab.batches.empty());  // not --ab
}

}  // namespace
}  // namespace sudoku
