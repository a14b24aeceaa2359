// The reentrancy rule of strategies/strategy.h, for every registered strategy:
// several threads at once give the single-thread answers and node counts, and
// once a thread has made its first call, its calls allocate nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <latch>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "strategies/registry.h"
#include "strategies/strategy.h"
#include "tests/fixtures.h"

namespace {

// Calls of the replaced operator new below made by this thread.
thread_local uint64_t allocations_on_this_thread = 0;

void* CountedAllocation(std::size_t size) {
  ++allocations_on_this_thread;
  return std::malloc(size == 0 ? 1 : size);
}

}  // namespace

// Every non-aligned form of new and delete is replaced (this binary only), so
// that each allocation is counted and each pair stays malloc/free, which the
// sanitizers accept. The aligned forms are left to the library. GCC, seeing
// free() where it inlines a delete, takes it for a mismatch with new
// (-Wmismatched-new-delete at -O1); here new is malloc, so it is not one.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  if (void* p = CountedAllocation(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return CountedAllocation(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return CountedAllocation(size);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
#pragma GCC diagnostic pop

namespace sudoku {
namespace {

using testing::SeedFixture;
using testing::SeedFixtures;

// Cuts the seeds' whole trees short: a search stopped by its budget must be
// as reentrant as one that finishes.
constexpr uint64_t kBudget = 10'000;
constexpr uint32_t kLimit = 2;
constexpr int kThreads = 4;
constexpr std::chrono::milliseconds kMinBusy{50};

struct Answer {
  Outcome outcome;
  uint32_t solutions;
  uint64_t nodes;
  bool guessed;
  Grid solution;
  bool operator==(const Answer&) const = default;
};

Answer Solve(const Strategy& strategy, const Grid& puzzle) {
  const SolveResult r = strategy.solve(puzzle, kLimit, kBudget);
  return {r.outcome, r.solutions, r.nodes, r.guessed,
          r.solutions > 0 ? r.solution : Grid{}};
}

// For each strategy in turn, kThreads threads start together and each solves
// every fixture, from its own offset in the list, so that one strategy runs
// on different puzzles at the same moment; a thread goes round the list
// again until it has been busy for kMinBusy, so that the fast strategies
// overlap across cores too.
TEST(Reentrancy, ThreadsAtOnceGiveTheSingleThreadAnswers) {
  const std::vector<SeedFixture>& fixtures = SeedFixtures();
  ASSERT_FALSE(fixtures.empty());
  int checked = 0;
  for (const Strategy& s : AllStrategies()) {
    std::vector<Answer> alone;
    for (const SeedFixture& f : fixtures) alone.push_back(Solve(s, f.puzzle));
    std::vector<std::vector<std::string>> differences(kThreads);
    std::latch start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        const auto until = std::chrono::steady_clock::now() + kMinBusy;
        const size_t offset = fixtures.size() * t / kThreads;
        do {
          for (size_t k = 0; k < fixtures.size(); ++k) {
            const size_t i = (k + offset) % fixtures.size();
            const Answer answer = Solve(s, fixtures[i].puzzle);
            if (answer == alone[i]) continue;
            differences[t].push_back(
                "fixture line " + std::to_string(fixtures[i].line) +
                ": nodes " + std::to_string(answer.nodes) + ", alone " +
                std::to_string(alone[i].nodes));
          }
        } while (std::chrono::steady_clock::now() < until);
      });
    }
    for (std::thread& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t) {
      EXPECT_TRUE(differences[t].empty())
          << s.name << " on thread " << t << ", " << differences[t].size()
          << " answers differ, first " << differences[t].front();
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// The first call on a thread may build its per-thread state (dlx's matrix);
// from then on no call may touch the heap.
TEST(Reentrancy, NoHeapAfterAThreadsFirstCall) {
  int checked = 0;
  for (const Strategy& s : AllStrategies()) {
    uint64_t allocations = 0;
    std::thread worker([&] {
      Solve(s, SeedFixtures().front().puzzle);
      const uint64_t before = allocations_on_this_thread;
      for (const SeedFixture& f : SeedFixtures()) Solve(s, f.puzzle);
      allocations = allocations_on_this_thread - before;
    });
    worker.join();
    EXPECT_EQ(allocations, 0u) << s.name;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// The counter above must see allocations, or the test proves nothing.
TEST(Reentrancy, AllocationsAreCounted) {
  const uint64_t before = allocations_on_this_thread;
  // volatile: an allocation that is never used may be optimized away.
  void* volatile memory = ::operator new(64);
  EXPECT_GT(allocations_on_this_thread, before);
  ::operator delete(memory);
}

}  // namespace
}  // namespace sudoku
