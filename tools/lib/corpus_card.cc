// The corpus card: rows tallied as they are accounted, then written as
// Markdown and as JSON from the same numbers.
#include "tools/lib/corpus_card.h"

#include <bit>

#include "engine/common/json_layout.h"
#include "engine/common/text_format.h"
#include "engine/input/puzzle.h"
#include "tools/lib/corpus_leaks.h"
#include "tools/lib/generator.h"

namespace sudoku {
namespace {

double Share(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0
                    : static_cast<double>(part) / static_cast<double>(whole);
}

// Statuses in RowStatus's order: JSON name and Markdown name are one.
std::string StatusName(int status) {
  return std::string(RowStatusName(static_cast<RowStatus>(status)));
}

uint64_t Puzzles(const CorpusCard& card) {
  return card.rows() - card.statuses[RowStatus::kMalformed];
}

struct ClueStats {
  int least = 0;
  int most = 0;
  double mean = 0;
};

ClueStats Clues(const CorpusCard& card) {
  ClueStats stats;
  uint64_t rows = 0, sum = 0;
  bool any = false;
  for (int n = 0; n <= kCells; ++n) {
    if (card.clues[n] == 0) continue;
    if (!any) stats.least = n;
    any = true;
    stats.most = n;
    rows += card.clues[n];
    sum += card.clues[n] * static_cast<uint64_t>(n);
  }
  stats.mean = Share(sum, rows);
  return stats;
}

std::string Code(const std::string& text) { return "`" + text + "`"; }

// The card's section on rows that repeat an earlier one.
void WriteDuplicates(const CorpusCard& card, std::ostream& out) {
  const DuplicateCounts& d = card.duplicates;
  out << "\n## Duplicates up to symmetry\n\n"
      << "Rows are the same puzzle when a Sudoku symmetry (relabelling, "
         "transposition, row, column, band and stack orders) maps one onto the "
         "other: when their minlex canonical forms are equal.\n\n"
      << "| | rows |\n|---|---:|\n"
      << "| distinct puzzles | " << Grouped(d.distinct) << " |\n"
      << "| exact copies of an earlier row | " << Grouped(d.exact()) << " |\n"
      << "| other spellings of an earlier row's puzzle | "
      << Grouped(d.reworded()) << " |\n"
      << "| puzzle rows | " << Grouped(d.rows) << " |\n\n"
      << Grouped(d.groups)
      << (d.groups == 1 ? " puzzle occurs" : " puzzles occur")
      << " more than once, in " << Grouped(d.grouped) << " rows.\n\n"
      << "Rows that repeat an earlier row of the set, by their strongest kind "
         "(`corpus dupes` lists them with the earlier row; "
      << Grouped(card.on_grid) << " of " << Grouped(d.rows)
      << " puzzle rows have one solution grid to compare):\n\n"
      << "| kind | rows |\n|---|---:|\n";
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    out << "| " << LeakKindName(static_cast<LeakKind>(kind)) << " | "
        << Grouped(card.repeats[kind]) << " |\n";
  }

}

}  // namespace

std::string CardBandName(int band) {
  if (band == 0) return "0";
  if (band == 1) return "1";
  const uint64_t low = uint64_t{1} << (band - 1);
  if (band == kCardBands - 1) return std::to_string(low) + "+";
  return std::to_string(low) + "-" + std::to_string(2 * low - 1);
}

int CardBand(uint64_t nodes) {
  // Band b >= 1 holds 2^(b-1) to 2^b - 1 nodes.
  return std::min(kCardBands - 1, static_cast<int>(std::bit_width(nodes)));
}

void CardWork(CorpusRow& row, const ScanLine& line, const Strategy& rater,
              uint64_t budget, const Strategy* checker) {
  KeyLeakRow(row, line, rater, budget);
  row.minimal = checker != nullptr && row.outcome == Outcome::kSolved &&
                IsMinimalUnique(row.puzzle, *checker, budget);
}

void CorpusCard::Add(const CorpusRow& row) {
  statuses.Add(row.status);
  if (row.malformed) return;
  int givens = 0;
  for (const uint8_t v : row.puzzle) givens += v != 0;
  ++clues[givens];
  if (row.status != RowStatus::kInvalidGivens &&
      row.outcome == Outcome::kSolved) {
    ++unique;
    minimal += row.minimal;
    ++bands[CardBand(row.nodes)];
  }
}

