// Tests of SpillSorter: sorting past its memory through runs on disk and
// merge passes, and a temporary directory that is not there.
#include "tools/lib/spill_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

namespace sudoku {
namespace {

TEST(SpillSorter, SortsPastMemoryThroughRunsAndMergePasses) {
  std::mt19937_64 rng(1);
  std::vector<uint64_t> values(300'000);
  for (uint64_t& v : values) v = rng() % 100'000;
  // 1,024 records a run: 293 runs, more than one merge pass takes.
  SpillSorter<uint64_t> sorter(1, ::testing::TempDir());
  for (const uint64_t v : values) sorter.Add(v);
  EXPECT_GT(sorter.runs_written(), 256u);
  std::vector<uint64_t> sorted;
  sorter.Drain([&](const uint64_t& v) { sorted.push_back(v); });
  std::sort(values.begin(), values.end());
  EXPECT_EQ(sorted, values);
}

TEST(SpillSorter, MissingTemporaryDirectoryThrows) {
  SpillSorter<uint64_t> sorter(1, "/nonexistent/dir");
  EXPECT_THROW(for (uint64_t v = 0; v < 5000; ++v) sorter.Add(v),
               std::runtime_error);
}

}  // namespace
}  // namespace sudoku
