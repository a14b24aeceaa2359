// The corpus card: what one pass over a puzzle corpus found, as Markdown for
// people and JSON for programs.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "strategies/strategy.h"
#include "tools/lib/corpus_groups.h"
#include "tools/lib/corpus_scan.h"

namespace sudoku {

// Difficulty bands by the rating strategy's nodes: 0, 1, 2-3, 4-7, ...,
// 512-1023, 1024 and more.
constexpr int kCardBands = 12;
std::string CardBandName(int band);
int CardBand(uint64_t nodes);

struct CorpusCard {
  std::string tool;  // "sudoku-bench VERSION"
  std::vector<CorpusFile> files;
  // The strategy that solves, rates and checks minimality, and its terms.
  std::string rater;
  std::string node_unit;
  uint64_t budget = 0;
  // Rows by what they are; every row is in exactly one of these.
  uint64_t unique = 0;       // exactly one solution
  uint64_t several = 0;      // two or more
  uint64_t none = 0;         // givens break no rule, no solution
  uint64_t invalid = 0;      // givens clash
  uint64_t over_budget = 0;  // not settled within the budget
  uint64_t malformed = 0;
  std::array<uint64_t, kCells + 1> clues{};  // well-formed rows by givens
  uint64_t minimal = 0;  // unique puzzles from which no given can go
  std::array<uint64_t, kCardBands> bands{};  // unique puzzles by nodes
  DuplicateCounts duplicates;

  uint64_t rows() const {
    return unique + several + none + invalid + over_budget + malformed;
  }
  // Tallies one accounted row (the work of CardWork done on it).
  void Add(const CorpusRow& row);
};

// The card's work on one well-formed row, on any thread: givens checked,
// solutions counted to 2 with `rater` (nodes kept), minimality checked for
// unique puzzles, the canonical key and spelling set.
void CardWork(CorpusRow& row, const Strategy& rater, uint64_t budget);

void WriteCardMarkdown(const CorpusCard& card, std::ostream& out);
void WriteCardJson(const CorpusCard& card, std::ostream& out);

}  // namespace sudoku
