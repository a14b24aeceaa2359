// bench bisect's verdicts on one commit against the GOOD commit: on the exact
// columns of two reports, or on --ab's interval; and the puzzles whose work
// changed. Pure functions over reports and per-puzzle files.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/compare/ab_verdict.h"
#include "engine/report/csv_reader.h"
#include "engine/report/per_puzzle_reader.h"

namespace sudoku {

// What `git bisect run` is told about a commit: good (exit 0), bad (1) or
// undecided (125, "skip": git bisects around it, and names the commits it
// could not tell apart rather than guess).
enum class CommitMark { kGood, kBad, kUndecided };
std::string_view CommitMarkName(CommitMark mark);

struct CommitJudgement {
  CommitMark mark = CommitMark::kGood;
  // Why, one line each: "easy.txt toy: nodes_total 1,234 -> 1,500 (worse)",
  // "easy.txt: between 8.6% slower and 12.1% slower (95% CI), wholly beyond
  // the 5% allowed".
  std::vector<std::string> reasons;
};

// On the exact columns: bad when a row of GOOD's report is missing from the
// commit's or differs in a node or outcome count (SearchDifferences), good
// when every row searched alike. These counts are deterministic, so one run
// per commit decides with no noise. Reports that cannot be compared (another
// dataset under one name, a row twice) are undecided.
CommitJudgement JudgeSearch(std::span<const ReportEntry> good,
                            std::span<const ReportEntry> current);

// One dataset's --ab verdict of a commit's build (B) against GOOD's (A).
struct DatasetSpeed {
  std::string dataset;
  AbVerdict verdict;
  size_t dropped = 0;  // timings set aside as outliers
};

// On timing: bad when some dataset's whole 95% interval says the commit is
// more than `max_slowdown_pct` percent slower than GOOD, good when every
// dataset's whole interval says less, undecided otherwise: an interval that
// straddles the margin, or too few batches for one.
CommitJudgement JudgeSpeed(std::span<const DatasetSpeed> speeds,
                           double max_slowdown_pct);

// An --ab run's per-puzzle file read back into each dataset's verdict, its
// rows cut into the batches the run cut (AbBatcher, `batch_size`): A's and
// B's rows of a puzzle line, under the names `a` and `b`, give its two
// times. A dataset starts where the file name changes or the line number
// goes back. Throws ReportFormatError when a line lacks one of the two.
std::vector<DatasetSpeed> SpeedsFromPerPuzzle(PerPuzzleReader& rows,
                                              std::string_view a,
                                              std::string_view b,
                                              size_t batch_size);

// A puzzle whose work differs between GOOD's per-puzzle file and a commit's.
struct WorkChange {
  std::string file;
  uint64_t line = 0;
  std::string good_outcome, bad_outcome;
  uint64_t good_nodes = 0, bad_nodes = 0;
};

// Walks two per-puzzle files of one strategy over the same datasets in step
// (so neither is held in memory) and calls `changed` for every puzzle whose
// outcome or node count differs; returns the rows compared. Throws
// ReportFormatError when the files do not list the same lines.
uint64_t DiffWork(PerPuzzleReader& good, PerPuzzleReader& bad,
                  const std::function<void(const WorkChange&)>& changed);

// bench bisect --per-puzzle's header and one of its rows.
inline constexpr std::string_view kWorkChangeHeader =
    "file,line,good_outcome,good_nodes,bad_outcome,bad_nodes";
std::string WorkChangeCsv(const WorkChange& change);

}  // namespace sudoku
