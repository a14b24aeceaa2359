// The per-puzzle ledger: read from a --per-puzzle file, packed into varints,
// unpacked, and two ledgers' differences.
#include "engine/history/ledger.h"

#include <charconv>
#include <fstream>

#include "engine/report/csv_reader.h"

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

bool ParseCount(const std::string& text, uint64_t& value) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end && !text.empty();
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
  std::map<std::string, Verdict> outcomes;
  for (int v = 0; v < kVerdicts; ++v) {
    outcomes.emplace(VerdictName(static_cast<Verdict>(v)), Verdict(v));
  }
  PerPuzzleLedgers ledgers;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string at = path + ":" + std::to_string(number) + ": ";
    if (number == 1) {
      if (line != "file,line,strategy,outcome,ns,nodes") {
        throw HistoryError(at +
                           "not a --per-puzzle file (its header is "
                           "file,line,strategy,outcome,ns,nodes)");
      }
      continue;
    }
    if (line.empty()) continue;
    const std::vector<std::string> f = SplitCsvLine(line);
    LedgerEntry entry;
    uint64_t ns;
    const auto outcome = f.size() == 6 ? outcomes.find(f[3]) : outcomes.end();
    if (f.size() != 6 || !ParseCount(f[1], entry.line) ||
        outcome == outcomes.end() || !ParseCount(f[4], ns) ||
        !ParseCount(f[5], entry.nodes)) {
      throw HistoryError(at + "not a line of a --per-puzzle file");
    }
    entry.outcome = outcome->second;
    std::vector<LedgerEntry>& ledger = ledgers[{f[0], f[2]}];
    if (!ledger.empty() && entry.line <= ledger.back().line) {
      throw HistoryError(at + "line " + f[1] + " of " + f[0] + " for " + f[2] +
                         " comes after line " +
                         std::to_string(ledger.back().line));
    }
    ledger.push_back(entry);
  }
  if (in.bad()) throw HistoryError("cannot read " + path);
  if (number == 0) throw HistoryError(path + " is empty");
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
