// Joins a pass's stages in one oneTBB parallel_pipeline: a serial reader, a
// parallel worker and a serial consumer in input order, for bench's solving
// pass and the tools' scans alike.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace sudoku {

class Accountant;
class BatchPool;
class BatchReader;
class BatchSolver;

// The threads the stages run on, made before a pass starts its clocks: the
// first arena in a process also sets oneTBB itself up (its allocator and its
// thread manager, about 0.9 ms of CPU here), which is start-up like loading
// the libraries, not the pass's work, and fell on the first dataset alone.
// While it lives, no parallel loop of the process (ParallelRanges) runs on
// more than `threads` threads either: it is a program's thread limit.
class StageThreads {
 public:
  explicit StageThreads(int threads);
  ~StageThreads();
  StageThreads(const StageThreads&) = delete;
  StageThreads& operator=(const StageThreads&) = delete;

  int threads() const { return threads_; }

  // Runs read -> work -> consume, with a few tokens per thread in flight,
  // until read returns nullptr. read and consume are serial: one call at a
  // time, consume in the order read made the tokens; work runs on many
  // tokens at once, on any threads. The tokens are the caller's (consume
  // typically gives them back to a pool). When Run returns, what the stages
  // keep may be read on the calling thread.
  template <typename Token>
  void Run(const std::function<Token*()>& read,
           const std::function<void(Token&)>& work,
           const std::function<void(Token*)>& consume) {
    RunTokens([&read]() -> void* { return read(); },
              [&work](void* token) { work(*static_cast<Token*>(token)); },
              [&consume](void* token) { consume(static_cast<Token*>(token)); });
  }

  // bench's solving pass: reader -> solver -> accountant, the batches taken
  // from and given back to `pool`.
  void Run(BatchPool& pool, BatchReader& reader, BatchSolver& solver,
           Accountant& accountant);

 private:
  void RunTokens(const std::function<void*()>& read,
                 const std::function<void(void*)>& work,
                 const std::function<void(void*)>& consume);

  struct Arena;  // oneTBB's, kept out of this header
  const int threads_;
  std::unique_ptr<Arena> arena_;
};

// Calls body(begin, end) over disjoint ranges that cover [0, count), each of
// about `grain` items, on idle threads, and returns when all are done; so a
// token holding a few slow items does not keep one thread busy alone. In a
// work stage `token` is the stage's token, whose data passes to each range
// and back; elsewhere nullptr.
void ParallelRanges(const void* token, size_t count, size_t grain,
                    const std::function<void(size_t, size_t)>& body);

}  // namespace sudoku
