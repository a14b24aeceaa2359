// The per-thread records behind MarkInFlight, and their reader for a crash
// handler.
#include "engine/pipeline/in_flight.h"

#include <array>
#include <atomic>

namespace sudoku {
namespace {

// More threads than this solving at once go unrecorded (and are counted).
constexpr size_t kRecords = 256;

// One thread's puzzle in flight, written by its owner thread only. Every
// field is a lock-free atomic, so a signal handler on any thread may read
// it: `strategy` is stored last and cleared first, so a non-null strategy
// means the other fields are set. Pointers, not copies: each field is then
// one store. The objects pointed to live while their thread solves; a
// reader racing an owner that has moved on may, rarely, read a path the
// run has freed since (the crashing thread's own record is always exact).
struct alignas(64) Record {  // a cache line each: owners never share one
  std::atomic<bool> owned{false};
  std::atomic<const Strategy*> strategy{nullptr};
  std::atomic<const std::string*> path{nullptr};
  std::atomic<uint64_t> line{0};
};
static_assert(std::atomic<const Strategy*>::is_always_lock_free &&
                  std::atomic<uint64_t>::is_always_lock_free,
              "a signal handler may only read lock-free atomics");

// Global by necessity: a signal handler can reach nothing else. Only
// atomics, each record written by the one thread that owns it.
std::array<Record, kRecords> records;
std::atomic<size_t> unrecorded_threads{0};

// The calling thread's record: trivially destructible and constant-
// initialized, so the fast path and the signal handler read it without
// running any thread-local initialization.
constinit thread_local Record* own_record = nullptr;

// Gives the thread's record back when the thread ends (worker threads come
// and go: tests start many). Touched only when a thread first solves.
class RecordClaim {
 public:
  ~RecordClaim() {
    if (own_record != nullptr) {
      // Ended inside a solve, which only a strategy that calls exit() or
      // pthread_exit() does (exit() destroys the thread's objects before
      // its handlers run): the record keeps its puzzle and its owner, for
      // the report bench's exit guard writes next.
      if (own_record->strategy.load(std::memory_order_relaxed) != nullptr) {
        return;
      }
      own_record->owned.store(false, std::memory_order_release);
      own_record = nullptr;
    } else if (gave_up_) {
      unrecorded_threads.fetch_sub(1, std::memory_order_relaxed);
    }
  }

  // Claims a free record for the calling thread, once; false when every
  // record is taken (then the thread stays unrecorded for its lifetime).
  bool Claim() {
    if (gave_up_) return false;
    for (Record& record : records) {
      bool free = false;
      if (!record.owned.load(std::memory_order_relaxed) &&
          record.owned.compare_exchange_strong(free, true,
                                               std::memory_order_acquire)) {
        own_record = &record;
        return true;
      }
    }
    gave_up_ = true;
    unrecorded_threads.fetch_add(1, std::memory_order_relaxed);
    return false;
  }

 private:
  bool gave_up_ = false;
};

thread_local RecordClaim claim;

// Out of line, so the path taken on every solve but a thread's first saves
// no registers.
[[gnu::noinline, gnu::cold]] Record* ClaimRecord() {
  return claim.Claim() ? own_record : nullptr;
}

// Appends `record`'s puzzle to `out` when one is in flight.
void Append(const Record& record, bool this_thread, InFlightPuzzle* out,
            size_t capacity, size_t& count) {
  if (count == capacity) return;
  const Strategy* strategy = record.strategy.load(std::memory_order_acquire);
  if (strategy == nullptr) return;
  const std::string* path = record.path.load(std::memory_order_relaxed);
  InFlightPuzzle& puzzle = out[count++];
  puzzle.strategy = strategy->name;
  puzzle.path = path != nullptr ? std::string_view(*path) : std::string_view();
  puzzle.line = record.line.load(std::memory_order_relaxed);
  puzzle.this_thread = this_thread;
}

}  // namespace

void MarkInFlight(const Strategy& strategy, const std::string& path,
                  uint64_t line) {
  Record* record = own_record;
  if (record == nullptr && (record = ClaimRecord()) == nullptr) return;
  record->path.store(&path, std::memory_order_relaxed);
  record->line.store(line, std::memory_order_relaxed);
  // Release: whoever sees the strategy sees the path and line with it.
  record->strategy.store(&strategy, std::memory_order_release);
}

void ClearInFlight() {
  if (Record* record = own_record) {
    record->strategy.store(nullptr, std::memory_order_relaxed);
  }
}

size_t ReadInFlight(InFlightPuzzle* out, size_t capacity) {
  size_t count = 0;
  const Record* mine = own_record;
  if (mine != nullptr) Append(*mine, true, out, capacity, count);
  for (const Record& record : records) {
    if (&record != mine) Append(record, false, out, capacity, count);
  }
  return count;
}

size_t UnrecordedThreads() {
  return unrecorded_threads.load(std::memory_order_relaxed);
}

}  // namespace sudoku
