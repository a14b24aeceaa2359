// bench --repeat N: each (dataset, strategy) in N interleaved rounds, folded
// into one pass whose throughput is the median round's.
#include "bench/run/repeat_rounds.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "engine/common/text_format.h"
#include "engine/compare/compare.h"

namespace sudoku {
namespace {

// Under --repeat every pass reads the same lines: bad lines are shown in the
// first pass only, wrong answers in each strategy's first round; later
// differences surface as rounds that searched differently. The first pass's
// records reach the outputs that read them (--instructions' sample).
class RoundObserver : public RunObserver {
 public:
  RoundObserver(RunObserver& inner, bool show_input, bool show_errors)
      : inner_(inner), show_input_(show_input), show_errors_(show_errors) {}
  void OnRecord(const std::string& path, const PuzzleRecord& record,
                std::span<const PuzzleOutcome> outcomes) override {
    if (show_input_) inner_.OnRecord(path, record, outcomes);
  }
  bool WantsRecords() const override {
    return show_input_ && inner_.WantsRecords();
  }
  void OnProblem(const std::string& message, bool error) override {
    if (error ? show_errors_ : show_input_) inner_.OnProblem(message, error);
  }
  void OnProgress(uint64_t lines, uint64_t raw_bytes,
                  std::optional<uint64_t> raw_size, double elapsed) override {
    inner_.OnProgress(lines, raw_bytes, raw_size, elapsed);
  }

 private:
  RunObserver& inner_;
  bool show_input_, show_errors_;
};

// One dataset under --repeat N: per strategy, a pass of its own in every
// round, the rounds interleaved (A, B, A, B, ...) so a drift in the machine's
// speed touches every strategy alike.
struct RepeatedRun {
  std::vector<std::vector<ReportRow>> rows;  // [strategy][round]
  std::vector<std::vector<DatasetResult>> passes;
  DatasetResult broken;  // a pass that hit a read error or --strict
  bool is_broken = false;
};

RepeatedRun RunRepeated(const std::string& path, const RunOptions& run,
                        int repeat, Observers& observers) {
  RepeatedRun out;
  out.rows.resize(run.strategies.size());
  out.passes.resize(run.strategies.size());
  for (int round = 0; round < repeat; ++round) {
    for (size_t s = 0; s < run.strategies.size(); ++s) {
      RunOptions one = run;
      one.strategies = {run.strategies[s]};
      RoundObserver observer(observers, round == 0 && s == 0, round == 0);
      DatasetResult result = ObservedPass(path, one, observers, observer);
      if (!result.read_error.empty() || result.stopped_strict ||
          !result.complete()) {
        // Every later pass would stop at the same line; report this one.
        out.broken = std::move(result);
        out.is_broken = true;
        return out;
      }
      out.rows[s].push_back(MakeRows(result, one).front());
      out.passes[s].push_back(std::move(result));
    }
  }
  return out;
}

// Folds the rounds into one pass for the reporters: per strategy the median
// round (its stats, its row), the row carrying the median and extremes of
// every round's throughput. False, having said why, when a strategy's rounds
// searched differently: nodes and outcomes are deterministic, so that is a
// bug (a data race, uninitialised state) and never noise.
bool CombineRounds(const std::string& path, const RepeatedRun& repeated,
                   DatasetResult& result, std::vector<ReportRow>& rows) {
  bool alike = true;
  result = DatasetResult{};
  for (size_t s = 0; s < repeated.rows.size(); ++s) {
    const std::vector<ReportRow>& rounds = repeated.rows[s];
    for (size_t r = 1; r < rounds.size(); ++r) {
      const std::vector<std::string> differences =
          SearchDifferences(rounds[0], rounds[r]);
      if (differences.empty()) continue;
      alike = false;
      std::cerr << "bench: " << path << ": " << rounds[0].strategy << ": round "
                << r + 1 << " searched differently from round 1 (";
      for (size_t i = 0; i < differences.size(); ++i) {
        std::cerr << (i ? ", " : "") << differences[i];
      }
      std::cerr << "); node counts and outcomes must repeat exactly\n";
    }
    const size_t median = MedianRound(rounds);
    const DatasetResult& pass = repeated.passes[s][median];
    if (s == 0) {
      result = pass;
      result.stats.clear();
      result.wall_s = result.cpu_s = 0;
      result.wrong_answers = 0;
    }
    result.stats.push_back(pass.stats.front());
    result.wall_s += pass.wall_s;
    result.cpu_s += pass.cpu_s;
    result.wrong_answers += pass.wrong_answers;
    rows.push_back(SummarizeRounds(rounds));
  }
  return alike;
}

// The spread the console table leaves out.
std::string RoundsNote(const std::vector<ReportRow>& rows) {
  if (rows.empty()) return "";
  std::string note = "  puzzles/s is the median of " +
                     std::to_string(rows.front().repeats) +
                     " interleaved rounds, each strategy in a pass of its "
                     "own; min .. max:\n";
  size_t width = 0;
  for (const ReportRow& r : rows) width = std::max(width, r.strategy.size());
  for (const ReportRow& r : rows) {
    note += "    " + r.strategy +
            std::string(width - r.strategy.size() + 2, ' ') +
            Grouped(static_cast<uint64_t>(r.puzzles_per_s_min + 0.5)) + " .. " +
            Grouped(static_cast<uint64_t>(r.puzzles_per_s_max + 0.5)) + "\n";
  }
  return note;
}

}  // namespace

DatasetPass RunRounds(const std::string& path, const RunOptions& run,
                      int repeat, Observers& observers) {
  DatasetPass pass;
  RepeatedRun repeated = RunRepeated(path, run, repeat, observers);
  if (repeated.is_broken) {
    pass.result = std::move(repeated.broken);
    RunOptions first = run;
    first.strategies.resize(pass.result.stats.size());
    pass.rows = MakeRows(pass.result, first);
  } else {
    pass.rounds_differ = !CombineRounds(path, repeated, pass.result, pass.rows);
    pass.repeat_notes = RoundsNote(pass.rows);
  }
  return pass;
}

}  // namespace sudoku
