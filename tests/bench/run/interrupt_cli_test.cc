// SIGINT and SIGTERM end a run with partial reports for exactly the lines
// accounted, and exit 130 or 143.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku::testing {
namespace {

const std::string kRegression =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/regression.txt";

// bench reading its standard input from a pipe that the test keeps fed
// until bench closes it, so the run cannot end before it is signalled.
class FedBench {
 public:
  explicit FedBench(const std::string& args) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[0], STDIN_FILENO);
      close(fds[0]);
      close(fds[1]);
      const int null = open("/dev/null", O_WRONLY);
      dup2(null, STDOUT_FILENO);
      dup2(open(TempPath("interrupt_err.txt").c_str(),
                O_WRONLY | O_CREAT | O_TRUNC, 0644),
           STDERR_FILENO);
      execl("/bin/sh", "sh", "-c",
            ("exec " + std::string(BENCH_BINARY) + " " + args).c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[0]);
    feed_ = fds[1];
    feeder_ = std::thread([this] { Feed(); });
  }

  // Sends `signal` once `lines` lines have gone down the pipe (bench has
  // started reading), then waits for bench; returns its exit code.
  int StopWith(int signal, uint64_t lines, int times = 1) {
    while (fed_.load() < lines) std::this_thread::yield();
    for (int i = 0; i < times; ++i) kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    feeder_.join();
    close(feed_);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  void Feed() {
    const std::string text = ReadFile(kRegression);
    signal(SIGPIPE, SIG_IGN);
    while (true) {
      size_t done = 0;
      while (done < text.size()) {
        const ssize_t n = write(feed_, text.data() + done, text.size() - done);
        if (n <= 0) return;  // bench has gone
        done += static_cast<size_t>(n);
      }
      fed_ += Lines(text).size();
    }
  }

  pid_t pid_ = -1;
  int feed_ = -1;
  std::atomic<uint64_t> fed_{0};
  std::thread feeder_;
};

// A column of a report row, by name.
std::string Column(const std::string& header, const std::string& row,
                   const std::string& name) {
  const auto names = Fields(header), values = Fields(row);
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return values.at(i);
  }
  return "(no column " + name + ")";
}

void ExpectPartialReports(const std::string& stem) {
  const auto csv = Lines(ReadFile(TempPath(stem + ".csv")));
  ASSERT_EQ(csv.size(), 2u);
  EXPECT_EQ(Column(csv[0], csv[1], "complete"), "false");
  const uint64_t puzzles = std::stoull(Column(csv[0], csv[1], "puzzles"));
  const uint64_t last = std::stoull(Column(csv[0], csv[1], "last_line"));
  EXPECT_GT(puzzles, 0u);
  EXPECT_GE(last, puzzles);
  // Every puzzle accounted has its whole line in each file, and no more.
  const std::string per_puzzle = ReadFile(TempPath(stem + ".per-puzzle.csv"));
  const std::string solutions = ReadFile(TempPath(stem + ".solutions.txt"));
  ASSERT_FALSE(per_puzzle.empty());
  ASSERT_FALSE(solutions.empty());
  EXPECT_EQ(per_puzzle.back(), '\n');
  EXPECT_EQ(solutions.back(), '\n');
  const auto rows = Lines(per_puzzle);
  EXPECT_EQ(rows.size(), puzzles + 1);  // the header
  EXPECT_EQ(Lines(solutions).size(), puzzles);
  EXPECT_EQ(Fields(rows.back())[1], std::to_string(last));
}

std::string Args(const std::string& stem) {
  return "-q --progress never -t 2 -s dlx --batch 256 --csv " +
         TempPath(stem + ".csv") + " --per-puzzle " +
         TempPath(stem + ".per-puzzle.csv") + " --solutions " +
         TempPath(stem + ".solutions.txt") + " -";
}

TEST(Interrupt, SigintWritesPartialReportsAndExits130) {
  FedBench bench(Args("sigint"));
  EXPECT_EQ(bench.StopWith(SIGINT, 20000), 130);
  ExpectPartialReports("sigint");
  const std::string err = ReadFile(TempPath("interrupt_err.txt"));
  EXPECT_TRUE(Has(err, "-: interrupted; the reports cover lines 1..")) << err;
}

TEST(Interrupt, SigtermWritesPartialReportsAndExits143) {
  FedBench bench(Args("sigterm"));
  EXPECT_EQ(bench.StopWith(SIGTERM, 20000), 143);
  ExpectPartialReports("sigterm");
}

