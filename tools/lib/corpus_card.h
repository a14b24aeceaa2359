// The corpus card: what one pass over a puzzle corpus found, as Markdown for
// people and JSON for programs.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "strategies/strategy.h"
#include "engine/input/row_verdict.h"
#include "tools/lib/corpus_groups.h"
#include "tools/lib/grid_leaks.h"
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
  // Rows by their one verdict (engine/input/row_verdict.h); every row is
  // in exactly one status.
  RowStatusCounts statuses;
  uint64_t unique = 0;  // rows whose puzzle has exactly one solution
  std::array<uint64_t, kCells + 1> clues{};  // puzzle rows by givens
  bool minimal_checked = false;
  uint64_t minimal = 0;  // unique puzzles from which no given can go
  std::array<uint64_t, kCardBands> bands{};  // unique puzzles by nodes
  // The leak pass's counts, as corpus dupes finds them: the puzzle groups
  // and the rows that repeat an earlier one, by kind.
  DuplicateCounts duplicates;
  std::array<uint64_t, kLeakKinds> repeats{};
  uint64_t on_grid = 0;  // puzzle rows keyed by a solution grid too

  uint64_t rows() const { return statuses.rows(); }
  // Tallies one accounted row (the work of CardWork done on it).
  void Add(const CorpusRow& row);
};

// The card's work on one row, on any thread (CorpusScan::judge): the row
// classified and keyed as corpus dupes does it (KeyLeakRow, on `rater`
// within `budget`, whose nodes rate it), and a unique puzzle's minimality
// checked with `checker` (the fastest counting strategy: it is up to 81
// solves a puzzle, where the rating is one).
// `checker` null: minimality is not checked.
void CardWork(CorpusRow& row, const ScanLine& line, const Strategy& rater,
              uint64_t budget, const Strategy* checker);

void WriteCardMarkdown(const CorpusCard& card, std::ostream& out);
void WriteCardJson(const CorpusCard& card, std::ostream& out);

}  // namespace sudoku
