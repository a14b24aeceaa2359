// The per-puzzle work ledger: every puzzle line's outcome and node count for
// one (dataset, strategy) of a run, read from a --per-puzzle file and kept
// compactly.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/history/sql_connection.h"
#include "engine/stats/stats.h"

namespace sudoku {

struct LedgerEntry {
  uint64_t line = 0;  // the dataset's own line number
  Verdict outcome = Verdict::kSolved;
  uint64_t nodes = 0;

  bool operator==(const LedgerEntry&) const = default;
};

// The encoding, as stored (bench_ledgers.encoding = 1):
//
//   per puzzle line, in line order:
//   +---------------------------------------+------------------+
//   | varint((line - previous line) << 3    | varint(nodes)    |
//   |        | outcome code 0..7)           |                  |
//   +---------------------------------------+------------------+
//
// A varint is 7 bits a byte, low bits first, the high bit set on every
// byte but the last (as in protocol buffers). Consecutive lines solved with
// fewer than 128 nodes take 2 bytes; the first line's "previous" is 0. The
// outcome codes are Verdict's order (solved, multiple, no_solution,
// over_budget, invalid, malformed, wrong, error).
inline constexpr int kLedgerEncoding = 1;

// Lines must rise strictly; throws HistoryError otherwise.
SqlBlob EncodeLedger(std::span<const LedgerEntry> entries);
// Throws HistoryError on bytes that are not a ledger.
std::vector<LedgerEntry> DecodeLedger(std::span<const uint8_t> bytes);

// A --per-puzzle file ("file,line,strategy,outcome,ns,nodes"), split by
// (file, strategy), each in line order; the time per puzzle is dropped.
// Throws HistoryError naming the file and line of anything else.
using PerPuzzleLedgers =
    std::map<std::pair<std::string, std::string>, std::vector<LedgerEntry>>;
PerPuzzleLedgers ReadPerPuzzleFile(const std::string& path);

// The lines whose outcome or nodes differ between two ledgers of one
// dataset, in line order, at most `limit` (a line in one only counts too).
struct LedgerDifference {
  uint64_t line = 0;
  const LedgerEntry* before = nullptr;  // null: not in `before`
  const LedgerEntry* after = nullptr;
};
std::vector<LedgerDifference> LedgerDifferences(
    std::span<const LedgerEntry> before, std::span<const LedgerEntry> after,
    size_t limit, size_t* total);

}  // namespace sudoku
