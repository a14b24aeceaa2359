// Sorting fixed-size records within a memory budget: in memory while they fit,
// else as sorted runs in temporary files merged at the end.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <type_traits>
#include <vector>

namespace sudoku {

// An unnamed temporary file (made in `dir` and unlinked at once, so it goes
// away with the process however it ends), written once, then read back.
// Throws std::runtime_error, naming `dir`, when it cannot be made, written
// or read (a full disk).
class RunFile {
 public:
  explicit RunFile(const std::string& dir);
  ~RunFile();
  RunFile(const RunFile&) = delete;
  RunFile& operator=(const RunFile&) = delete;

  void Write(const void* data, size_t bytes);
  // Ends writing; reading starts at the beginning.
  void Rewind();
  // Up to `bytes` bytes; 0 at the end.
  size_t Read(void* data, size_t bytes);

 private:
  std::FILE* file_ = nullptr;
  std::string dir_;
};

// Sorts Records (trivially copyable, ordered by Less) with at most about
// `memory_bytes` of them in memory: past that, each full buffer is sorted
// and written to a RunFile, and Drain merges the runs (256 at a time, in
// passes, so any number of runs merges with a bounded number of open files).
template <typename Record, typename Less = std::less<Record>>
class SpillSorter {
  static_assert(std::is_trivially_copyable_v<Record>);

 public:
  SpillSorter(size_t memory_bytes, std::string temp_dir)
      : capacity_(std::max<size_t>(memory_bytes / sizeof(Record), 1024)),
        temp_dir_(std::move(temp_dir)) {}

  void Add(const Record& record) {
    if (buffer_.size() == capacity_) Spill();
    buffer_.push_back(record);
    ++count_;
  }

  uint64_t count() const { return count_; }
  // Runs written to disk so far (0 while everything fits in memory).
  uint64_t runs_written() const { return runs_written_; }

  // Calls visit(record) for every record in order, once; the sorter is
  // empty afterwards.
  void Drain(const std::function<void(const Record&)>& visit) {
    std::sort(buffer_.begin(), buffer_.end(), Less());
    if (runs_.empty()) {
      for (const Record& record : buffer_) visit(record);
      Release();
      return;
    }
    Spill();
    while (runs_.size() > kFanIn) {
      // Merge the oldest kFanIn runs into one, until few enough are left.
      std::vector<std::unique_ptr<RunFile>> group;
      for (size_t i = 0; i < kFanIn; ++i) {
        group.push_back(std::move(runs_[i]));
      }
      runs_.erase(runs_.begin(), runs_.begin() + kFanIn);
      auto merged = std::make_unique<RunFile>(temp_dir_);
      Merge(group, [&](const Record& record) {
        merged->Write(&record, sizeof(Record));
      });
      merged->Rewind();
      runs_.push_back(std::move(merged));
    }
    Merge(runs_, visit);
    Release();
  }

 private:
  static constexpr size_t kFanIn = 256;
  static constexpr size_t kReadBuffer = 4096;  // records per run at a time

  // A sorted run read back a buffer at a time.
  struct RunReader {
    RunFile* file;
    std::vector<Record> buffer;
    size_t at = 0;
    bool Next() {
      if (++at < buffer.size()) return true;
      buffer.resize(kReadBuffer);
      const size_t bytes =
          file->Read(buffer.data(), kReadBuffer * sizeof(Record));
      buffer.resize(bytes / sizeof(Record));
      at = 0;
      return !buffer.empty();
    }
    const Record& current() const { return buffer[at]; }
  };

  void Spill() {
    if (buffer_.empty()) return;
    std::sort(buffer_.begin(), buffer_.end(), Less());
    auto run = std::make_unique<RunFile>(temp_dir_);
    run->Write(buffer_.data(), buffer_.size() * sizeof(Record));
    run->Rewind();
    runs_.push_back(std::move(run));
    ++runs_written_;
    buffer_.clear();
  }

  void Merge(std::vector<std::unique_ptr<RunFile>>& runs,
             const std::function<void(const Record&)>& visit) {
    std::vector<RunReader> readers;
    readers.reserve(runs.size());
    for (auto& run : runs) {
      RunReader reader{run.get(), {}, 0};
      reader.at = static_cast<size_t>(-1);  // Next() reads the first buffer
      reader.buffer.clear();
      if (reader.Next()) readers.push_back(std::move(reader));
    }
    // A min-heap of reader indices by their current record.
    auto later = [&](size_t a, size_t b) {
      return Less()(readers[b].current(), readers[a].current());
    };
    std::priority_queue<size_t, std::vector<size_t>, decltype(later)> heap(
        later);
    for (size_t i = 0; i < readers.size(); ++i) heap.push(i);
    while (!heap.empty()) {
      const size_t i = heap.top();
      heap.pop();
      visit(readers[i].current());
      if (readers[i].Next()) heap.push(i);
    }
    runs.clear();
  }

  void Release() {
    std::vector<Record>().swap(buffer_);
    runs_.clear();
  }

  size_t capacity_;
  std::string temp_dir_;
  std::vector<Record> buffer_;
  std::vector<std::unique_ptr<RunFile>> runs_;
  uint64_t count_ = 0;
  uint64_t runs_written_ = 0;
};

}  // namespace sudoku
