// The streaming driver: read, solve in parallel with every selected strategy,
// verify, account in input order.
#include "engine/driver.h"

#include <sys/resource.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/spin_mutex.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "engine/puzzle.h"
#include "engine/tick_clock.h"
#include "engine/tsan_handoff.h"

namespace sudoku {
namespace {

using Clock = std::chrono::steady_clock;

double ProcessCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + tv.tv_usec * 1e-6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Only its address is used: TSan's mark that a run's set-up (the stages and
// what they capture) is complete before any stage runs.
const char kRunSetUp = 0;

struct Problem {
  size_t record;  // index in the batch
  std::string message;
  bool error;
};

// One pipeline token: a run of consecutive puzzle lines and their results.
struct Batch {
  // The reader only copies lines here; parsing happens in parallel.
  std::string text;  // the content of every line, back to back
  struct Line {
    uint64_t number;
    size_t offset, length;
    bool truncated;
  };
  std::vector<Line> lines;
  DatasetFormat format = DatasetFormat::kUnknown;
  std::vector<PuzzleRecord> records;    // one per line, filled in parallel
  std::vector<PuzzleOutcome> outcomes;  // records.size() x strategies
  std::vector<Problem> problems;        // sorted by record once solved
  tbb::spin_mutex problems_mutex;
  uint64_t raw_bytes = 0;  // input consumed when the batch was cut
};

// A strategy's answer proves the puzzle has exactly one solution.
bool ProvesUnique(const Strategy& s, const PuzzleOutcome& o, uint32_t limit,
                  uint64_t budget) {
  if (o.verdict != Verdict::kSolved) return false;
  if (s.Has(kCountsSolutions) && limit >= 2) return true;
  return s.Has(kSeedWholeTree) && o.result.nodes < budget;
}

class Solver {
 public:
  Solver(const std::string& path, const RunOptions& options)
      : path_(path), options_(options) {}

  struct Checked {
    bool verified = false;  // some strategy's grid passed verification
    bool disagreement = false;  // answers clash beyond what checks settle
  };

  // Solves, verifies and cross-checks one parsed puzzle with every strategy.
  Checked Solve(size_t index, const PuzzleRecord& record,
                PuzzleOutcome* outcomes, std::vector<Problem>& problems) const {
    const auto& strategies = options_.strategies;
    const size_t n = strategies.size();
    Checked checked;
    for (size_t i = 0; i < n; ++i) {
      const uint64_t start = TickClock::Now();
      outcomes[i].result = strategies[i]->solve(
          record.puzzle, options_.solution_limit, options_.max_nodes);
      outcomes[i].nanos = clock_.Nanos(start, TickClock::Now());
      outcomes[i].verdict = VerdictOf(outcomes[i].result.outcome);
      outcomes[i].disagreements = 0;  // batches are reused
      const SolveResult& r = outcomes[i].result;
      if (r.solutions > 0) {
        if (auto error = CheckSolution(record.puzzle, r.solution)) {
          Wrong(index, record, i, outcomes,
                "returned a grid that is not a solution (" + *error +
                    "): " + FormatGrid(r.solution),
                problems);
        } else {
          checked.verified = true;
        }
      } else if (r.outcome == Outcome::kSolved ||
                 r.outcome == Outcome::kMultiple) {
        Wrong(index, record, i, outcomes, "claims a solution but returned none",
              problems);
      }
    }
    checked.disagreement = CrossCheck(index, record, outcomes, problems);
    return checked;
  }

 private:
  std::string Where(const PuzzleRecord& record) const {
    return path_ + ":" + std::to_string(record.line) + ": ";
  }

  void Wrong(size_t index, const PuzzleRecord& record, size_t i,
             PuzzleOutcome* outcomes, const std::string& why,
             std::vector<Problem>& problems) const {
    outcomes[i].verdict = Verdict::kWrong;
    problems.push_back({index,
                        Where(record) + "WRONG ANSWER from " +
                            std::string(options_.strategies[i]->name) + ": " +
                            why,
                        true});
  }

  // Answers that cannot all be right: a verified solution against "no
  // solution", two different verified solutions against a uniqueness proof,
  // and the file's own solution (Kaggle) against both.
  bool CrossCheck(size_t index, const PuzzleRecord& record,
                  PuzzleOutcome* outcomes,
                  std::vector<Problem>& problems) const {
    const auto& strategies = options_.strategies;
    const size_t n = strategies.size();
    const Grid* witness = record.has_expected ? &record.expected : nullptr;
    bool two_distinct = false;
    for (size_t i = 0; i < n; ++i) {
      const PuzzleOutcome& o = outcomes[i];
      if (o.verdict == Verdict::kWrong || o.result.solutions == 0) continue;
      if (witness == nullptr) {
        witness = &o.result.solution;
      } else if (*witness != o.result.solution) {
        two_distinct = true;
      }
    }
    for (size_t i = 0; i < n; ++i) {
      PuzzleOutcome& o = outcomes[i];
      if (o.verdict == Verdict::kNoSolution && witness != nullptr) {
        Wrong(index, record, i, outcomes,
              "says no solution, but " + FormatGrid(*witness) + " is one",
              problems);
      } else if (two_distinct &&
                 ProvesUnique(*strategies[i], o, options_.solution_limit,
                              options_.max_nodes)) {
        Wrong(index, record, i, outcomes,
              "claims a unique solution, but two different solutions were "
              "verified",
              problems);
      }
    }
    // "Several" against "exactly one" with no second grid to show: one side
    // is wrong, and only a person can tell which.
    int unique = -1, multiple = -1;
    for (size_t i = 0; i < n; ++i) {
      if (ProvesUnique(*strategies[i], outcomes[i], options_.solution_limit,
                       options_.max_nodes)) {
        unique = static_cast<int>(i);
      }
      if (outcomes[i].verdict == Verdict::kMultiple)
        multiple = static_cast<int>(i);
    }
    if (unique < 0 || multiple < 0 || two_distinct) return false;
    problems.push_back(
        {index,
         Where(record) + "DISAGREEMENT: " +
             std::string(strategies[unique]->name) + " proves one solution, " +
             std::string(strategies[multiple]->name) + " reports several",
         true});
    ++outcomes[unique].disagreements;
    ++outcomes[multiple].disagreements;
    return true;
  }

  const std::string& path_;
  const RunOptions& options_;
  TickClock clock_;
};

}  // namespace

DatasetResult RunDataset(const std::string& path, const RunOptions& options,
                         RunObserver& observer) {
  Input input(path);
  DatasetParser parser;
  DatasetResult result;
  result.path = path;
  result.input = input.facts();
  const size_t n = options.strategies.size();

  tbb::enumerable_thread_specific<std::vector<StrategyStats>> tallies([&] {
    return std::vector<StrategyStats>(n, StrategyStats(options.slowest));
  });
  tbb::enumerable_thread_specific<uint64_t> disagreements(0);
  Solver solver(path, options);

  uint64_t line_number = 0;
  bool stop_reading = false;
  const auto start = Clock::now();
  const double cpu_start = ProcessCpuSeconds();
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };

