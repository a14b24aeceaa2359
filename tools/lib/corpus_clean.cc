// corpus clean's decisions: the one row verdict, then three leak passes over the
// good rows, merged into one ordered list of drops.
#include "tools/lib/corpus_clean.h"

#include <algorithm>

#include "engine/report/report_schema.h"

namespace sudoku {
namespace {

constexpr std::string_view kReasonNames[] = {"bad", "leak", "duplicate"};

}  // namespace

void JudgeCleanRow(CorpusRow& row, const ScanLine& line,
                   const Strategy& strategy) {
  KeyLeakRow(row, line, strategy);
}

// Each pass gets a third of the memory bound; training rows are in two of
// them, and so are test rows.
CorpusCleaner::CorpusCleaner(LeakKindSet leak_kinds, LeakKindSet dupe_kinds,
                             size_t memory_bytes, const std::string& temp_dir)
    : leak_kinds_(leak_kinds.AndStronger()),
      dupe_kinds_(dupe_kinds.AndStronger()),
      train_dupes_(LeakScope::WithinOneSet(), memory_bytes / 3, temp_dir),
      test_dupes_(LeakScope::WithinOneSet(), memory_bytes / 3, temp_dir),
      leaks_(LeakScope::TestAgainstTraining(Position(kCleanTest, 0)),
             memory_bytes / 3, temp_dir) {}

void CorpusCleaner::Add(const CorpusRow& row) {
  if (row.status != RowStatus::kGood) {
    const std::string_view kind = RowStatusName(row.status);
    // The reason says its kind first ("wrong answer: ..."): the detail is
    // the rest.
    const std::string_view reason = row.reason;
    drops_.push_back({Position(row.file, row.line), DropReason::kBad,
                      static_cast<uint8_t>(row.status), 0,
                      std::string(reason.size() > kind.size() + 2
                                      ? reason.substr(kind.size() + 2)
                                      : reason)});
    return;
  }
  (row.file == kCleanTrain ? train_dupes_ : test_dupes_).Add(row);
  leaks_.Add(row);
}

void CorpusCleaner::Finish(const std::vector<std::string>& paths) {
  auto keep = [&](DropReason reason, LeakKindSet kinds) {
    return [this, reason, kinds](const Leak& leak) {
      if (!kinds.Has(leak.kind)) return;
      drops_.push_back({leak.row,
                        reason,
                        static_cast<uint8_t>(leak.kind),
                        leak.partner,
                        {}});
    };
  };
  train_dupes_.Finish(paths, keep(DropReason::kDuplicate, dupe_kinds_));
  test_dupes_.Finish(paths, keep(DropReason::kDuplicate, dupe_kinds_));
  leaks_.Finish(paths, keep(DropReason::kLeak, leak_kinds_));
  // A test row that leaks and repeats is dropped as a leak.
  std::stable_sort(drops_.begin(), drops_.end(),
                   [](const Drop& a, const Drop& b) {
                     return a.position != b.position ? a.position < b.position
                                                     : a.reason < b.reason;
                   });
  drops_.erase(std::unique(drops_.begin(), drops_.end(),
                           [](const Drop& a, const Drop& b) {
                             return a.position == b.position;
                           }),
               drops_.end());
}

const Drop* CorpusCleaner::Dropped(uint64_t position) {
  CleanSetCounts& set = counts_[PositionFile(position)];
  ++set.rows;
  while (next_ < drops_.size() && drops_[next_].position < position) ++next_;
  if (next_ == drops_.size() || drops_[next_].position != position) {
    ++set.kept;
    return nullptr;
  }
  const Drop& drop = drops_[next_];
  switch (drop.reason) {
    case DropReason::kBad:
      ++set.bad[drop.kind];
      break;
    case DropReason::kLeak:
      ++set.leaks[drop.kind];
      break;
    case DropReason::kDuplicate:
      ++set.duplicates[drop.kind];
      break;
  }
  return &drop;
}

std::string DropCsvHeader() {
  return "file,line,reason,kind,partner_file,partner_line,detail";
}

std::string DropCsvLine(const std::vector<std::string>& paths,
                        const Drop& drop) {
  const bool bad = drop.reason == DropReason::kBad;
  std::string line = CsvField(paths[PositionFile(drop.position)]);
  line += ',' + std::to_string(PositionLine(drop.position)) + ',';
  line += kReasonNames[static_cast<int>(drop.reason)];
  line += ',';
  line += bad ? RowStatusName(static_cast<RowStatus>(drop.kind))
              : LeakKindName(static_cast<LeakKind>(drop.kind));
  line += ',';
  if (!bad) {
    line += CsvField(paths[PositionFile(drop.partner)]) + ',' +
            std::to_string(PositionLine(drop.partner));
  } else {
    line += ',';
  }
  return line += ',' + CsvField(drop.detail);
}

}  // namespace sudoku
