// Tests for a pass that ends early: memory or a thread that could not be
// had, read errors, --strict. What was accounted stands, whole batches
// only, and the result says it is not complete.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cerrno>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "engine/input/input.h"
#include "engine/pipeline/driver.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;
// The puzzle the failing strategies fail on: its first cell emptied.
const std::string kTrigger = "." + testing::kSamplePuzzle.substr(1);

// `count` lines of the sample puzzle, line `trigger` (1-based) kTrigger.
std::string Lines(int count, int trigger) {
  std::string text;
  for (int line = 1; line <= count; ++line) {
    text += (line == trigger ? kTrigger : kPuzzle) + "\n";
  }
  return text;
}

// Solves as bitmask does, but throws `Error` on kTrigger.
template <typename Error>
SolveResult FailOnTrigger(const Grid& givens, uint32_t limit, uint64_t budget) {
  if (givens[0] == 0) {
    if constexpr (std::is_same_v<Error, std::system_error>) {
      throw std::system_error(EAGAIN, std::generic_category(), "thread");
    } else if constexpr (std::is_same_v<Error, std::logic_error>) {
      throw std::logic_error("a bug");
    } else {
      throw Error();
    }
  }
  return FindStrategy("bitmask")->solve(givens, limit, budget);
}

constexpr Strategy kOutOfMemory{"out-of-memory", "throws std::bad_alloc",
                                &FailOnTrigger<std::bad_alloc>,
                                kCountsSolutions, "node"};
constexpr Strategy kNoThread{"no-thread", "throws std::system_error",
                             &FailOnTrigger<std::system_error>,
                             kCountsSolutions, "node"};
constexpr Strategy kBuggy{"buggy", "throws std::logic_error",
                          &FailOnTrigger<std::logic_error>, kCountsSolutions,
                          "node"};

RunOptions Options(const Strategy& strategy, int threads) {
  RunOptions options;
  options.strategies = {&strategy};
  options.threads = threads;
  options.batch_size = 10;
  return options;
}

// Whole batches of 10 before line 55, every one of them counted alike.
void ExpectWholeBatchesBefore55(const DatasetResult& r) {
  EXPECT_FALSE(r.complete());
  EXPECT_LT(r.lines_read, 55u);
  EXPECT_EQ(r.lines_read % 10, 0u);
  EXPECT_EQ(r.puzzle_lines, r.lines_read);
  EXPECT_EQ(r.last_line, r.lines_read);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].puzzles(), r.lines_read);
  EXPECT_EQ(r.stats[0].count(Verdict::kSolved), r.lines_read);
}

TEST(PassFaults, OutOfMemoryEndsThePassWithWhatWasAccounted) {
  const std::string path = WriteTempFile("oom.txt", Lines(200, 55));
  for (const int threads : {1, 3}) {
    SCOPED_TRACE(threads);
    RunObserver quiet;
    const DatasetResult r =
        RunDataset(path, Options(kOutOfMemory, threads), quiet);
    ExpectWholeBatchesBefore55(r);
    EXPECT_EQ(r.read_error.rfind(path + ": out of memory (an allocation "
                                        "failed); the pass stopped ",
                                 0),
              0u)
        << r.read_error;
    EXPECT_EQ(r.PartialReason(), "the pass ended early at the error above");
  }
}

TEST(PassFaults, AThreadThatCannotStartEndsThePass) {
  const std::string path = WriteTempFile("no_thread.txt", Lines(200, 55));
  RunObserver quiet;
  const DatasetResult r = RunDataset(path, Options(kNoThread, 2), quiet);
  ExpectWholeBatchesBefore55(r);
  EXPECT_NE(r.read_error.find(": a thread could not be started (thread: "),
            std::string::npos)
      << r.read_error;
}

// A bug is no shortage: it goes on up, as before.
TEST(PassFaults, OtherExceptionsAreNotCaught) {
  const std::string path = WriteTempFile("buggy.txt", Lines(20, 5));
  RunObserver quiet;
  EXPECT_THROW(RunDataset(path, Options(kBuggy, 2), quiet), std::logic_error);
}

// An observer that runs out of memory while it is told of a batch: the batch
// was counted whole before it was told.
TEST(PassFaults, AnObserverThatFailsLeavesItsBatchWhole) {
  class FailsOnTheBadLine : public RunObserver {
   public:
    void OnProblem(const std::string&, bool) override {
      throw std::bad_alloc();
    }
    bool WantsRecords() const override { return false; }
  } observer;
  std::string text = Lines(30, 0);
  text += "not a puzzle\n" + Lines(30, 0);
  const std::string path = WriteTempFile("observer.txt", text);
  RunOptions options = Options(*FindStrategy("bitmask"), 1);
  const DatasetResult r = RunDataset(path, options, observer);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.lines_read, 40u);  // the batch of lines 31..40, told last
  EXPECT_EQ(r.puzzle_lines, 40u);
  EXPECT_EQ(r.malformed, 1u);
  EXPECT_EQ(r.stats[0].puzzles(), 40u);
  EXPECT_EQ(r.stats[0].count(Verdict::kMalformed), 1u);
}

std::string Gzip(const std::string& text) {
  std::string out(compressBound(static_cast<uLong>(text.size())) + 64, '\0');
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A read error: not complete, and the line it cut counted, malformed.
TEST(PassFaults, AReadErrorLeavesThePassIncompleteAndItsLineCounted) {
  std::string text;
  for (int i = 0; i < 3000; ++i)
    text += kPuzzle + " # " + std::to_string(i) + "\n";
  const std::string gzip = Gzip(text);
  const std::string path =
      WriteTempFile("cut.txt.gz", gzip.substr(0, gzip.size() / 2));
  class Bad : public RunObserver {
   public:
    void OnProblem(const std::string& message, bool) override {
      messages.push_back(message);
    }
    std::vector<std::string> messages;
  } observer;
  RunOptions options = Options(*FindStrategy("bitmask"), 2);
  const DatasetResult r = RunDataset(path, options, observer);
  EXPECT_FALSE(r.complete());
  const std::string line = std::to_string(r.lines_read);
  EXPECT_EQ(r.read_error, path + ":" + line +
                              ": gzip data ends early (truncated file); "
                              "reading stopped at line " +
                              line);
  EXPECT_EQ(r.malformed, 1u);
  EXPECT_EQ(r.puzzle_lines, r.lines_read);
  EXPECT_EQ(r.last_line, r.lines_read);
  ASSERT_EQ(observer.messages.size(), 1u);
  EXPECT_EQ(observer.messages[0],
            path + ":" + line + ": " + Input::UnfinishedReason());
}

TEST(PassFaults, AStrictStopIsNotComplete) {
  const std::string path =
      WriteTempFile("strict.txt", kPuzzle + "\nshort\n" + kPuzzle + "\n");
  RunObserver quiet;
  RunOptions options = Options(*FindStrategy("bitmask"), 1);
  options.strict = true;
  const DatasetResult r = RunDataset(path, options, quiet);
  EXPECT_TRUE(r.stopped_strict);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.PartialReason(), "stopped at the first bad line (--strict)");
}

}  // namespace
}  // namespace sudoku