  // Batches are recycled: they hold several hundred kilobytes, which
  // malloc would otherwise map and unmap (and the kernel zero) per batch.
  std::vector<std::unique_ptr<Batch>> pool;
  tbb::spin_mutex pool_mutex;
  auto TakeBatch = [&]() -> std::unique_ptr<Batch> {
    {
      tbb::spin_mutex::scoped_lock lock(pool_mutex);
      if (!pool.empty()) {
        std::unique_ptr<Batch> batch = std::move(pool.back());
        pool.pop_back();
        TakeOver(batch.get());
        batch->lines.clear();
        batch->text.clear();
        batch->problems.clear();
        return batch;
      }
    }
    auto batch = std::make_unique<Batch>();
    batch->lines.reserve(options.batch_size);
    batch->text.reserve(options.batch_size * 96);
    return batch;
  };
  auto ReturnBatch = [&](Batch* batch) {
    tbb::spin_mutex::scoped_lock lock(pool_mutex);
    pool.emplace_back(batch);
  };

  // TSan marks (no-ops elsewhere): the reader's state passes from one read
  // call to the next, a batch from stage to stage and into parallel_for's
  // ranges, the run's totals from one accounting call to the next.
  auto read = [&](tbb::flow_control& fc) -> Batch* {
    TakeOver(&kRunSetUp);  // before any read of what the lambda captured
    TakeOver(&input);
    struct Done {
      const void* what;
      ~Done() { HandOff(what); }
    } done{&input};
    if (stop_reading) {
      fc.stop();
      return nullptr;
    }
    std::unique_ptr<Batch> batch = TakeBatch();
    PuzzleRecord record;
    try {
      while (batch->lines.size() < options.batch_size) {
        bool truncated = false;
        const auto line = input.NextLine(truncated);
        if (!line) {
          stop_reading = true;
          break;
        }
        ++line_number;
        std::string_view content;
        if (parser.Classify(line_number, *line, content) !=
            DatasetParser::LineKind::kRecord) {
          continue;
        }
        batch->lines.push_back(
            {line_number, batch->text.size(), content.size(), truncated});
        batch->text.append(content);
        if (options.strict) {
          // Strict runs parse here too, to stop at the very line.
          DatasetParser::ParseRecord(parser.format(), content, record);
          if (truncated || record.status != RecordStatus::kPuzzle) {
            result.stopped_strict = true;
            stop_reading = true;
            break;
          }
        }
      }
    } catch (const InputError& error) {
      result.read_error = error.what();
      stop_reading = true;
    }
    batch->format = parser.format();
    batch->raw_bytes = input.raw_bytes_read();
    if (batch->lines.empty()) {
      ReturnBatch(batch.release());
      fc.stop();
      return nullptr;
    }
    HandOff(batch.get());
    return batch.release();
  };

