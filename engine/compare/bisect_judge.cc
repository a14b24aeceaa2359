// bench bisect's verdicts on one commit against the GOOD commit, and the
// puzzles whose work changed.
#include "engine/compare/bisect_judge.h"

#include <cstdio>

#include "engine/compare/compare.h"
#include "engine/compare/timing_words.h"
#include "engine/report/report_schema.h"
#include "engine/stats/stats.h"

namespace sudoku {

std::string_view CommitMarkName(CommitMark mark) {
  switch (mark) {
    case CommitMark::kGood:
      return "good";
    case CommitMark::kBad:
      return "bad";
    case CommitMark::kUndecided:
      return "undecided";
  }
  return "?";
}

CommitJudgement JudgeSearch(std::span<const ReportEntry> good,
                            std::span<const ReportEntry> current) {
  CompareOptions options;
  options.gate_timing = false;
  const Comparison comparison = CompareReports(good, current, options);
  CommitJudgement judgement;
  if (!comparison.refusals.empty()) {
    judgement.mark = CommitMark::kUndecided;
    judgement.reasons = comparison.refusals;
    return judgement;
  }
  for (const RowComparison& row : comparison.rows) {
    const std::string key = row.dataset + " " + row.strategy + ": ";
    if (row.verdict == RowVerdict::kMissing) {
      judgement.reasons.push_back(key + "missing from the commit's report");
    }
    for (const std::string& change : row.changed) {
      judgement.reasons.push_back(key + change);
    }
  }
  if (!judgement.reasons.empty()) judgement.mark = CommitMark::kBad;
  return judgement;
}

CommitJudgement JudgeSpeed(std::span<const DatasetSpeed> speeds,
                           double max_slowdown_pct) {
  const std::string allowed = AllowedWords(max_slowdown_pct);
  CommitJudgement judgement;
  bool bad = false, undecided = speeds.empty();
  for (const DatasetSpeed& s : speeds) {
    const AbVerdict& v = s.verdict;
    std::string reason = s.dataset + ": ";
    if (!v.has_interval) {
      undecided = true;
      reason += AbRatioText(v);
    } else {
      reason += "between " + SlowdownText(v.low) + " and " +
                SlowdownText(v.high) + " (95% CI, " +
                std::to_string(v.batches) + " batches)";
      if (BeyondSlowdown(v, max_slowdown_pct)) {
        bad = true;
        reason += ", wholly beyond " + allowed;
      } else if (WithinSlowdown(v, max_slowdown_pct)) {
        reason += ", wholly within " + allowed;
      } else {
        undecided = true;
        reason += ", straddling " + allowed;
      }
    }
    judgement.reasons.push_back(std::move(reason));
  }
  if (speeds.empty()) judgement.reasons.push_back("no dataset was timed");
  judgement.mark = bad         ? CommitMark::kBad
                   : undecided ? CommitMark::kUndecided
                               : CommitMark::kGood;
  return judgement;
}

namespace {

bool Timed(const std::string& outcome) {
  return outcome != VerdictName(Verdict::kInvalid) &&
         outcome != VerdictName(Verdict::kMalformed);
}

}  // namespace

std::vector<DatasetSpeed> SpeedsFromPerPuzzle(PerPuzzleReader& rows,
                                              std::string_view a,
                                              std::string_view b,
                                              size_t batch_size) {
  std::vector<DatasetSpeed> speeds;
  AbBatcher batcher(batch_size);
  auto finish = [&] {
    if (speeds.empty()) return;
    speeds.back().verdict = JudgeAb(batcher.Batches());
    speeds.back().dropped = batcher.Dropped();
  };
  PerPuzzleRow first, second;
  uint64_t last_line = 0;
  while (rows.Next(first)) {
    const std::string at = rows.name() + ":" + std::to_string(first.at);
    if (!rows.Next(second) || second.file != first.file ||
        second.line != first.line) {
      throw ReportFormatError(at + ": " + first.file + ":" +
                              std::to_string(first.line) +
                              " has one strategy's row, not two");
    }
    const PerPuzzleRow* row_a = first.strategy == a ? &first : &second;
    const PerPuzzleRow* row_b = first.strategy == a ? &second : &first;
    if (row_a->strategy != a || row_b->strategy != b) {
      throw ReportFormatError(at + ": expected the strategies " +
                              std::string(a) + " and " + std::string(b) +
                              ", found " + first.strategy + " and " +
                              second.strategy);
    }
    if (speeds.empty() || first.file != speeds.back().dataset ||
        first.line <= last_line) {
      finish();
      speeds.push_back({first.file, {}, 0});
      batcher.Reset();
    }
    last_line = first.line;
    batcher.Add(Timed(row_a->outcome) && Timed(row_b->outcome), row_a->nanos,
                row_b->nanos);
  }
  finish();
  return speeds;
}

uint64_t DiffWork(PerPuzzleReader& good, PerPuzzleReader& bad,
                  const std::function<void(const WorkChange&)>& changed) {
  PerPuzzleRow g, c;
  uint64_t compared = 0;
  while (true) {
    const bool more_good = good.Next(g);
    const bool more_bad = bad.Next(c);
    if (!more_good && !more_bad) return compared;
    if (more_good != more_bad || g.file != c.file || g.line != c.line ||
        g.strategy != c.strategy) {
      const std::string where = more_good
                                    ? good.name() + ":" + std::to_string(g.at)
                                    : bad.name() + ":" + std::to_string(c.at);
      throw ReportFormatError(where +
                              ": the two per-puzzle files list "
                              "different puzzles; they are not runs of the "
                              "same settings");
    }
    ++compared;
    if (g.outcome != c.outcome || g.nodes != c.nodes) {
      changed({g.file, g.line, g.outcome, c.outcome, g.nodes, c.nodes});
    }
  }
}

std::string WorkChangeCsv(const WorkChange& change) {
  return CsvField(change.file) + "," + std::to_string(change.line) + "," +
         change.good_outcome + "," + std::to_string(change.good_nodes) + "," +
         change.bad_outcome + "," + std::to_string(change.bad_nodes);
}

}  // namespace sudoku