// The console says the run is partial, and where it stopped.
TEST(Interrupt, ConsoleSaysPartial) {
  FedBench bench("--progress never -t 1 -s dlx --csv " +
                 TempPath("console.csv") + " - >" + TempPath("console.txt"));
  EXPECT_EQ(bench.StopWith(SIGINT, 10000), 130);
  const std::string out = ReadFile(TempPath("console.txt"));
  EXPECT_TRUE(Has(out, "PARTIAL: interrupted by SIGINT; lines 1..")) << out;
}

// A second signal does not wait for the batches in flight.
TEST(Interrupt, SecondSignalExitsAtOnce) {
  FedBench bench(Args("twice"));
  EXPECT_EQ(bench.StopWith(SIGINT, 10000, 2), 130);
}

// A partial report is refused by compare: every count would look like a
// regression.
TEST(Interrupt, CompareRefusesAPartialReport) {
  FedBench bench(Args("refused"));
  ASSERT_EQ(bench.StopWith(SIGINT, 10000), 130);
  const std::string partial = TempPath("refused.csv");
  const BenchRun run = Bench("compare " + partial + " " + partial);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "is a partial report")) << run.err;
}

// Every output is checked: a full disk, a closed pipe or an unwritable path
// is said, naming the output, with exit 2.
TEST(CheckedOutput, FullDiskNamesTheFile) {
  for (const std::string option : {"--csv", "--per-puzzle", "--solutions"}) {
    const BenchRun run =
        Bench("-q -s dlx " + option + " /dev/full " + kRegression);
    EXPECT_EQ(run.exit_code, 2) << option;
    EXPECT_TRUE(Has(run.err, "bench: writing /dev/full failed")) << run.err;
  }
}

TEST(CheckedOutput, FullStandardOutputIsSaid) {
  const BenchRun run = Bench("-s dlx " + kRegression + " >/dev/full");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "bench: writing standard output failed")) << run.err;
}

TEST(CheckedOutput, ClosedPipeIsSaidNotADeathBySigpipe) {
  const std::string status = TempPath("pipe_status.txt");
  const std::string err = TempPath("pipe_err.txt");
  const std::string command = "(" + std::string(BENCH_BINARY) +
                              " -q -s dlx --solutions - " + kRegression +
                              " 2>" + err + "; echo $? >" + status +
                              ") | head -1 >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(ReadFile(status), "2\n");
  EXPECT_TRUE(Has(ReadFile(err), "bench: writing standard output failed"))
      << ReadFile(err);
}

TEST(CheckedOutput, UnwritablePathIsSaid) {
  const BenchRun run =
      Bench("-q -s dlx --csv /nonexistent-dir/r.csv " + kRegression);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(
      Has(run.err, "bench: cannot write /nonexistent-dir/r.csv: No such file"))
      << run.err;
}

// "-" is standard output; the table then goes to standard error.
TEST(StdoutOutput, SolutionsToStdoutTableToStderr) {
  const std::string minimal =
      std::string(SUDOKU_SOURCE_DIR) + "/datasets/minimal.txt";
  const BenchRun run = Bench("-s dlx --solutions - " + minimal);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const auto lines = Lines(run.out);
  ASSERT_EQ(lines.size(), 2000u);
  EXPECT_EQ(lines[0].size(), 81u + 3u + 81u);
  EXPECT_TRUE(Has(run.err, "puzzles/s")) << run.err;
  EXPECT_FALSE(std::filesystem::exists("-"));
}

TEST(StdoutOutput, CsvAndPerPuzzleToStdout) {
  const std::string minimal =
      std::string(SUDOKU_SOURCE_DIR) + "/datasets/minimal.txt";
  const BenchRun csv = Bench("-q -s dlx --csv - " + minimal);
  EXPECT_EQ(csv.exit_code, 0);
  EXPECT_TRUE(csv.out.starts_with("dataset,strategy,")) << csv.out;
  const BenchRun pp = Bench("-q -s dlx --per-puzzle - " + minimal);
  EXPECT_EQ(Lines(pp.out).size(), 2001u);
}

TEST(StdoutOutput, TwoOutputsOnStdoutAreAUsageError) {
  const BenchRun run = Bench("-q -s dlx --csv - --per-puzzle - " + kRegression);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Has(run.err, "--csv - and --per-puzzle - would mix")) << run.err;
}

}  // namespace
}  // namespace sudoku::testing