  // With strategies to run, the givens check waits for their answers.
  const GivensCheck givens_check =
      n > 0 ? GivensCheck::kDeferred : GivensCheck::kNow;
  auto parse_range = [&](Batch* batch, size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      const Batch::Line& line = batch->lines[r];
      PuzzleRecord& record = batch->records[r];
      record.line = line.number;
      DatasetParser::ParseRecord(
          batch->format,
          std::string_view(batch->text).substr(line.offset, line.length),
          record, givens_check);
      if (line.truncated) {
        record.status = RecordStatus::kMalformed;
        record.reason =
            "line longer than " + std::to_string(Input::kMaxLine) + " bytes";
      }
    }
  };

  // One range of a batch's records; records are independent, so idle
  // threads can share a batch that holds a few very hard puzzles.
  auto solve_range = [&](Batch* batch, size_t begin, size_t end) {
    auto& tally = tallies.local();
    std::vector<Problem> problems;
    auto unsearched = [&](const PuzzleRecord& record, PuzzleOutcome* outcomes) {
      const Verdict v = record.status == RecordStatus::kInvalid
                            ? Verdict::kInvalid
                            : Verdict::kMalformed;
      for (size_t i = 0; i < n; ++i) {
        outcomes[i] = PuzzleOutcome{};
        outcomes[i].verdict = v;
        tally[i].AddUnsearched(v);
      }
    };
    for (size_t r = begin; r < end; ++r) {
      PuzzleRecord& record = batch->records[r];
      PuzzleOutcome* outcomes = batch->outcomes.data() + r * n;
      if (record.status != RecordStatus::kPuzzle) {
        unsearched(record, outcomes);
        continue;
      }
      const size_t problems_before = problems.size();
      const auto checked = solver.Solve(r, record, outcomes, problems);
      // A verified grid keeps every given and breaks no rule, so the givens
      // are valid; otherwise check them now, and if they clash the puzzle
      // counts as invalid, whatever the strategies made of it.
      if (!checked.verified && !record.has_expected) {
        CheckGivens(record);
        if (record.status == RecordStatus::kInvalid) {
          problems.resize(problems_before);
          unsearched(record, outcomes);
          continue;
        }
      }
      if (checked.disagreement) ++disagreements.local();
      for (size_t i = 0; i < n; ++i) {
        const PuzzleOutcome& o = outcomes[i];
        tally[i].Add({o.verdict, o.nanos, o.result.nodes, o.result.guessed});
        tally[i].disagreements += o.disagreements;
        if (options.slowest > 0) {
          tally[i].slowest.Offer(
              {o.nanos, o.result.nodes, record.line, record.puzzle});
        }
        if (o.verdict == Verdict::kSolved && record.has_expected &&
            o.result.solution != record.expected) {
          ++tally[i].expected_differs;
        }
      }
    }
    if (!problems.empty()) {
      tbb::spin_mutex::scoped_lock lock(batch->problems_mutex);
      batch->problems.insert(batch->problems.end(), problems.begin(),
                             problems.end());
    }
  };