void WriteCardMarkdown(const CorpusCard& card, std::ostream& out) {
  const uint64_t rows = card.rows();
  out << "# Corpus card\n\n"
      << "Written by `corpus card` (" << card.tool << ") in one pass over "
      << card.files.size() << (card.files.size() == 1 ? " file" : " files")
      << ": " << Grouped(rows) << " rows. Solutions are counted to 2 by `"
      << card.rater << "`, at most " << BudgetText(card.budget)
      << " nodes a puzzle (its node: " << card.node_unit << ").\n\n";

  out << "## Files\n\n"
      << "| file | SHA-256 | bytes | compression | layout | rows | malformed "
         "|\n"
      << "|---|---|---|---|---|---:|---:|\n";
  for (const CorpusFile& file : card.files) {
    out << "| " << Code(file.path) << " | " << Code(file.sha256) << " | "
        << Grouped(file.bytes) << " | " << file.compression << " | "
        << file.layout << " | " << Grouped(file.rows) << " | "
        << Grouped(file.malformed) << " |\n";
    if (!file.error.empty()) {
      out << "\nReading " << Code(file.path) << " stopped early: " << file.error
          << "\n\n";
    }
  }

  out << "\n## Rows\n\nEach row has one status, the one `corpus check`, "
         "`dupes` and `leak` give it too:\n\n"
         "| status | rows | share |\n|---|---:|---:|\n";
  for (int status = 0; status < kRowStatuses; ++status) {
    const uint64_t count = card.statuses.counts[status];
    out << "| " << StatusName(status) << " | " << Grouped(count) << " | "
        << Percent(Share(count, rows)) << " |\n";
  }
  out << "| total | " << Grouped(rows) << " | " << Percent(rows ? 1.0 : 0.0)
      << " |\n";

  const ClueStats clues = Clues(card);
  out << "\n## Clues\n\n";
  if (Puzzles(card) == 0) {
    out << "No puzzle rows.\n";
  } else {
    out << "From " << clues.least << " to " << clues.most << " givens, "
        << Fixed(clues.mean, 2) << " on average.\n\n"
        << "| givens | rows |\n|---:|---:|\n";
    for (int n = 0; n <= kCells; ++n) {
      if (card.clues[n] != 0) {
        out << "| " << n << " | " << Grouped(card.clues[n]) << " |\n";
      }
    }
  }

  out << "\n## Minimal puzzles\n\n";
  if (!card.minimal_checked) {
    out << "Not checked (`--minimal` checks them).\n";
  } else {
    out << Grouped(card.minimal) << " of " << Grouped(card.unique)
      << " puzzles with one solution ("
      << Percent(Share(card.minimal, card.unique))
        << ") are minimal: removing any one given leaves several "
           "solutions.\n";
  }

  WriteDuplicates(card, out);
  out << "\n## Difficulty\n\n"
      << "Puzzles with one solution by the nodes `" << card.rater
      << "` spends to solve them and prove the solution unique (its node: "
      << card.node_unit << "):\n\n"
      << "| nodes | puzzles | share |\n|---|---:|---:|\n";
  for (int band = 0; band < kCardBands; ++band) {
    out << "| " << CardBandName(band) << " | " << Grouped(card.bands[band])
        << " | " << Percent(Share(card.bands[band], card.unique)) << " |\n";
  }
}

void WriteCardJson(const CorpusCard& card, std::ostream& out) {
  Json files = Json::array();
  for (const CorpusFile& file : card.files) {
    files.push_back(
        {{"path", file.path},
         {"sha256", file.sha256},
         {"bytes", file.bytes},
         {"compression", file.compression},
         {"layout", file.layout},
         {"rows", file.rows},
         {"malformed", file.malformed},
         {"error", file.error.empty() ? Json() : Json(file.error)}});
  }
  Json statuses = Json::object();
  for (int status = 0; status < kRowStatuses; ++status) {
    statuses[StatusName(status)] = card.statuses.counts[status];
  }
  Json repeats = Json::object();
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    repeats[std::string(LeakKindName(static_cast<LeakKind>(kind)))] =
        card.repeats[kind];
  }
  const ClueStats stats = Clues(card);
  Json histogram = Json::object();
  for (int n = 0; n <= kCells; ++n) {
    if (card.clues[n] != 0) histogram[std::to_string(n)] = card.clues[n];
  }
  Json clues = {{"least", stats.least},
                {"most", stats.most},
                {"mean", JsonNumber(stats.mean)},
                {"histogram", histogram}};
  if (Puzzles(card) == 0) clues = {{"histogram", histogram}};
  const DuplicateCounts& d = card.duplicates;
  Json bands = Json::array();
  for (int band = 0; band < kCardBands; ++band) {
    bands.push_back(
        {{"nodes", CardBandName(band)}, {"puzzles", card.bands[band]}});
  }
  const std::vector<std::pair<std::string, Json>> members = {
      {"card", "sudoku-bench corpus card"},
      {"format", 2},
      {"tool", card.tool},
      {"files", files},
      {"rows", card.rows()},
      {"statuses", statuses},
      {"clues", clues},
      {"minimal",
       {{"unique", card.unique},
        {"minimal", card.minimal_checked ? Json(card.minimal) : Json()},
        {"share", JsonNumber(Share(card.minimal, card.unique))}}},
      {"duplicates",
       {{"rows", d.rows},
        {"distinct", d.distinct},
        {"exact", d.exact()},
        {"reworded", d.reworded()},
        {"groups", d.groups},
        {"grouped_rows", d.grouped},
        {"on_grid", card.on_grid},
        {"repeats", repeats}}},
      {"rater",
       {{"strategy", card.rater},
        {"node_unit", card.node_unit},
        {"limit", 2},
        {"budget", card.budget}}},
      {"difficulty", bands},
  };
  // One line per member, and one per element of the two lists.
  out << "{";
  for (size_t i = 0; i < members.size(); ++i) {
    const auto& [name, value] = members[i];
    out << (i ? ",\n  " : "\n  ") << OneLine(Json(name)) << ": "
        << (value.is_array() ? LinePerElement(value, "    ", "  ")
                             : OneLine(value));
  }
  out << "\n}\n";
}

}  // namespace sudoku
