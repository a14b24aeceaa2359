// The --shard split rule, the stats file and the merge: parts of any split
// merge into exactly what one pass over the whole file gives.
#include "engine/input/shard.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "engine/distributed/shard_stats.h"
#include "engine/pipeline/driver.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::RegisteredStrategy;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kEdgeCases =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/edge-cases.txt";
const std::string kEasy = std::string(SUDOKU_SOURCE_DIR) + "/datasets/easy.txt";

std::string Gzipped(const std::string& name, const std::string& content) {
  const std::string path = TempPath(name);
  gzFile file = gzopen(path.c_str(), "wb");
  gzwrite(file, content.data(), static_cast<unsigned>(content.size()));
  gzclose(file);
  return path;
}

// Every line the driver accounts, with what the strategies said of it.
class LineLog : public RunObserver {
 public:
  void OnRecord(const std::string&, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override {
    std::string entry = std::to_string(record.line);
    for (const PuzzleOutcome& o : outcomes) {
      entry += " " + std::string(VerdictName(o.verdict)) + " " +
               std::to_string(o.result.nodes);
    }
    lines.push_back(entry);
  }
  std::vector<std::string> lines;
};

RunOptions Options(Shard shard = {}, bool blocks = false) {
  RunOptions run;
  run.strategies = {&RegisteredStrategy("bitmask"),
                    &RegisteredStrategy("visited")};
  run.solution_limit = 2;
  run.max_nodes = 100000;
  run.threads = 2;
  run.batch_size = 7;  // several batches even in a small file
  run.slowest = 3;
  run.shard = shard;
  run.split_streams_by_blocks = blocks;
  return run;
}

ShardPart Part(const std::string& path, Shard shard, LineLog& log,
               bool blocks = false) {
  const RunOptions run = Options(shard, blocks);
  ShardPart part;
  part.shard = shard;
  part.manifest = CurrentManifest();
  part.settings = SettingsOf(run);
  part.datasets.push_back(RunDataset(path, run, log));
  return part;
}

void ExpectSameStats(const StrategyStats& a, const StrategyStats& b) {
  for (int v = 0; v < kVerdicts; ++v) EXPECT_EQ(a.verdicts[v], b.verdicts[v]);
  EXPECT_EQ(a.disagreements, b.disagreements);
  EXPECT_EQ(a.expected_differs, b.expected_differs);
  EXPECT_EQ(a.no_guess, b.no_guess);
  EXPECT_EQ(a.nodes_total, b.nodes_total);
  EXPECT_EQ(a.nodes_max, b.nodes_max);
  EXPECT_EQ(a.nodes, b.nodes);  // the node histogram, bucket for bucket
  EXPECT_EQ(a.nanos.count(), b.nanos.count());
  const auto slow_a = a.slowest.Sorted(), slow_b = b.slowest.Sorted();
  EXPECT_EQ(slow_a.size(), slow_b.size());
}

// The line number a LineLog entry starts with.
uint64_t LineOf(const std::string& entry) { return std::stoull(entry); }

// Splits `path` into 1, 2, 3 and 7 parts: the parts' lines, in order (under
// the block rule: sorted by line), are the whole run's, and their merge is
// the whole run's statistics.
void ExpectShardsMergeExactly(const std::string& path, bool blocks = false) {
  LineLog whole_log;
  const DatasetResult whole = RunDataset(path, Options(), whole_log);
  ASSERT_GT(whole_log.lines.size(), 0u);
  for (uint32_t n : {1u, 2u, 3u, 7u}) {
    SCOPED_TRACE(path + " in " + std::to_string(n) + " parts");
    std::vector<ShardPart> parts;
    std::vector<std::string> names;
    LineLog parts_log;
    for (uint32_t k = n; k >= 1; --k) {  // any order merges alike
      LineLog log;
      parts.push_back(ParseShardStats(
          ShardStatsJson(Part(path, Shard{k, n}, log, blocks)), "part"));
      EXPECT_EQ(parts.back().datasets[0].split_by_blocks, blocks && n > 1);
      names.push_back("part" + std::to_string(k));
      parts_log.lines.insert(parts_log.lines.begin(), log.lines.begin(),
                             log.lines.end());
      EXPECT_EQ(parts.back().datasets[0].sha256, whole.sha256);
    }
    if (blocks) {
      std::stable_sort(parts_log.lines.begin(), parts_log.lines.end(),
                       [](const std::string& a, const std::string& b) {
                         return LineOf(a) < LineOf(b);
                       });
    }
    EXPECT_EQ(parts_log.lines, whole_log.lines);
    const ShardPart merged = MergeShards(parts, names);
    const DatasetResult& m = merged.datasets[0];
    EXPECT_EQ(m.sha256, whole.sha256);
    EXPECT_EQ(m.raw_bytes, whole.raw_bytes);
    EXPECT_EQ(m.format, whole.format);
    EXPECT_EQ(m.puzzle_lines, whole.puzzle_lines);
    EXPECT_EQ(m.malformed, whole.malformed);
    EXPECT_EQ(m.invalid, whole.invalid);
    EXPECT_EQ(m.first_line, whole.first_line);
    EXPECT_EQ(m.last_line, whole.last_line);
    ASSERT_EQ(m.stats.size(), whole.stats.size());
    for (size_t s = 0; s < m.stats.size(); ++s) {
      ExpectSameStats(m.stats[s], whole.stats[s]);
    }
  }
}

TEST(ShardTest, ParsesKOfN) {
  std::string error;
  EXPECT_EQ(ParseShard("1/3", error), (Shard{1, 3}));
  EXPECT_EQ(ParseShard("3/3", error), (Shard{3, 3}));
  for (const char* bad :
       {"0/3", "4/3", "1/0", "x", "1/", "/3", "1/3x", "-1/3", "1/3/4", ""}) {
    error.clear();
    EXPECT_FALSE(ParseShard(bad, error)) << bad;
    EXPECT_NE(error.find("--shard"), std::string::npos) << bad;
  }
}

TEST(ShardTest, RangesCoverEveryPositionOnce) {
  for (uint64_t size : {0ull, 1ull, 5ull, 82ull, 1000003ull, 1ull << 62}) {
    for (uint32_t n = 1; n <= 9; ++n) {
      EXPECT_EQ((Shard{1, n}.Begin(size)), 0u);
      for (uint32_t k = 1; k < n; ++k) {
        EXPECT_EQ((Shard{k, n}.End(size)), (Shard{k + 1, n}.Begin(size)));
        EXPECT_LE((Shard{k, n}.Begin(size)), (Shard{k, n}.End(size)));
      }
      EXPECT_EQ((Shard{n, n}.End(size)), std::numeric_limits<uint64_t>::max());
    }
  }
}

TEST(ShardTest, EdgeCasesMergeExactly) { ExpectShardsMergeExactly(kEdgeCases); }

TEST(ShardTest, GzipMergesExactly) {
  // Several of the decoder's 64 KiB reads, so the parts are not all empty.
  ExpectShardsMergeExactly(Gzipped("shard_easy.txt.gz", ReadFile(kEasy)));
}

// Under mpirun a compressed file is split by line blocks. The first block
// holds no puzzle, so part 1's first puzzle line comes after part 2's.
TEST(ShardTest, GzipByLineBlocksMergesExactly) {
  std::string text;
  for (uint64_t i = 0; i < kBlockLines + 5; ++i) text += "# no puzzle\n";
  text += ReadFile(kEasy) + ReadFile(kEasy);
  ExpectShardsMergeExactly(Gzipped("shard_blocks.txt.gz", text), true);
}

TEST(ShardTest, BlocksTakeTurns) {
  const Shard first{1, 3}, third{3, 3};
  EXPECT_TRUE(first.OwnsBlockLine(1));
  EXPECT_TRUE(first.OwnsBlockLine(kBlockLines));
  EXPECT_FALSE(first.OwnsBlockLine(kBlockLines + 1));
  EXPECT_TRUE(third.OwnsBlockLine(2 * kBlockLines + 1));
  EXPECT_TRUE(first.OwnsBlockLine(3 * kBlockLines + 1));
}

TEST(ShardTest, PartOfATinyFileCanBeEmpty) {
  const std::string path =
      WriteTempFile("shard_tiny.txt", testing::kSamplePuzzle + "\n");
  LineLog log;
  const ShardPart part = Part(path, Shard{4, 7}, log);
  EXPECT_TRUE(log.lines.empty());
  EXPECT_EQ(part.datasets[0].puzzle_lines, 0u);
  EXPECT_EQ(part.datasets[0].first_line, 0u);
  EXPECT_EQ(part.datasets[0].raw_bytes, 82u);  // yet the whole file is hashed
  ExpectShardsMergeExactly(path);
}

TEST(ShardTest, StatsFileRoundTrips) {
  LineLog log;
  const ShardPart part = Part(kEdgeCases, Shard{2, 3}, log);
  const std::string json = ShardStatsJson(part);
  const ShardPart back = ParseShardStats(json, "x.json");
  EXPECT_EQ(ShardStatsJson(back), json);
  EXPECT_EQ(back.shard, (Shard{2, 3}));
  EXPECT_EQ(back.datasets[0].stats[0].nanos, part.datasets[0].stats[0].nanos);
  EXPECT_THROW(ParseShardStats("{}", "x.json"), ShardStatsError);
  EXPECT_THROW(ParseShardStats("not json", "x.json"), ShardStatsError);
}

// MergeShards' refusal of `parts`, or "" when it merges them.
std::string Refusal(const std::vector<ShardPart>& parts) {
  std::vector<std::string> names;
  for (size_t i = 0; i < parts.size(); ++i) {
    names.push_back("p" + std::to_string(i) + ".json");
  }
  try {
    MergeShards(parts, names);
  } catch (const ShardStatsError& error) {
    return error.what();
  }
  return "";
}

TEST(ShardTest, RefusesPartsThatAreNotOneRun) {
  LineLog log;
  const ShardPart one = Part(kEdgeCases, Shard{1, 3}, log);
  const ShardPart two = Part(kEdgeCases, Shard{2, 3}, log);
  const ShardPart three = Part(kEdgeCases, Shard{3, 3}, log);
  EXPECT_EQ(Refusal({one, two, three}), "");
  EXPECT_NE(Refusal({one, three}).find("shard 2/3 is missing"),
            std::string::npos);
  EXPECT_NE(Refusal({one, two, two, three}).find("repeats p1.json"),
            std::string::npos);
  EXPECT_NE(
      Refusal({one, Part(kEdgeCases, Shard{2, 2}, log)}).find("another split"),
      std::string::npos);
  ShardPart other_data = two;
  other_data.datasets[0].sha256 = "0";
  EXPECT_NE(Refusal({one, other_data, three}).find("other datasets"),
            std::string::npos);
  ShardPart other_settings = two;
  other_settings.settings.max_nodes = 5;
  EXPECT_NE(Refusal({one, other_settings, three}).find("other settings"),
            std::string::npos);
  ShardPart other_build = three;
  other_build.manifest.git_revision = "feedbeef";
  EXPECT_NE(Refusal({one, two, other_build}).find("another build"),
            std::string::npos);
  ShardPart by_blocks = two;
  by_blocks.datasets[0].split_by_blocks = true;
  EXPECT_NE(Refusal({one, by_blocks, three}).find("by another rule"),
            std::string::npos);
  ShardPart interrupted = two;
  interrupted.datasets[0].interrupted_by = 15;
  interrupted.datasets[0].sha256 = "0";  // it hashed only what it read
  EXPECT_NE(Refusal({one, interrupted, three})
                .find("was interrupted (signal 15) in " + kEdgeCases +
                      ": a partial part cannot be merged"),
            std::string::npos)
      << Refusal({one, interrupted, three});
  EXPECT_NE(Refusal({}).find("no shard"), std::string::npos);
}

}  // namespace
}  // namespace sudoku
