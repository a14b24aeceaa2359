// bench --instructions draws its sample during the pass and never reads the
// input again: a FIFO, standard input and an endless input cut by --lines
// are counted, and a SIGINT while counting is an interrupted run (exit 130,
// partial reports), never an uncaught exception. Under valgrind's callgrind
// on the C plugin (no -march=native reaches it); skips without valgrind.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tests/bench/bench_runner.h"

namespace sudoku::testing {
namespace {

const std::string kEasy = std::string(SUDOKU_SOURCE_DIR) + "/datasets/easy.txt";

bool HasValgrind() {
  return std::system("valgrind --version >/dev/null 2>&1") == 0;
}

// The row's value of `column` in a one-row report.
std::string Field(const std::string& csv, const std::string& column) {
  const std::vector<std::string> lines = Lines(ReadFile(csv));
  if (lines.size() != 2) return "(" + std::to_string(lines.size()) + " lines)";
  const std::vector<std::string> fields = Fields(lines[1]);
  const size_t at = ColumnIndex(lines[0], column);
  return at < fields.size() ? fields[at] : "(no column)";
}

// bench counting 3 puzzles of the C plugin into `csv`, stopped by
// `timeout` (exit 124) if it hangs.
std::string Counted(const std::string& csv) {
  return "--instructions=3 --instructions-by callgrind -q -t 1 --plugin " +
         std::string(EXAMPLE_C_PLUGIN) + " -s example-c --csv " + csv;
}

BenchRun TimedBench(const std::string& args,
                    const std::string& stdin_path = "/dev/null") {
  return BenchUnder("timeout -s KILL 120 ", args, stdin_path);
}

std::string MakeFifo(const std::string& name) {
  const std::string path = TempPath(name);
  std::filesystem::remove(path);
  EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
  return path;
}

// Writes `text` into the FIFO at `path` once, or over and over until the
// reader goes when `endless`.
std::thread Feed(const std::string& path, std::string text, bool endless) {
  return std::thread([path, text = std::move(text), endless] {
    signal(SIGPIPE, SIG_IGN);
    const int fd = open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    do {
      size_t done = 0;
      while (done < text.size()) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n <= 0) {
          close(fd);
          return;  // bench has gone
        }
        done += static_cast<size_t>(n);
      }
    } while (endless);
    close(fd);
  });
}

// The sample came from the pass: reading the FIFO again would wait for a
// writer that never comes.
TEST(InstructionsPass, AFifoIsCountedFromThePass) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string fifo = MakeFifo("instr_pass.fifo");
  const std::string csv = TempPath("instr_fifo.csv");
  std::thread feeder = Feed(fifo, ReadFile(kEasy), /*endless=*/false);
  const BenchRun run = TimedBench(Counted(csv) + " " + fifo);
  feeder.join();
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Field(csv, "instructions_sample"), "3");
  EXPECT_EQ(Field(csv, "puzzles"), "5000");
  EXPECT_NE(Field(csv, "instructions_per_puzzle"), "");
}

// An endless input cut by --lines: the sample is of the lines read; reading
// the input again would never end.
TEST(InstructionsPass, AnEndlessInputStopsAtLines) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string fifo = MakeFifo("instr_endless.fifo");
  const std::string csv = TempPath("instr_endless.csv");
  std::thread feeder = Feed(fifo, ReadFile(kEasy), /*endless=*/true);
  const BenchRun run = TimedBench(Counted(csv) + " --lines 300 " + fifo);
  feeder.join();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Field(csv, "instructions_sample"), "3");
  size_t puzzles = 0;  // the puzzle lines among the first 300 (the rest
                       // are comments)
  const std::vector<std::string> lines = Lines(ReadFile(kEasy));
  for (size_t i = 0; i < 300; ++i) puzzles += lines.at(i)[0] != '#';
  EXPECT_EQ(Field(csv, "puzzles"), std::to_string(puzzles));
}

// Standard input, read once, is counted too (it once was not).
TEST(InstructionsPass, StandardInputIsCounted) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string csv = TempPath("instr_stdin.csv");
  const BenchRun run = TimedBench(Counted(csv) + " -", kEasy);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Field(csv, "instructions_sample"), "3");
  EXPECT_EQ(Field(csv, "instructions_by"), "callgrind");
  EXPECT_FALSE(Has(run.err, "not counted")) << run.err;
}

// Whether a process whose parent is `parent` is running.
bool HasChild(pid_t parent) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string text;
    if (!std::getline(stat, text)) continue;
    const size_t paren = text.rfind(')');
    if (paren == std::string::npos) continue;
    char state = 0;
    int ppid = 0;
    if (std::sscanf(text.c_str() + paren + 1, " %c %d", &state, &ppid) == 2 &&
        ppid == parent) {
      return true;
    }
  }
  return false;
}

// A SIGINT to bench alone while valgrind counts: the child is ended, the run
// is an interrupted one (exit 130, complete=false), said in one line.
TEST(InstructionsPass, SigintWhileCountingIsAnInterruptedRun) {
  if (!HasValgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string csv = TempPath("instr_sigint.csv");
  const std::string err = TempPath("instr_sigint_err.txt");
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_RDWR);
    dup2(null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
    execl("/bin/sh", "sh", "-c",
          ("exec " + std::string(BENCH_BINARY) + " " + Counted(csv) +
           " --lines 50 " + kEasy)
              .c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto start = std::chrono::steady_clock::now();
  while (!HasChild(pid) &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(HasChild(pid)) << "valgrind never started: " << ReadFile(err);
  kill(pid, SIGINT);
  const auto signalled = std::chrono::steady_clock::now();
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled,
            std::chrono::seconds(30));
  ASSERT_TRUE(WIFEXITED(status)) << "signal " << WTERMSIG(status) << ": "
                                 << ReadFile(err);
  EXPECT_EQ(WEXITSTATUS(status), 130) << ReadFile(err);
  EXPECT_EQ(Field(csv, "complete"), "false");
  EXPECT_EQ(Field(csv, "instructions_per_puzzle"), "");
  EXPECT_TRUE(Has(ReadFile(err), "interrupted while counting"))
      << ReadFile(err);
}

}  // namespace
}  // namespace sudoku::testing
