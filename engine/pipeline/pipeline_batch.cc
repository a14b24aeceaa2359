// The pool that recycles the pipeline's batches.
#include "engine/pipeline/pipeline_batch.h"

#include "engine/pipeline/tsan_handoff.h"

namespace sudoku {

// The marks are TSan's view of the recycling: a batch given back on one
// thread is taken over by whichever thread takes it next, or by the thread
// that frees the pool.
BatchPool::~BatchPool() {
  for (const auto& batch : made_) TakeOver(batch.get());
}

Batch* BatchPool::Take() {
  {
    std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      Batch* batch = free_.back();
      free_.pop_back();
      TakeOver(batch);
      batch->lines.clear();
      batch->text.clear();
      batch->problems.clear();
      return batch;
    }
  }
  std::unique_ptr<Batch> batch = make_ ? make_() : std::make_unique<Batch>();
  batch->lines.reserve(batch_size_);
  batch->text.reserve(batch_size_ * 96);
  std::lock_guard lock(mutex_);
  made_.push_back(std::move(batch));
  return made_.back().get();
}

void BatchPool::Give(Batch* batch) {
  HandOff(batch);
  std::lock_guard lock(mutex_);
  free_.push_back(batch);
}

}  // namespace sudoku
