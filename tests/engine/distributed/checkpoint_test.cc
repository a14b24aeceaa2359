// The checkpoint file: read back as written, refused when it is not one,
// written atomically; and a pass resumed at a checkpoint's point equals the
// whole pass.
#include "engine/distributed/checkpoint.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/pipeline/driver.h"
#include "engine/report/report.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kRegression =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/regression.txt";

RunOptions Options() {
  RunOptions options;
  options.strategies = {&testing::RegisteredStrategy("dlx")};
  options.threads = 2;
  options.batch_size = 64;
  options.slowest = 3;
  return options;
}

// Remembers the point and the pass so far after the batch it is told to.
class StopAt : public RunObserver {
 public:
  explicit StopAt(size_t batch) : batch_(batch) {}
  void OnAccounted(const DatasetResult& so_far, PassPoint point) override {
    if (seen_++ != batch_) return;
    resume.so_far = so_far;
    resume.point = point;
  }
  PassResume resume;

 private:
  size_t batch_;
  size_t seen_ = 0;
};

TEST(Checkpoint, ReadsBackAsWritten) {
  StopAt stop(5);
  const DatasetResult whole = RunDataset(kRegression, Options(), stop);
  Checkpoint c;
  c.args = {"-s", "dlx", kRegression};
  c.settings = {{"csv", "a,b.csv"}, {"limit", "1"}};  // as JSON sorts them
  c.datasets = {{kRegression, 123, "abcd"}};
  c.stats.manifest = CurrentManifest();
  c.stats.settings = SettingsOf(Options());
  c.stats.datasets = {stop.resume.so_far};
  c.in_progress = stop.resume.point;
  c.outputs = {{"p.csv", 4096}};
  c.temporaries = {{"p.csv", ".p.csv.tmp-1-0"}};
  const Checkpoint back = ParseCheckpoint(CheckpointJson(c), "c.json");
  EXPECT_EQ(back.args, c.args);
  EXPECT_EQ(back.settings, c.settings);
  ASSERT_EQ(back.datasets.size(), 1u);
  EXPECT_EQ(back.datasets[0].sha256, "abcd");
  ASSERT_TRUE(back.in_progress.has_value());
  EXPECT_EQ(back.in_progress->lines, stop.resume.point.lines);
  EXPECT_EQ(back.in_progress->line_position, stop.resume.point.line_position);
  EXPECT_EQ(back.outputs, c.outputs);
  EXPECT_EQ(back.temporaries, c.temporaries);
  ASSERT_EQ(back.stats.datasets.size(), 1u);
  EXPECT_EQ(back.stats.datasets[0].puzzle_lines,
            stop.resume.so_far.puzzle_lines);
  EXPECT_LT(stop.resume.so_far.puzzle_lines, whole.puzzle_lines);
  EXPECT_EQ(BuildMismatch(back.stats.manifest, CurrentManifest()), "");
}

TEST(Checkpoint, RefusesWhatIsNotOne) {
  EXPECT_THROW(ParseCheckpoint("{}", "x.json"), CheckpointError);
  EXPECT_THROW(ParseCheckpoint("not json", "x.json"), CheckpointError);
  EXPECT_THROW(ParseCheckpoint(R"({"format": "other"})", "x.json"),
               CheckpointError);
  EXPECT_THROW(ReadCheckpointFile(TempPath("no-such-checkpoint.json")),
               CheckpointError);
}

TEST(Checkpoint, BuildMismatchNamesTheField) {
  Manifest a = CurrentManifest(), b = a;
  b.compiler = "other cc";
  EXPECT_NE(BuildMismatch(a, b).find("compiler"), std::string::npos);
}

// The pass resumed after batch 5 ends as the whole pass: same counts and
// statistics, the whole file hashed.
TEST(ResumedPass, EqualsTheWholePass) {
  StopAt stop(5);
  const DatasetResult whole = RunDataset(kRegression, Options(), stop);
  RunObserver quiet;
  const DatasetResult resumed =
      RunDataset(kRegression, Options(), quiet, &stop.resume);
  EXPECT_EQ(resumed.sha256, whole.sha256);
  EXPECT_EQ(resumed.lines_read, whole.lines_read);
  EXPECT_EQ(resumed.puzzle_lines, whole.puzzle_lines);
  EXPECT_EQ(resumed.first_line, whole.first_line);
  EXPECT_EQ(resumed.last_line, whole.last_line);
  ASSERT_EQ(resumed.stats.size(), 1u);
  EXPECT_EQ(resumed.stats[0].nodes_total, whole.stats[0].nodes_total);
  EXPECT_EQ(resumed.stats[0].puzzles(), whole.stats[0].puzzles());
  EXPECT_EQ(resumed.stats[0].nodes.count(), whole.stats[0].nodes.count());
}

// A file whose checkpointed line moved is no longer the file.
TEST(ResumedPass, RefusesAMovedLine) {
  StopAt stop(2);
  RunDataset(kRegression, Options(), stop);
  const std::string moved =
      WriteTempFile("moved.txt", "# one more line\n" + ReadFile(kRegression));
  RunObserver quiet;
  const DatasetResult result =
      RunDataset(moved, Options(), quiet, &stop.resume);
  EXPECT_NE(result.read_error.find("(the file changed)"), std::string::npos)
      << result.read_error;
}

}  // namespace
}  // namespace sudoku
