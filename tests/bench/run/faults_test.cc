// Faults end to end (docs/testing.md): a dataset cut or grown while read,
// read errors, signals while blocked on a FIFO or a pipe, memory running
// out, a plugin that calls exit(0). Each ends with its exit code and
// message, reports that say they are partial, and every input unchanged.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "engine/report/csv_reader.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::BenchUnder;
using testing::Has;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;
// The puzzle that the test plugins act on: its first cell emptied.
const std::string kTrigger = "." + testing::kSamplePuzzle.substr(1);

// Every file a run reads, as it was before: the run must leave each as it
// was (a dataset the test itself changes is checked on its own).
class Untouched {
 public:
  explicit Untouched(std::vector<std::string> paths) {
    for (std::string& path : paths) {
      const std::string bytes = ReadFile(path);
      before_.emplace(std::move(path), bytes);
    }
  }
  void Check() const {
    for (const auto& [path, bytes] : before_) {
      EXPECT_TRUE(ReadFile(path) == bytes) << path << " changed";
    }
  }

 private:
  std::map<std::string, std::string> before_;
};

// The one dataset row of a --csv report.
ReportRow OnlyRow(const std::string& csv) {
  const std::vector<ReportEntry> rows = ReadCsvReportFile(csv);
  EXPECT_EQ(rows.size(), 1u) << ReadFile(csv);
  return rows.empty() ? ReportRow{} : rows[0].row;
}

// `count` lines of the sample puzzle, 82 bytes each; the line `trigger`
// (1-based; 0 for none) the one the plugins act on.
std::string PuzzleLines(int count, int trigger = 0) {
  std::string text;
  text.reserve(static_cast<size_t>(count) * 82);
  for (int line = 1; line <= count; ++line) {
    text += (line == trigger ? kTrigger : kPuzzle) + "\n";
  }
  return text;
}

// bench run by the change_file plugin, which cuts the dataset to `size`
// bytes, or appends `append`'s bytes, on the dataset's trigger line.
BenchRun ChangedWhileRead(const std::string& dataset, const std::string& csv,
                          const std::string& change) {
  return BenchUnder("SUDOKU_CHANGE_FILE=" + dataset + " " + change + " ",
                    "-q -t 1 --batch 16 --plugin " +
                        std::string(CHANGE_FILE_PLUGIN) +
                        " -s change-file --csv " + csv + " " + dataset);
}

// A file cut shorter ahead of the reader: read to its new end, the line
// the cut split counted malformed, the change said with the line where
// reading stopped, and the report partial.
TEST(Faults, FileCutAheadOfTheReaderIsReadToItsNewEnd) {
  const std::string text = PuzzleLines(40000, 10);  // 3.28 MB
  const std::string dataset = WriteTempFile("cut_ahead.txt", text);
  const std::string csv = TempPath("cut_ahead.csv");
  const Untouched plugin({CHANGE_FILE_PLUGIN});
  // At line 10 the reader holds at most its first 1 MiB read; the cut is
  // 29 bytes into line 19182, past it.
  const uint64_t cut = (1 << 20) + (1 << 19) + 7;
  const BenchRun run = ChangedWhileRead(
      dataset, csv, "SUDOKU_CHANGE_SIZE=" + std::to_string(cut));
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const uint64_t whole_lines = cut / 82;
  const std::string stopped = std::to_string(whole_lines + 1);
  EXPECT_TRUE(Has(run.err, dataset + ":" + stopped +
                               ": line unfinished: reading stopped inside it"))
      << run.err;
  EXPECT_TRUE(Has(run.err, dataset + ":" + stopped +
                               ": the file changed while it was read: it "
                               "shrank from " +
                               std::to_string(text.size()) + " to " +
                               std::to_string(cut) +
                               " bytes; reading stopped at line " + stopped))
      << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_FALSE(row.complete);
  EXPECT_EQ(row.puzzles, whole_lines + 1);
  EXPECT_EQ(row.malformed, 1u);
  EXPECT_EQ(row.over_budget, whole_lines);
  EXPECT_EQ(row.last_line, whole_lines + 1);
  EXPECT_EQ(row.dataset_bytes, cut);
  EXPECT_TRUE(ReadFile(dataset) == text.substr(0, cut));
  plugin.Check();
}

