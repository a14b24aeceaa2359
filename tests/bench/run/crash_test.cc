// End-to-end tests of bench's crash report: a plugin that faults or aborts
// ends the run by that signal, and standard error names the strategy and the
// file:line of the puzzle it was solving.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <tuple>
#include <vector>

#include "engine/report/csv_reader.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

struct Ending {
  bool signaled = false;
  int signal = 0;
  int exit_code = -1;
  std::string err;
};

// Runs bench with `args` and no core dump. Not through a shell (as
// bench_runner.h does): a shell would turn the signal into exit code 128+N.
Ending RunBench(const std::vector<std::string>& args) {
  const std::string err_path = TempPath("crash_stderr.txt");
  std::vector<std::string> words = {BENCH_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    const rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    const int null = open("/dev/null", O_RDWR);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (null < 0 || err < 0) _exit(127);
    dup2(null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    execv(argv[0], argv.data());
    _exit(127);
  }
  Ending ending;
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return ending;
  ending.signaled = WIFSIGNALED(status);
  ending.signal = ending.signaled ? WTERMSIG(status) : 0;
  ending.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  ending.err = ReadFile(err_path);
  return ending;
}

constexpr int kCrashLine = 150;

// 300 lines, a comment first: puzzles the crash plugins answer, and on line
// kCrashLine the one they crash on (its first cell emptied). Enough lines
// that two threads both get some.
std::string CrashDataset() {
  std::string text = "# the crash plugins crash on line 150\n";
  for (int line = 2; line <= 300; ++line) {
    text += line == kCrashLine ? "." + testing::kSamplePuzzle.substr(1)
                               : testing::kSamplePuzzle;
    text += '\n';
  }
  return WriteTempFile("crash.txt", text);
}

void ExpectCrashReport(const std::string& plugin, const std::string& name,
                       int signal, const std::string& signal_name) {
  const std::string dataset = CrashDataset();
  for (const char* threads : {"1", "2"}) {
    SCOPED_TRACE(std::string("threads ") + threads);
    const Ending ending = RunBench({"--progress", "never", "-t", threads,
                                    "--plugin", plugin, "-s", name, dataset});
    EXPECT_TRUE(ending.signaled) << "exit code " << ending.exit_code << "\n"
                                 << ending.err;
    EXPECT_EQ(ending.signal, signal) << ending.err;
    const std::string expected = "bench: crashed with " + signal_name +
                                 " while solving:\n  " + name + " on " +
                                 dataset + ":" + std::to_string(kCrashLine) +
                                 " (the crashing thread)\n";
    EXPECT_NE(ending.err.find(expected), std::string::npos) << ending.err;
  }
}

TEST(BenchCrash, SegfaultNamesStrategyAndLine) {
  ExpectCrashReport(CRASH_SEGV_PLUGIN, "crash-segv", SIGSEGV, "SIGSEGV");
}

TEST(BenchCrash, AbortNamesStrategyAndLine) {
  ExpectCrashReport(CRASH_ABORT_PLUGIN, "crash-abort", SIGABRT, "SIGABRT");
}

// The main thread has an alternate signal stack, so even a stack overflow
// is reported there; with one thread the main thread does all the solving.
// (TBB's workers have none: a stack overflow on one goes unreported.)
TEST(BenchCrash, StackOverflowOnTheMainThreadIsReported) {
  const std::string dataset = CrashDataset();
  const Ending ending =
      RunBench({"--progress", "never", "-t", "1", "--plugin",
                CRASH_OVERFLOW_PLUGIN, "-s", "crash-overflow", dataset});
  EXPECT_TRUE(ending.signaled) << ending.err;
  EXPECT_EQ(ending.signal, SIGSEGV) << ending.err;
  EXPECT_NE(ending.err.find("bench: crashed with SIGSEGV while solving:\n  "
                            "crash-overflow on " +
                            dataset + ":150 (the crashing thread)\n"),
            std::string::npos)
      << ending.err;
}

// A crash leaves the CSV holding what was accounted, marked partial, not an
// empty file that `bench compare` calls no report; a dataset run whole
// before the crash keeps its complete row.
TEST(BenchCrash, TheCsvHoldsWhatWasAccountedBeforeTheCrash) {
  std::string text;
  for (int line = 1; line <= 4000; ++line) {
    text += line == 3000 ? "." + testing::kSamplePuzzle.substr(1)
                         : testing::kSamplePuzzle;
    text += '\n';
  }
  const std::string late = WriteTempFile("crash_late.txt", text);
  const std::string whole =
      WriteTempFile("crash_whole.txt", testing::kSamplePuzzle + "\n");
  const std::string csv = TempPath("crash.csv");
  const Ending ending = RunBench(
      {"--progress", "never", "-t", "1", "--batch", "64", "--plugin",
       CRASH_SEGV_PLUGIN, "-s", "crash-segv", "--csv", csv, whole, late});
  EXPECT_TRUE(ending.signaled) << ending.err;
  EXPECT_NE(ending.err.find("bench: the CSV report holds what was accounted "
                            "before the crash"),
            std::string::npos)
      << ending.err;
  const std::vector<ReportEntry> rows = ReadCsvReportFile(csv);
  ASSERT_EQ(rows.size(), 2u) << ReadFile(csv);
  EXPECT_TRUE(rows[0].row.complete);
  EXPECT_EQ(rows[0].row.puzzles, 1u);
  EXPECT_FALSE(rows[1].row.complete);
  EXPECT_GT(rows[1].row.last_line, 0u);
  EXPECT_LT(rows[1].row.last_line, 3000u);
  EXPECT_EQ(rows[1].row.puzzles, rows[1].row.last_line);
  EXPECT_EQ(rows[1].row.over_budget, rows[1].row.puzzles);

  // A crash before the first batch is accounted: a row of 0 puzzles that
  // says it is partial, not an empty file.
  const std::string first =
      WriteTempFile("crash_first.txt", "." + testing::kSamplePuzzle.substr(1) +
                                           "\n");
  const Ending early =
      RunBench({"--progress", "never", "-t", "1", "--plugin",
                CRASH_SEGV_PLUGIN, "-s", "crash-segv", "--csv", csv, first});
  EXPECT_TRUE(early.signaled) << early.err;
  const std::vector<ReportEntry> partial = ReadCsvReportFile(csv);
  ASSERT_EQ(partial.size(), 1u) << ReadFile(csv);
  EXPECT_FALSE(partial[0].row.complete);
  EXPECT_EQ(partial[0].row.puzzles, 0u);
}

// --isolate: each plugin strategy in a child process per thread; a crash
// ends the child, the puzzle counts in errors and the run goes on.
TEST(BenchCrash, IsolatedPluginsCostAPuzzleNotTheRun) {
  const std::string dataset = CrashDataset();
  const std::string csv = TempPath("crash_isolated.csv");
  for (const auto& [plugin, name, signal] :
       {std::tuple{std::string(CRASH_SEGV_PLUGIN), "crash-segv", SIGSEGV},
        std::tuple{std::string(CRASH_ABORT_PLUGIN), "crash-abort", SIGABRT}}) {
    SCOPED_TRACE(name);
    const Ending ending =
        RunBench({"--progress", "never", "-t", "2", "--isolate", "--plugin",
                  plugin, "-s", std::string(name) + ",bitmask", "--csv", csv,
                  dataset});
    EXPECT_FALSE(ending.signaled) << ending.err;
    EXPECT_EQ(ending.exit_code, 1) << ending.err;
    EXPECT_NE(ending.err.find(dataset + ":" + std::to_string(kCrashLine) +
                              ": ERROR from " + name +
                              ": process died (killed by signal " +
                              std::to_string(signal) + ")"),
              std::string::npos)
        << ending.err;
    const std::vector<ReportEntry> rows = ReadCsvReportFile(csv);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].row.strategy, name);
    EXPECT_EQ(rows[0].row.puzzles, 299u);
    EXPECT_EQ(rows[0].row.errors, 1u);
    EXPECT_EQ(rows[0].row.over_budget, 298u);
    EXPECT_TRUE(rows[0].row.complete);
    EXPECT_EQ(rows[0].row.strategy_origin.front(), '/');
    EXPECT_EQ(rows[1].row.solved, 299u);
  }
}

// The same plugins on puzzles they do not crash on: the handler changes
// nothing in a run that ends normally.
TEST(BenchCrash, NoCrashNoReport) {
  const std::string dataset =
      WriteTempFile("no_crash.txt", testing::kSamplePuzzle + "\n");
  const Ending ending =
      RunBench({"--progress", "never", "-t", "2", "--plugin", CRASH_SEGV_PLUGIN,
                "-s", "crash-segv", dataset});
  EXPECT_FALSE(ending.signaled) << ending.err;
  EXPECT_EQ(ending.exit_code, 0) << ending.err;
  EXPECT_EQ(ending.err.find("crashed"), std::string::npos) << ending.err;
}

}  // namespace
}  // namespace sudoku
