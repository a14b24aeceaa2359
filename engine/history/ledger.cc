// The per-puzzle ledger: read from a --per-puzzle file, packed into varints,
// unpacked, and two ledgers' differences.
#include "engine/history/ledger.h"

#include <fstream>

#include "engine/report/per_puzzle_reader.h"

namespace sudoku {
namespace {

void PutVarint(SqlBlob& out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
}

uint64_t GetVarint(std::span<const uint8_t> bytes, size_t& at) {
  uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (at >= bytes.size()) throw HistoryError("a ledger ends mid-number");
    const uint8_t byte = bytes[at++];
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  throw HistoryError("a ledger holds a number over 64 bits");
}

}  // namespace

SqlBlob EncodeLedger(std::span<const LedgerEntry> entries) {
  SqlBlob out;
  out.reserve(entries.size() * 2);
  uint64_t previous = 0;
  for (const LedgerEntry& e : entries) {
    if (!out.empty() && e.line <= previous) {
      throw HistoryError("ledger lines must rise: line " +
                         std::to_string(e.line) + " after " +
                         std::to_string(previous));
    }
    PutVarint(out,
              ((e.line - previous) << 3) | static_cast<uint8_t>(e.outcome));
    PutVarint(out, e.nodes);
    previous = e.line;
  }
  return out;
}

std::vector<LedgerEntry> DecodeLedger(std::span<const uint8_t> bytes) {
  std::vector<LedgerEntry> entries;
  uint64_t line = 0;
  size_t at = 0;
  while (at < bytes.size()) {
    const uint64_t head = GetVarint(bytes, at);
    line += head >> 3;
    entries.push_back(
        {line, static_cast<Verdict>(head & 7), GetVarint(bytes, at)});
  }
  return entries;
}

PerPuzzleLedgers ReadPerPuzzleFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw HistoryError("cannot open " + path);
  if (in.peek() == std::ifstream::traits_type::eof()) {
    throw HistoryError(path + " is empty");
  }
  std::map<std::string, Verdict, std::less<>> outcomes;
  for (int v = 0; v < kVerdicts; ++v) {
    outcomes.emplace(VerdictName(static_cast<Verdict>(v)), Verdict(v));
  }
  PerPuzzleLedgers ledgers;
  // The writer's own reader (RFC 4180: a file name may hold a comma, a
  // quote or a line break), with this file's messages.
  try {
    PerPuzzleReader rows(in, path);
    for (PerPuzzleRow row; rows.Next(row);) {
      const std::string at = path + ":" + std::to_string(row.at) + ": ";
      const auto outcome = outcomes.find(row.outcome);
      if (outcome == outcomes.end()) {
        throw HistoryError(at + "not a line of a --per-puzzle file (outcome '" +
                           row.outcome + "')");
      }
      std::vector<LedgerEntry>& ledger = ledgers[{row.file, row.strategy}];
      if (!ledger.empty() && row.line <= ledger.back().line) {
        throw HistoryError(at + "line " + std::to_string(row.line) + " of " +
                           row.file + " for " + row.strategy +
                           " comes after line " +
                           std::to_string(ledger.back().line));
      }
      ledger.push_back({row.line, outcome->second, row.nodes});
    }
  } catch (const ReportFormatError& error) {
    throw HistoryError(error.what());
  }
  if (in.bad()) throw HistoryError("cannot read " + path);
  return ledgers;
}

std::vector<LedgerDifference> LedgerDifferences(
    std::span<const LedgerEntry> before, std::span<const LedgerEntry> after,
    size_t limit, size_t* total) {
  std::vector<LedgerDifference> out;
  size_t count = 0, i = 0, j = 0;
  const auto note = [&](const LedgerDifference& d) {
    ++count;
    if (out.size() < limit) out.push_back(d);
  };
  while (i < before.size() || j < after.size()) {
    if (j == after.size() ||
        (i < before.size() && before[i].line < after[j].line)) {
      note({before[i].line, &before[i], nullptr});
      ++i;
    } else if (i == before.size() || after[j].line < before[i].line) {
      note({after[j].line, nullptr, &after[j]});
      ++j;
    } else {
      if (!(before[i] == after[j])) {
        note({after[j].line, &before[i], &after[j]});
      }
      ++i;
      ++j;
    }
  }
  if (total) *total = count;
  return out;
}

}  // namespace sudoku
