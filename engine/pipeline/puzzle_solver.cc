// Solving, verifying and cross-checking one puzzle with every strategy.
#include "engine/pipeline/puzzle_solver.h"

#include <new>
#include <type_traits>

#include "engine/input/puzzle.h"
#include "engine/pipeline/in_flight.h"
#include "engine/pipeline/instruction_count.h"
#include "engine/pipeline/interrupt.h"
#include "engine/pipeline/off_cpu_watch.h"

namespace sudoku {
namespace {

// A loaded strategy's outcome code past Outcome's, as a WRONG answer says
// it; a plugin's code past 8 bits comes as 255 (bench/run/plugin_loader.cc).
std::string UnknownOutcomeText(Outcome outcome) {
  const unsigned code = static_cast<unsigned>(outcome);
  return "returned an unknown outcome code (" + std::to_string(code) +
         (code == 0xff ? " or more" : "") + ")";
}

// A strategy's answer proves the puzzle has exactly one solution.
bool ProvesUnique(const Strategy& s, const PuzzleOutcome& o, uint32_t limit,
                  uint64_t budget) {
  if (o.verdict != Verdict::kSolved) return false;
  if (s.Has(kCountsSolutions) && limit >= 2) return true;
  return s.Has(kSeedWholeTree) && o.result.nodes < budget;
}

// What an answer says of the solution count, when that contradicts the
// count a file claims (any count above 1 is "several", so a run under
// --limit 2 agrees with a file that counted further); empty when it does not.
std::string CountContradiction(bool proves_unique, Verdict verdict,
                               uint32_t claimed) {
  switch (verdict) {
    case Verdict::kNoSolution:
      if (claimed >= 1) return "finds no solution";
      break;
    case Verdict::kSolved:
      if (proves_unique && claimed != 1) return "proves one solution";
      if (claimed == 0) return "finds a solution";
      break;
    case Verdict::kMultiple:
      if (claimed <= 1) return "finds several solutions";
      break;
    default:
      break;
  }
  return {};
}

// An outcome that answers the count question: none, one, several.
bool Settled(Verdict verdict) {
  return verdict == Verdict::kSolved || verdict == Verdict::kMultiple ||
         verdict == Verdict::kNoSolution;
}

// What an outcome says of the count, for a message.
std::string_view CountText(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSolved:
      return "one solution";
    case Verdict::kMultiple:
      return "several solutions";
    default:
      return "no solution";
  }
}

// What an answer says of the number of solutions, when it says one: a
// counting strategy's count below the limit is exact (its search ran out),
// at the limit it is "at least"; a whole-tree seed's is exact when the
// budget did not stop it. Others (first-solution seeds, loaded strategies,
// an unsettled answer) say nothing of it.
struct CountClaim {
  bool known = false;
  bool exact = false;
  uint32_t solutions = 0;
};

CountClaim ClaimOf(const Strategy& s, const PuzzleOutcome& o, uint32_t limit,
                   uint64_t budget) {
  if (!Settled(o.verdict) || !s.origin.empty()) return {};
  const uint32_t n = o.result.solutions;
  if (s.Has(kSeedWholeTree)) return {true, o.result.nodes < budget, n};
  if (!s.Has(kCountsSolutions)) return {};
  return {true, n < limit, n};
}

// Two counts that cannot both be right.
bool Contradict(const CountClaim& a, const CountClaim& b) {
  if (!a.known || !b.known) return false;
  if (a.exact && b.exact) return a.solutions != b.solutions;
  if (a.exact) return a.solutions < b.solutions;
  if (b.exact) return b.solutions < a.solutions;
  return false;
}

std::string ClaimText(const CountClaim& c) {
  return (c.exact ? "counts " : "counts at least ") +
         std::to_string(c.solutions) +
         (c.solutions == 1 ? " solution" : " solutions");
}

// A stop (SIGTERM from a CI job's timeout) starts no new solve (`last`
// null: before one), since with naive strategies a puzzle's solves may take
// minutes; and an --exec process it killed answered kError, which is no
// answer and not the process's fault. Either way the puzzle was not solved
// by every strategy. One relaxed load a solve; the stop watchdog
// (bench/run/stop_watchdog.h) counts on no solve starting.
bool CutByStop(const SolveResult* last) {
  if (InterruptSignal() == 0) [[likely]] return false;
  return last == nullptr || last->outcome == Outcome::kError;
}

}  // namespace

PuzzleSolver::PuzzleSolver(const std::string& path, const RunOptions& options)
    : path_(path), options_(options) {
  for (const Strategy* strategy : options.strategies) {
    untrusted_ |= !strategy->origin.empty();
  }
}

