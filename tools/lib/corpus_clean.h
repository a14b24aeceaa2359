// corpus clean's decisions: which rows of a training and a test set to drop
// (bad, repeating an earlier row of their set, leaking from training), made
// from check's verdict and the leak passes' leaks, then asked in row order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "strategies/strategy.h"
#include "tools/lib/corpus_check.h"
#include "tools/lib/corpus_leaks.h"
#include "tools/lib/corpus_scan.h"
#include "tools/lib/leak_kinds.h"

namespace sudoku {

// The two inputs, by file index in the scan.
inline constexpr uint32_t kCleanTrain = 0, kCleanTest = 1;

enum class DropReason : uint8_t { kBad, kLeak, kDuplicate };  // first wins

// A dropped row: its position (Position(file, line)), why, of which kind
// (RowStatus for kBad, LeakKind otherwise), and the row it repeats or leaks
// from (0: none).
struct Drop {
  uint64_t position = 0;
  DropReason reason = DropReason::kBad;
  uint8_t kind = 0;
  uint64_t partner = 0;
  std::string detail;  // the verdict's detail, for a bad row
};

// What was kept and dropped of one set.
struct CleanSetCounts {
  uint64_t rows = 0, kept = 0;
  std::array<uint64_t, kRowStatuses> bad{};
  std::array<uint64_t, kLeakKinds> duplicates{}, leaks{};
};

// Classifies a row as every corpus command does and keys it as corpus leak
// does (KeyLeakRow): CorpusScan::judge of clean's pass.
void JudgeCleanRow(CorpusRow& row, const ScanLine& line,
                   const Strategy& strategy);

class CorpusCleaner {
 public:
  // Test rows whose strongest leak from the training set is of `leak_kinds`
  // are dropped, and rows whose strongest repeat of an earlier row of their
  // own set is of `dupe_kinds`. Both sets are closed under stronger kinds
  // (LeakKindSet::AndStronger), so that no row of a named kind is left.
  CorpusCleaner(LeakKindSet leak_kinds, LeakKindSet dupe_kinds,
                size_t memory_bytes, const std::string& temp_dir);

  // A row judged by JudgeCleanRow, in input order (file kCleanTrain, then
  // kCleanTest): a bad row is dropped, a good one grouped. Duplicates are
  // found among good rows only, and leaks from the good training rows:
  // a superset of those kept, so no kept test row leaks from a kept one.
  void Add(const CorpusRow& row);

  // Runs the three leak passes (repeats within training, within test, test
  // against training) and orders the drops. Call once, after every Add.
  void Finish(const std::vector<std::string>& paths);

  // The drop of the row at `position`, or null; asked in position order.
  const Drop* Dropped(uint64_t position);

  // Counts every row asked of Dropped, by set.
  const std::array<CleanSetCounts, 2>& counts() const { return counts_; }

  LeakKindSet leak_kinds() const { return leak_kinds_; }
  LeakKindSet dupe_kinds() const { return dupe_kinds_; }

 private:
  LeakKindSet leak_kinds_, dupe_kinds_;
  CorpusLeaks train_dupes_, test_dupes_, leaks_;
  std::vector<Drop> drops_;
  size_t next_ = 0;
  std::array<CleanSetCounts, 2> counts_;
};

// The dropped-rows CSV (corpus clean -o): its header line, and one row a
// drop, each field quoted when it must be (RFC 4180):
//   file,line,reason,kind,partner_file,partner_line,detail
//   test.csv,7,leak,more clues,train.csv,3,
std::string DropCsvHeader();
std::string DropCsvLine(const std::vector<std::string>& paths,
                        const Drop& drop);

}  // namespace sudoku