// Cut behind the reader, inside the bytes it already holds: a mapped file
// ended the run with SIGBUS here. The lines read before the cut stand.
TEST(Faults, FileCutBehindTheReaderDoesNotCrash) {
  const std::string text = PuzzleLines(40000, 10);
  const std::string dataset = WriteTempFile("cut_behind.txt", text);
  const std::string csv = TempPath("cut_behind.csv");
  const Untouched plugin({CHANGE_FILE_PLUGIN});
  const uint64_t cut = 200000 + 7;
  const BenchRun run = ChangedWhileRead(
      dataset, csv, "SUDOKU_CHANGE_SIZE=" + std::to_string(cut));
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_FALSE(Has(run.err, "crashed")) << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_FALSE(row.complete);
  const std::string stopped = std::to_string(row.last_line);
  EXPECT_TRUE(Has(run.err, dataset + ":" + stopped +
                               ": the file changed while it was read: it "
                               "shrank from " +
                               std::to_string(text.size()) + " to " +
                               std::to_string(cut) +
                               " bytes; reading stopped at line " + stopped))
      << run.err;
  // Read before the cut: more lines than the cut file holds, every one
  // accounted, the last (split by the end of what was read) malformed.
  EXPECT_GT(row.puzzles, cut / 82);
  EXPECT_EQ(row.puzzles, row.last_line);
  EXPECT_EQ(row.malformed, 1u);
  EXPECT_EQ(row.over_budget, row.puzzles - 1);
  EXPECT_TRUE(ReadFile(dataset) == text.substr(0, cut));
  plugin.Check();
}

// A file that grows while read is read to its new end, and whole.
TEST(Faults, FileThatGrowsWhileReadIsReadWhole) {
  const std::string text = PuzzleLines(20000, 10);  // 1.64 MB
  const std::string dataset = WriteTempFile("grows.txt", text);
  const std::string more = PuzzleLines(5000);
  const std::string extra = WriteTempFile("grows_more.txt", more);
  const std::string csv = TempPath("grows.csv");
  const Untouched inputs({CHANGE_FILE_PLUGIN, extra});
  const BenchRun run =
      ChangedWhileRead(dataset, csv, "SUDOKU_CHANGE_APPEND=" + extra);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_TRUE(row.complete);
  EXPECT_EQ(row.puzzles, 25000u);
  EXPECT_EQ(row.dataset_bytes, text.size() + more.size());
  EXPECT_TRUE(ReadFile(dataset) == text + more);
  inputs.Check();
}

// gzip of `text`, written whole.
std::string Gzipped(const std::string& text) {
  std::vector<Bytef> out(compressBound(static_cast<uLong>(text.size())) + 64);
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  deflateEnd(&z);
  return std::string(reinterpret_cast<const char*>(out.data()), z.total_out);
}

// What zlib decodes of a gzip stream cut short: all it can.
std::string DecodedPrefix(const std::string& gzip) {
  std::string text;
  z_stream z{};
  inflateInit2(&z, 15 + 32);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gzip.data()));
  z.avail_in = static_cast<uInt>(gzip.size());
  char chunk[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof(chunk);
    rc = inflate(&z, Z_NO_FLUSH);
    text.append(chunk, sizeof(chunk) - z.avail_out);
  }
  inflateEnd(&z);
  return text;
}

// Reads a partial report back through compare and history: both refuse it.
void ExpectRefusedDownstream(const std::string& csv) {
  const Untouched report({csv});
  const BenchRun compare = Bench("compare " + csv + " " + csv);
  EXPECT_EQ(compare.exit_code, 2) << compare.err;
  EXPECT_TRUE(Has(compare.err, "is a partial report")) << compare.err;
  const std::string db = TempPath("faults_history.sqlite");
  std::filesystem::remove(db);
  const BenchRun history =
      Bench("history add " + csv + " --commit c1 --db '" + db + "'");
  EXPECT_EQ(history.exit_code, 2) << history.err;
  EXPECT_TRUE(Has(history.err, "is a partial report")) << history.err;
  report.Check();
}

// A truncated gzip: the lines decoded stand, the one it cut is counted
// malformed, the message names the line reading stopped at, and the report
// says complete=false, which compare and history refuse.
TEST(Faults, TruncatedGzipIsAPartialPassWithItsLastLineCounted) {
  std::string text;
  for (int line = 1; line <= 3000; ++line) {
    text += kPuzzle + " # line " + std::to_string(line) + "\n";
  }
  const std::string whole = Gzipped(text);
  const std::string cut = whole.substr(0, whole.size() * 6 / 10);
  const std::string decoded = DecodedPrefix(cut);
  ASSERT_FALSE(decoded.empty());
  ASSERT_NE(decoded.back(), '\n');  // the cut splits a line
  uint64_t whole_lines = 0;
  for (const char c : decoded) whole_lines += c == '\n';
  const std::string dataset = WriteTempFile("truncated.txt.gz", cut);
  const std::string csv = TempPath("truncated.csv");
  const Untouched input({dataset});
  const BenchRun run = Bench("-q -t 2 --csv " + csv + " " + dataset);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const std::string stopped = std::to_string(whole_lines + 1);
  EXPECT_TRUE(Has(run.err, dataset + ":" + stopped +
                               ": line unfinished: reading stopped inside it"))
      << run.err;
  EXPECT_TRUE(Has(run.err, dataset + ":" + stopped +
                               ": gzip data ends early (truncated file); "
                               "reading stopped at line " +
                               stopped))
      << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_FALSE(row.complete);
  EXPECT_EQ(row.puzzles, whole_lines + 1);
  EXPECT_EQ(row.solved, whole_lines);
  EXPECT_EQ(row.malformed, 1u);
  EXPECT_EQ(row.last_line, whole_lines + 1);
  input.Check();
  ExpectRefusedDownstream(csv);
}