PuzzleSolver::Checked PuzzleSolver::Solve(
    size_t index, const PuzzleRecord& record, PuzzleOutcome* outcomes,
    std::vector<Problem>& problems) const {
  const auto& strategies = options_.strategies;
  const size_t n = strategies.size();
  Checked checked;
  OffCpuWatch& watch = OffCpuWatch::ForThisThread();
  for (size_t i = 0; i < n; ++i) {
    if (CutByStop(nullptr)) [[unlikely]] return {.stopped = true};
    MarkInFlight(*strategies[i], path_, record.line);  // for a crash report
    const uint64_t start = watch.Start();
    // Constructed in place, not assigned: the strategy's result is written
    // straight into the outcome instead of copied from a temporary (104
    // bytes a puzzle). SolveResult is trivially destructible.
    static_assert(std::is_trivially_destructible_v<SolveResult>);
    // Strategy::Solve hands the strategy a copy of the givens of its own:
    // record.puzzle, the engine's copy that every answer is verified
    // against and the next strategy solves, is never within its reach.
    if (counting_) BeginCountedSolve(options_.count_instructions);
    new (&outcomes[i].result) SolveResult(strategies[i]->Solve(
        record.puzzle, options_.solution_limit, options_.max_nodes));
    if (counting_) EndCountedSolve(options_.count_instructions);
    const uint64_t end = TickClock::Now();
    outcomes[i].nanos = clock_.Nanos(start, end);
    const uint64_t off_cpu = watch.End(clock_, start, end);
    outcomes[i].off_cpu_nanos = strategies[i]->solves_elsewhere ? 0 : off_cpu;
    ClearInFlight();
    if (CutByStop(&outcomes[i].result)) [[unlikely]] return {.stopped = true};
    outcomes[i].verdict = VerdictOf(outcomes[i].result.outcome);
    outcomes[i].disagreements = 0;  // batches are reused
    if (outcomes[i].verdict == Verdict::kError) {
      Unanswered(index, record, i, outcomes, problems);
      continue;
    }
    const SolveResult& r = outcomes[i].result;
    // The contract, held for every strategy (built-in ones never break it;
    // a loaded one may): a known outcome code, nodes within the budget.
    if (outcomes[i].verdict == Verdict::kWrong) {
      Wrong(index, record, i, outcomes,
            UnknownOutcomeText(r.outcome),
            problems);
    } else if (r.nodes > most_nodes_) {
      Overcounted(index, record, i, outcomes, problems);
    } else if (r.solutions > 0) {
      if (IsSolution(record.puzzle, r.solution)) {
        checked.verified = true;
      } else if (auto error = CheckSolution(record.puzzle, r.solution)) {
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
  // The common case, one strategy and no answer in the file, has nothing to
  // check against, unless the strategy said "no solution" beside a grid;
  // tested here, where it costs no call.
  const bool nothing_to_cross_check =
      n == 1 && !record.has_expected &&
      (outcomes[0].verdict != Verdict::kNoSolution ||
       outcomes[0].result.solutions == 0);
  checked.disagreement =
      !nothing_to_cross_check && CrossCheck(index, record, outcomes, problems);
  if (options_.solution_limit >= 3 && n >= 2) {
    checked.disagreement |= CountsDisagree(index, record, outcomes, problems);
  }
  CheckClaims(index, record, outcomes, problems);
  return checked;
}

void PuzzleSolver::CheckClaims(size_t index, const PuzzleRecord& record,
                               PuzzleOutcome* outcomes,
                               std::vector<Problem>& problems) const {
  const size_t n = options_.strategies.size();
  if (record.has_expected || record.expected_count ||
      record.status == RecordStatus::kReferenceWrong) {
    CompareWithFile(index, record, outcomes, problems);
  } else {
    // The common case, a file with no answers: nothing to differ from.
    for (size_t i = 0; i < n; ++i) {
      outcomes[i].differs_from_file = false;
      outcomes[i].several_claimed_one = false;
    }
  }
  if (options_.reference >= 0) {
    SettleByReference(index, record, outcomes, problems);
  }
  if (untrusted_) [[unlikely]] {
    MarkUnchecked(record, outcomes);
  } else {
    for (size_t i = 0; i < n; ++i) outcomes[i].unchecked = false;
  }
}

void PuzzleSolver::SettleByReference(size_t index, const PuzzleRecord& record,
                                     PuzzleOutcome* outcomes,
                                     std::vector<Problem>& problems) const {
  const size_t reference = static_cast<size_t>(options_.reference);
  const Verdict truth = outcomes[reference].verdict;
  // Over its budget, or itself caught wrong by the checks above: the
  // reference settled nothing here.
  if (!Settled(truth)) return;
  const std::string_view name = options_.strategies[reference]->name;
  const CountClaim counted =
      ClaimOf(*options_.strategies[reference], outcomes[reference],
              options_.solution_limit, options_.max_nodes);
  for (size_t i = 0; i < options_.strategies.size(); ++i) {
    const Verdict v = outcomes[i].verdict;
    if (i == reference || !Settled(v)) continue;
    if (v != truth) {
      Wrong(index, record, i, outcomes,
            "reports " + std::string(CountText(v)) + ", but the reference " +
                std::string(name) + " finds " + std::string(CountText(truth)),
            problems);
      continue;
    }
    // From --limit 3 on the reference settles the number too.
    const CountClaim claim = ClaimOf(*options_.strategies[i], outcomes[i],
                                     options_.solution_limit,
                                     options_.max_nodes);
    if (options_.solution_limit >= 3 && Contradict(claim, counted)) {
      Wrong(index, record, i, outcomes,
            ClaimText(claim) + ", but the reference " + std::string(name) +
                " " + ClaimText(counted),
            problems);
    }
  }
}

void PuzzleSolver::MarkUnchecked(const PuzzleRecord& record,
                                 PuzzleOutcome* outcomes) const {
  const auto& strategies = options_.strategies;
  const size_t n = strategies.size();
  const bool file_says = record.has_expected || record.expected_count;
  // What the built-in strategies settled: any complete search answers "is
  // there a solution"; only one that counts on (a limit of 2, or the whole
  // tree) answers "how many".
  bool settles_existence = false, settles_count = false;
  for (size_t i = 0; i < n; ++i) {
    if (!strategies[i]->origin.empty() || !Settled(outcomes[i].verdict)) {
      continue;
    }
    settles_existence = true;
    settles_count |= (strategies[i]->Has(kCountsSolutions) &&
                      options_.solution_limit >= 2) ||
                     strategies[i]->Has(kSeedWholeTree);
  }
  for (size_t i = 0; i < n; ++i) {
    PuzzleOutcome& o = outcomes[i];
    o.unchecked = false;
    if (strategies[i]->origin.empty() || file_says) continue;
    switch (o.verdict) {
      case Verdict::kNoSolution:
        o.unchecked = !settles_existence;
        break;
      case Verdict::kSolved:
        // A claim that there is no second solution only from a strategy
        // that promises to count (at a limit of 2) or searches the whole
        // tree; otherwise "solved" says a solution was found, and its grid
        // was verified.
        o.unchecked =
            ProvesUnique(*strategies[i], o, options_.solution_limit,
                         options_.max_nodes) &&
            !settles_count;
        break;
      case Verdict::kMultiple:
        o.unchecked = !settles_count;
        break;
      default:
        break;
    }
  }
}

// A count the contract forbids (SolveFn: nodes <= node_budget and
// <= kMostNodes): a wrong answer, and its nodes are counted as the most it
// could have counted, so that one lie cannot carry the totals past what a
// report can hold, nor hide in them.
void PuzzleSolver::Overcounted(size_t index, const PuzzleRecord& record,
                               size_t i, PuzzleOutcome* outcomes,
                               std::vector<Problem>& problems) const {
  uint64_t& nodes = outcomes[i].result.nodes;
  const std::string limit =
      options_.max_nodes <= kMostNodes
          ? "the budget of " + std::to_string(options_.max_nodes)
          : "the most one answer may count, " + std::to_string(kMostNodes);
  Wrong(index, record, i, outcomes,
        "counted " + std::to_string(nodes) + " nodes, above " + limit +
            " (contract violation)",
        problems);
  nodes = most_nodes_;
}

void PuzzleSolver::Wrong(size_t index, const PuzzleRecord& record, size_t i,
                         PuzzleOutcome* outcomes, const std::string& why,
                         std::vector<Problem>& problems) const {
  outcomes[i].verdict = Verdict::kWrong;
  // A wrong answer claims nothing (--reference may judge one after the
  // file's claims were compared).
  outcomes[i].several_claimed_one = false;
  problems.push_back({index,
                      Where(record) + "WRONG ANSWER from " +
                          std::string(options_.strategies[i]->name) + ": " +
                          why,
                      true});
}

// A strategy outside the process that gave no answer (Outcome::kError): an
// error with its reason, neither right nor wrong, and no grid that could
// take part in the cross-checks.
void PuzzleSolver::Unanswered(size_t index, const PuzzleRecord& record,
                              size_t i, PuzzleOutcome* outcomes,
                              std::vector<Problem>& problems) const {
  const Strategy& s = *options_.strategies[i];
  outcomes[i].result.solutions = 0;
  const std::string_view why =
      s.last_error != nullptr ? s.last_error(s.context) : "no answer";
  problems.push_back({index,
                      Where(record) + "ERROR from " + std::string(s.name) +
                          ": " + std::string(why),
                      true});
}

// Answers that cannot all be right: a verified solution against "no
// solution", two different verified solutions against a uniqueness proof,
// and the file's own solution (Kaggle) against both.
bool PuzzleSolver::CrossCheck(size_t index, const PuzzleRecord& record,
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
  // A reference that settled the count decides it below (SettleByReference):
  // one of the two is then a wrong answer, said once, not also a
  // disagreement left for a person.
  if (options_.reference >= 0 &&
      Settled(outcomes[static_cast<size_t>(options_.reference)].verdict)) {
    return false;
  }
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

bool PuzzleSolver::CountsDisagree(size_t index, const PuzzleRecord& record,
                                  PuzzleOutcome* outcomes,
                                  std::vector<Problem>& problems) const {
  const auto& strategies = options_.strategies;
  const size_t n = strategies.size();
  // A reference that settled the count decides it (SettleByReference).
  if (options_.reference >= 0 &&
      Settled(outcomes[static_cast<size_t>(options_.reference)].verdict)) {
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    const CountClaim a = ClaimOf(*strategies[i], outcomes[i],
                                 options_.solution_limit, options_.max_nodes);
    for (size_t j = i + 1; j < n; ++j) {
      const CountClaim b = ClaimOf(*strategies[j], outcomes[j],
                                   options_.solution_limit,
                                   options_.max_nodes);
      if (!Contradict(a, b)) continue;
      problems.push_back({index,
                          Where(record) + "DISAGREEMENT: " +
                              std::string(strategies[i]->name) + " " +
                              ClaimText(a) + ", " +
                              std::string(strategies[j]->name) + " " +
                              ClaimText(b),
                          true});
      ++outcomes[i].disagreements;
      ++outcomes[j].disagreements;
      return true;
    }
  }
  return false;
}

// The file's own answer, where it gives one: a solution column (Kaggle and
// other CSV layouts) or a `puzzle:count:solution` count. A valid answer
// other than the file's is counted (expected_differs), not called wrong: the
// puzzle may have several solutions, and the file may be the one in error.
// Several solutions where the file claims one (an answer, right or wrong,
// with no count, or a count of 1) are also counted apart
// (several_claimed_one), and fail the run.
void PuzzleSolver::CompareWithFile(size_t index, const PuzzleRecord& record,
                                   PuzzleOutcome* outcomes,
                                   std::vector<Problem>& problems) const {
  const auto& strategies = options_.strategies;
  const bool claims_one = record.expected_count
                              ? *record.expected_count == 1
                              : record.has_expected ||
                                    record.status ==
                                        RecordStatus::kReferenceWrong;
  for (size_t i = 0; i < strategies.size(); ++i) {
    PuzzleOutcome& o = outcomes[i];
    o.differs_from_file = o.verdict == Verdict::kSolved &&
                          record.has_expected &&
                          o.result.solution != record.expected;
    o.several_claimed_one = claims_one && o.verdict == Verdict::kMultiple;
    if (!record.expected_count) {
      // A count of 1 is told below, with the other counts.
      if (o.several_claimed_one) {
        problems.push_back(
            {index,
             Where(record) + std::string(strategies[i]->name) +
                 " finds several solutions, the file gives one answer",
             false});
      }
      continue;
    }
    std::string contradiction = CountContradiction(
        ProvesUnique(*strategies[i], o, options_.solution_limit,
                     options_.max_nodes),
        o.verdict, *record.expected_count);
    // From --limit 3 on, an exact count below the file's: the file's count
    // may be "at least" (written at a limit), so one above it is no
    // contradiction, but fewer solutions than it claims are.
    const CountClaim claim = ClaimOf(*strategies[i], o,
                                     options_.solution_limit,
                                     options_.max_nodes);
    if (contradiction.empty() && options_.solution_limit >= 3 && claim.exact &&
        claim.solutions < *record.expected_count) {
      contradiction = ClaimText(claim);
    }
    if (contradiction.empty()) continue;
    o.differs_from_file = true;
    problems.push_back({index,
                        Where(record) + std::string(strategies[i]->name) + " " +
                            contradiction + ", the file says " +
                            std::to_string(*record.expected_count),
                        false});
  }
}

}  // namespace sudoku
