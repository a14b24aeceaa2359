// The in-flight records a crash report reads: what each thread is solving,
// the reading thread's own puzzle first, threads beyond the records counted.
#include "engine/pipeline/in_flight.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <latch>
#include <string>
#include <thread>
#include <vector>

namespace sudoku {
namespace {

Strategy Named(std::string_view name) {
  Strategy strategy{};
  strategy.name = name;
  return strategy;
}

std::vector<InFlightPuzzle> Read() {
  std::vector<InFlightPuzzle> puzzles(1024);
  puzzles.resize(ReadInFlight(puzzles.data(), puzzles.size()));
  return puzzles;
}

// Starts `count` threads that each mark line 1000 + i of `path` with
// `strategy` and wait; `Release()` lets them clear and end.
class MarkingThreads {
 public:
  MarkingThreads(int count, const Strategy& strategy, const std::string& path)
      : marked_(count) {
    for (int i = 0; i < count; ++i) {
      threads_.emplace_back([this, i, &strategy, &path] {
        MarkInFlight(strategy, path, 1000 + i);
        marked_.count_down();
        release_.wait();
        ClearInFlight();
      });
    }
    marked_.wait();
  }
  void Release() {
    release_.count_down();
    for (std::thread& thread : threads_) thread.join();
  }

 private:
  std::latch marked_;
  std::latch release_{1};
  std::vector<std::thread> threads_;
};

TEST(InFlight, MarkedUntilCleared) {
  const Strategy strategy = Named("alpha");
  const std::string path = "datasets/x.txt";
  EXPECT_TRUE(Read().empty());
  MarkInFlight(strategy, path, 17);
  const std::vector<InFlightPuzzle> puzzles = Read();
  ASSERT_EQ(puzzles.size(), 1u);
  EXPECT_EQ(puzzles[0].strategy, "alpha");
  EXPECT_EQ(puzzles[0].path, "datasets/x.txt");
  EXPECT_EQ(puzzles[0].line, 17u);
  EXPECT_TRUE(puzzles[0].this_thread);
  ClearInFlight();
  EXPECT_TRUE(Read().empty());
}

TEST(InFlight, EveryThreadReadTheReadersOwnFirst) {
  const Strategy mine = Named("mine"), theirs = Named("theirs");
  const std::string path = "a.txt";
  MarkingThreads others(3, theirs, path);
  MarkInFlight(mine, path, 5);
  const std::vector<InFlightPuzzle> puzzles = Read();
  ClearInFlight();
  others.Release();
  ASSERT_EQ(puzzles.size(), 4u);
  EXPECT_EQ(puzzles[0].strategy, "mine");
  EXPECT_EQ(puzzles[0].line, 5u);
  EXPECT_TRUE(puzzles[0].this_thread);
  std::vector<uint64_t> lines;
  for (size_t i = 1; i < puzzles.size(); ++i) {
    EXPECT_EQ(puzzles[i].strategy, "theirs");
    EXPECT_EQ(puzzles[i].path, "a.txt");
    EXPECT_FALSE(puzzles[i].this_thread);
    lines.push_back(puzzles[i].line);
  }
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<uint64_t>{1000, 1001, 1002}));
  EXPECT_TRUE(Read().empty());
}

TEST(InFlight, ThreadsBeyondTheRecordsAreCountedThenRecordsReturn) {
  const Strategy strategy = Named("many");
  const std::string path = "b.txt";
  MarkingThreads many(300, strategy, path);
  const size_t recorded = Read().size();
  const size_t unrecorded = UnrecordedThreads();
  many.Release();
  EXPECT_GT(unrecorded, 0u);
  EXPECT_EQ(recorded + unrecorded, 300u);
  EXPECT_EQ(UnrecordedThreads(), 0u);
  // Ended threads gave their records back: a new one is recorded.
  MarkingThreads one(1, strategy, path);
  EXPECT_EQ(Read().size(), 1u);
  one.Release();
}

}  // namespace
}  // namespace sudoku