// A zstd file with garbage after its frame: every line of the frame
// stands, and reading stops at the next, which the garbage would have begun.
TEST(Faults, ZstdWithGarbageAfterItIsAPartialPass) {
  const std::string text = PuzzleLines(500);
  std::string packed(ZSTD_compressBound(text.size()), '\0');
  packed.resize(
      ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 3));
  const std::string dataset =
      WriteTempFile("garbage.txt.zst", packed + "this is not zstd\n");
  const std::string csv = TempPath("garbage.csv");
  const Untouched input({dataset});
  const BenchRun run = Bench("-q -t 2 --csv " + csv + " " + dataset);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(Has(run.err, dataset + ":501: zstd data is corrupt ("))
      << run.err;
  EXPECT_TRUE(Has(run.err, "; reading stopped at line 501")) << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_FALSE(row.complete);
  EXPECT_EQ(row.puzzles, 500u);
  EXPECT_EQ(row.solved, 500u);
  input.Check();
  ExpectRefusedDownstream(csv);
}

// How a bench process ended.
struct Ending {
  int exit_code = -1;  // -1: killed by a signal, or by the test
  std::string err;
};

// bench started without a shell (a signal must reach bench itself), its
// standard input `input` (-1: /dev/null).
pid_t Spawn(const std::vector<std::string>& args, int input,
            const std::string& err_path) {
  std::vector<std::string> words = {BENCH_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    const int null = open("/dev/null", O_RDWR);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (null < 0 || err < 0) _exit(127);
    dup2(input >= 0 ? input : null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

// Waits for `pid`. A hang guard, not a timing check: a bench still running
// after a minute is killed, and the test fails.
Ending WaitFor(pid_t pid, const std::string& err_path) {
  Ending ending;
  int status = 0;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      ADD_FAILURE() << "bench did not stop";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (WIFEXITED(status)) ending.exit_code = WEXITSTATUS(status);
  ending.err = ReadFile(err_path);
  return ending;
}

// Waits (a minute at most) until `ready` holds.
bool Eventually(const std::function<bool()>& ready) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// Whether process `pid` has `path` open.
bool HasOpen(pid_t pid, const std::string& path) {
  std::error_code error;
  const std::filesystem::path fds = "/proc/" + std::to_string(pid) + "/fd";
  for (const auto& fd : std::filesystem::directory_iterator(fds, error)) {
    if (std::filesystem::read_symlink(fd.path(), error) == path) return true;
  }
  return false;
}

// A FIFO no one writes to: bench opens it without waiting, waits for its
// bytes and for SIGINT or SIGTERM together, and stops on the signal with
// 130 or 143 and a partial report of no lines.
TEST(Faults, FifoWithNoWriterStopsOnASignal) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal == SIGINT ? "SIGINT" : "SIGTERM");
    const std::string fifo = TempPath("nobody.fifo");
    std::filesystem::remove(fifo);
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const std::string csv = TempPath("fifo.csv");
    const std::string err = TempPath("fifo_err.txt");
    const pid_t pid = Spawn({"-q", "-t", "1", "--csv", csv, fifo}, -1, err);
    // Open, so its handler is installed: the signal cannot kill it unheard.
    EXPECT_TRUE(Eventually([&] { return HasOpen(pid, fifo); }))
        << "bench never opened the FIFO";
    kill(pid, signal);
    const Ending ending = WaitFor(pid, err);
    EXPECT_EQ(ending.exit_code, signal == SIGINT ? 130 : 143) << ending.err;
    EXPECT_TRUE(Has(ending.err, fifo + ": interrupted")) << ending.err;
    const ReportRow row = OnlyRow(csv);
    EXPECT_FALSE(row.complete);
    EXPECT_EQ(row.puzzles, 0u);
    struct stat st {};
    EXPECT_EQ(stat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
  }
}

// `sleep 20 | bench -`: a line comes, then nothing. The signal stops the
// wait for the next; the line that came is accounted.
TEST(Faults, PipeThatWaitsStopsOnASignal) {
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal == SIGINT ? "SIGINT" : "SIGTERM");
    int ends[2];
    ASSERT_EQ(pipe(ends), 0);
    const std::string csv = TempPath("pipe.csv");
    const std::string err = TempPath("pipe_err.txt");
    const pid_t pid = Spawn({"-q", "-t", "1", "--csv", csv, "-"}, ends[0], err);
    close(ends[0]);
    const std::string line = kPuzzle + "\n";
    ASSERT_EQ(write(ends[1], line.data(), line.size()),
              static_cast<ssize_t>(line.size()));
    // Drained: bench is reading, and waits for more.
    EXPECT_TRUE(Eventually([&] {
      int queued = 0;
      return ioctl(ends[1], FIONREAD, &queued) == 0 && queued == 0;
    }));
    kill(pid, signal);
    const Ending ending = WaitFor(pid, err);
    close(ends[1]);
    EXPECT_EQ(ending.exit_code, signal == SIGINT ? 130 : 143) << ending.err;
    // The line read waits in an unfinished batch, and a stop starts no
    // solve (docs/cli.md, Stopping a run): it is not accounted.
    EXPECT_TRUE(Has(ending.err, "-: interrupted; the reports cover lines 1..0"))
        << ending.err;
    const ReportRow row = OnlyRow(csv);
    EXPECT_FALSE(row.complete);
    EXPECT_EQ(row.puzzles, 0u);
  }
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // their shadow memory needs terabytes
#else
constexpr bool kSanitized = false;
#endif