  auto solve = [&](Batch* batch) -> Batch* {
    TakeOver(&kRunSetUp);
    TakeOver(batch);
    batch->records.resize(batch->lines.size());
    batch->outcomes.resize(batch->lines.size() * n);
    HandOff(batch);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, batch->lines.size(), 16),
                      [&, batch](const tbb::blocked_range<size_t>& range)
                          SUDOKU_TSAN_UNCHECKED {
                        TakeOver(&kRunSetUp);
                        TakeOver(batch);
                        parse_range(batch, range.begin(), range.end());
                        if (n > 0)
                          solve_range(batch, range.begin(), range.end());
                        HandOff(batch);
                      });
    TakeOver(batch);
    // Ranges finish in any order; problems are shown in input order.
    std::stable_sort(
        batch->problems.begin(), batch->problems.end(),
        [](const Problem& a, const Problem& b) { return a.record < b.record; });
    HandOff(batch);
    return batch;
  };

  auto account = [&](Batch* batch) {
    TakeOver(&kRunSetUp);
    TakeOver(batch);
    TakeOver(&result);
    size_t problem = 0;
    for (size_t r = 0; r < batch->records.size(); ++r) {
      const PuzzleRecord& record = batch->records[r];
      ++result.puzzle_lines;
      if (record.status != RecordStatus::kPuzzle) {
        ++(record.status == RecordStatus::kInvalid ? result.invalid
                                                   : result.malformed);
        observer.OnProblem(
            path + ":" + std::to_string(record.line) + ": " + record.reason,
            false);
      }
      for (; problem < batch->problems.size() &&
             batch->problems[problem].record == r;
           ++problem) {
        observer.OnProblem(batch->problems[problem].message,
                           batch->problems[problem].error);
      }
      observer.OnRecord(
          path, record,
          std::span<const PuzzleOutcome>(batch->outcomes.data() + r * n, n));
    }
    observer.OnProgress(result.puzzle_lines, batch->raw_bytes,
                        result.input.raw_size, elapsed());
    HandOff(batch);  // back to the pool, for the reader to fill again
    ReturnBatch(batch);
    HandOff(&result);
  };

  tbb::task_arena arena(options.threads);
  arena.execute([&] {
    const auto stages =
        tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order,
                                       read) &
        tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel, solve) &
        tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order,
                                       account);
    HandOff(&kRunSetUp);
    tbb::parallel_pipeline(static_cast<size_t>(options.threads) * 4, stages);
  });

  TakeOver(&input);
  TakeOver(&result);
  for (const auto& batch : pool) TakeOver(batch.get());  // freed here
  result.wall_s = elapsed();
  result.cpu_s = ProcessCpuSeconds() - cpu_start;
  result.lines_read = line_number;
  result.raw_bytes = input.raw_bytes_read();
  result.sha256 = input.Sha256Hex();
  result.format = parser.format();
  result.stats.assign(n, StrategyStats(options.slowest));
  for (const auto& tally : tallies) {
    for (size_t i = 0; i < n; ++i) result.stats[i].Merge(tally[i]);
  }
  for (uint64_t d : disagreements) result.disagreements += d;
  for (const auto& s : result.stats) {
    result.wrong_answers += s.count(Verdict::kWrong);
  }
  return result;
}

}  // namespace sudoku
