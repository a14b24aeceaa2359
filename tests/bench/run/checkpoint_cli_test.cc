// bench --checkpoint and --resume end to end: a run killed (SIGKILL) at ten
// random moments and resumed each time reports what an uninterrupted run
// does; checkpoints from other files, settings or builds are refused.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <thread>

#include "tests/bench/bench_runner.h"
#include "tests/bench/report_match.h"
#include "tests/fixtures.h"

namespace sudoku::testing {
namespace {

const std::string kDatasets = std::string(SUDOKU_SOURCE_DIR) + "/datasets/";

// The regression corpus three times over (9,015 lines), plain and gzip, and
// the edge cases (comments, malformed and invalid lines) between them.
std::string Corpus() {
  static const std::string args = [] {
    std::string text;
    const std::string one = ReadFile(kDatasets + "regression.txt");
    for (int i = 0; i < 3; ++i) text += one;
    const std::string plain = WriteTempFile("ck_corpus.txt", text);
    const std::string gz = TempPath("ck_corpus.txt.gz");
    EXPECT_EQ(std::system(("gzip -c " + plain + " >" + gz).c_str()), 0);
    return plain + " " + kDatasets + "edge-cases.txt " + gz;
  }();
  return args;
}

std::string RunArgs(const std::string& stem) {
  return "-q --progress never -t 2 -s dlx --slowest 3 --batch 256 "
         "--csv " +
         TempPath(stem + ".csv") + " --per-puzzle " + TempPath(stem + ".pp") +
         " --solutions " + TempPath(stem + ".so") + " " + Corpus();
}

// Starts bench with `args`; its output goes nowhere.
pid_t Spawn(const std::string& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string command = "exec " + std::string(BENCH_BINARY) + " " +
                                args + " >/dev/null 2>>" +
                                TempPath("ck_err.txt");
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Waits for `pid`; its exit code, or -signal when a signal ended it.
int Reap(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

void ExpectSameRun(const std::string& whole, const std::string& resumed) {
  ExpectSameReport(TempPath(whole + ".csv"), TempPath(resumed + ".csv"));
  // Per-puzzle rows equal but for their clock reading (ns).
  EXPECT_EQ(WithoutTimes(ReadFile(TempPath(whole + ".pp"))),
            WithoutTimes(ReadFile(TempPath(resumed + ".pp"))));
  EXPECT_TRUE(ReadFile(TempPath(whole + ".so")) ==
              ReadFile(TempPath(resumed + ".so")))
      << "solutions files differ";
}

TEST(Checkpoint, TenKillsAndResumesEqualAnUninterruptedRun) {
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(Bench(RunArgs("ck_whole")).exit_code, 0);
  const double whole_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  const std::string checkpoint = TempPath("ck_killed.json");
  std::filesystem::remove(checkpoint);
  const std::string fresh = RunArgs("ck_killed") + " --checkpoint " +
                            checkpoint + " --checkpoint-every 0";
  std::mt19937 random(20261130);
  // A kill lands anywhere in the first tenth of a run as long as the whole
  // one (so that ten of them fit in before it ends): while the datasets are
  // hashed, between batches, mid-write of a checkpoint or of an output.
  std::uniform_real_distribution<double> moment(0.0, whole_s / 10);
  bool finished = false;
  int kills = 0, resumes = 0;
  for (int k = 0; k < 10 && !finished; ++k) {
    const bool resume = std::filesystem::exists(checkpoint);
    resumes += resume ? 1 : 0;
    const pid_t pid = Spawn(resume ? "--resume " + checkpoint : fresh);
    std::this_thread::sleep_for(std::chrono::duration<double>(moment(random)));
    kill(pid, SIGKILL);
    const int code = Reap(pid);
    if (code == -SIGKILL) {
      ++kills;
    } else {
      ASSERT_EQ(code, 0) << ReadFile(TempPath("ck_err.txt"));
      finished = true;
    }
  }
  if (!finished) {
    const bool resume = std::filesystem::exists(checkpoint);
    const BenchRun last = Bench(resume ? "--resume " + checkpoint : fresh);
    ASSERT_EQ(last.exit_code, 0) << last.err;
  }
  std::cout << kills << " kills, " << resumes << " resumed after a kill\n";
  EXPECT_GT(kills, 0);
  EXPECT_FALSE(std::filesystem::exists(checkpoint));  // removed when whole
  ExpectSameRun("ck_whole", "ck_killed");
}

// SIGINT writes a checkpoint with the partial reports; `bench --resume`
// finishes the run.
class Interrupted : public ::testing::Test {
 protected:
  // Interrupts a run once its first checkpoint exists; the checkpoint.
  std::string Interrupt(const std::string& stem) {
    const std::string checkpoint = TempPath(stem + ".json");
    std::filesystem::remove(checkpoint);
    const pid_t pid = Spawn(RunArgs(stem) + " --checkpoint " + checkpoint +
                            " --checkpoint-every 0");
    while (!std::filesystem::exists(checkpoint)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    kill(pid, SIGINT);
    EXPECT_EQ(Reap(pid), 130) << ReadFile(TempPath("ck_err.txt"));
    return checkpoint;
  }
};

TEST_F(Interrupted, ResumeFinishesTheRun) {
  ASSERT_EQ(Bench(RunArgs("ck_int_whole")).exit_code, 0);
  const std::string checkpoint = Interrupt("ck_int");
  EXPECT_TRUE(Has(ReadFile(TempPath("ck_int.csv")), ",false,"));
  const BenchRun resumed = Bench("--resume " + checkpoint);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  ExpectSameRun("ck_int_whole", "ck_int");
}

TEST_F(Interrupted, ResumeRefusesOtherSettings) {
  const std::string checkpoint = Interrupt("ck_settings");
  const BenchRun run =
      Bench(RunArgs("ck_settings") + " --limit 2 --resume " + checkpoint);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err,
                  "refused: made with other settings: limit was "
                  "'1', is '2'"))
      << run.err;
}

TEST_F(Interrupted, ResumeRefusesAChangedDataset) {
  const std::string checkpoint = Interrupt("ck_changed");
  const std::string corpus = TempPath("ck_corpus.txt");
  const std::string original = ReadFile(corpus);
  WriteTempFile("ck_corpus.txt", original + kSamplePuzzle + "\n");
  const BenchRun run = Bench("--resume " + checkpoint);
  WriteTempFile("ck_corpus.txt", original);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "ck_corpus.txt changed since the checkpoint"))
      << run.err;
}

TEST_F(Interrupted, ResumeRefusesAnotherBuild) {
  const std::string checkpoint = Interrupt("ck_build");
  std::string text = ReadFile(checkpoint);
  const std::string key = "\"git_revision\": \"";
  const size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  text.insert(at + key.size(), "other-");
  WriteTempFile("ck_build.json", text);
  const BenchRun run = Bench("--resume " + checkpoint);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "refused: made by another build (git revision"))
      << run.err;
}

TEST(CheckpointRefusals, StandardInputAndStdoutOutputs) {
  const BenchRun in = Bench("-q --checkpoint " + TempPath("ck_x.json") + " -",
                            kDatasets + "minimal.txt");
  EXPECT_EQ(in.exit_code, 2);
  EXPECT_TRUE(Has(in.err, "standard input cannot be resumed")) << in.err;
  const BenchRun out =
      Bench("-q --solutions - --checkpoint " + TempPath("ck_x.json") + " " +
            kDatasets + "minimal.txt");
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_TRUE(Has(out.err, "no output can be '-'")) << out.err;
  const BenchRun missing = Bench("--resume " + TempPath("ck_none.json"));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(Has(missing.err, "cannot read")) << missing.err;
}

}  // namespace
}  // namespace sudoku::testing