// Memory runs out mid-pass (ulimit -v; --slowest keeps a puzzle a line, so
// the run needs more the further it gets): exit 2, a message that says
// what could not be had, and the lines accounted before it in a report
// that says it is partial.
TEST(Faults, OutOfMemoryEndsThePassWithAPartialReport) {
  if (kSanitized) GTEST_SKIP() << "no address-space limit under a sanitizer";
  // 600,000 puzzles of 80 givens: --slowest 1000000 then wants 112 MB for
  // its puzzles, more than the limit leaves after bench's own 50 MB or so.
  std::string text;
  const std::string easy = "." + testing::kSampleSolution.substr(1) + "\n";
  for (int i = 0; i < 600000; ++i) text += easy;
  const std::string dataset = WriteTempFile("easy_many.txt", text);
  text.clear();
  const std::string csv = TempPath("oom.csv");
  const Untouched input({dataset});
  const BenchRun run = BenchUnder(
      "ulimit -v 180000; exec ",
      "-q -t 2 -s bitmask --slowest 1000000 --csv " + csv + " " + dataset);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(Has(run.err, "out of memory (an allocation failed)")) << run.err;
  EXPECT_FALSE(Has(run.err, "crashed")) << run.err;
  const ReportRow row = OnlyRow(csv);
  EXPECT_FALSE(row.complete);
  EXPECT_GT(row.puzzles, 0u);
  EXPECT_LT(row.puzzles, 600000u);
  EXPECT_EQ(row.solved, row.puzzles);
  input.Check();
  std::filesystem::remove(dataset);
}

// A plugin that calls exit(0) inside its solve function: not a pass. The
// strategy and line are named, the CSV holds what was accounted (nothing,
// here) marked partial, and the exit status is 2.
TEST(Faults, PluginThatCallsExitIsNeverAPass) {
  const std::string dataset =
      WriteTempFile("exit_zero.txt", PuzzleLines(300, 150));
  const std::string csv = TempPath("exit_zero.csv");
  const Untouched inputs({dataset, EXIT_ZERO_PLUGIN});
  for (const char* threads : {"1", "2"}) {
    SCOPED_TRACE(std::string("threads ") + threads);
    const BenchRun run =
        Bench(std::string("-t ") + threads + " --plugin " + EXIT_ZERO_PLUGIN +
              " -s exit-zero --csv " + csv + " " + dataset);
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_TRUE(Has(run.err,
                    "bench: exit(0) was called while solving:\n"
                    "  exit-zero on " +
                        dataset + ":150 (the exiting thread)\n"))
        << run.err;
    EXPECT_TRUE(Has(run.err,
                    "bench: the run did not finish: exit status 2, "
                    "not 0"))
        << run.err;
    const ReportRow row = OnlyRow(csv);
    EXPECT_FALSE(row.complete);
    EXPECT_EQ(row.strategy, "exit-zero");
  }
  inputs.Check();
}

}  // namespace
}  // namespace sudoku
