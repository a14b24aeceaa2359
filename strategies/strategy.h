// The strategy contract: the one signature every Sudoku solving strategy
// implements.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string_view>

namespace sudoku {

inline constexpr int kCells = 81;

// Cells in row-major order; 0 is an empty cell, 1..9 a digit.
using Grid = std::array<uint8_t, kCells>;

enum class Outcome : uint8_t {
  kSolved,      // a solution was found, and no second one within the limit
  kMultiple,    // at least two solutions were found: the puzzle is not unique
  kNoSolution,  // the whole search ran and found nothing (or the givens clash)
  kOverBudget,  // the node budget ran out before the question was answered
  // No answer at all: the strategy runs outside bench's process (bench
  // --exec) and that process died, answered garbage or timed out. Only such
  // strategies return it, and they say why through Strategy::last_error;
  // plugins cannot (their trampoline maps it to an unknown code).
  kError,
};

// Inline so that the contract is a header alone: the engine names outcomes
// without linking any strategy.
constexpr std::string_view OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kSolved:
      return "solved";
    case Outcome::kMultiple:
      return "multiple";
    case Outcome::kNoSolution:
      return "no_solution";
    case Outcome::kOverBudget:
      return "over_budget";
    case Outcome::kError:
      return "error";
  }
  return "unknown";
}

// No node budget at all.
inline constexpr uint64_t kUnlimitedNodes =
    std::numeric_limits<uint64_t>::max();

// The most nodes one answer may count, budget or none: 2^63 - 1, what every
// store of a count holds (a signed 64-bit SQL BIGINT, an int64 in a reader
// of the CSV); 292 years of search at 10^9 nodes a second. A count above it
// is a lie, and the engine refuses the answer.
inline constexpr uint64_t kMostNodes =
    static_cast<uint64_t>(std::numeric_limits<int64_t>::max());

// The solution limit that means "count them all" (bench --limit all): the
// most SolveResult::solutions holds. A search that reaches it has not
// counted them all, so Finish (strategies/search_support.h) calls that over
// the budget rather than a count.
inline constexpr uint32_t kAllSolutions = std::numeric_limits<uint32_t>::max();

struct SolveResult {
  Outcome outcome = Outcome::kNoSolution;
  // Solutions found before the search stopped (a whole-tree strategy may
  // report more than the limit it was given).
  uint32_t solutions = 0;
  // Search effort in the strategy's own unit (see Strategy::node_unit).
  uint64_t nodes = 0;
  // True when the search had to choose between alternatives at least once;
  // false when the puzzle fell to forced moves alone.
  bool guessed = false;
  // The first solution found; meaningful only when solutions > 0.
  Grid solution{};
};

// Solves `givens`, which may break the rules (a strategy then returns
// kNoSolution and never a grid). Stops after `solution_limit` solutions
// (>= 1) where the strategy can count, and with kOverBudget as soon as its
// node count would pass `node_budget`, so nodes <= node_budget always (and
// nodes <= kMostNodes, even with no budget). The engine holds every
// strategy to both, as it cannot trust a loaded one: an answer over either
// is a WRONG answer (a contract violation) whose nodes are counted as that
// limit.
//
// `givens` is the caller's copy for this call alone (Strategy::Solve makes
// it): a strategy may use it as scratch, though a built-in one does not.
// Nothing a strategy writes there reaches the engine's own copy of the
// puzzle, which every answer is verified against.
//
// Must be reentrant, since the engine calls it on many threads at once:
// - state lives on the stack, or in a per-thread object (`thread_local`,
//   as dlx's matrix); tables shared between threads are constant
//   (constexpr), and there is no other global or static mutable state;
// - no heap allocation on the solve path once a thread has made its first
//   call (a `thread_local` object may be built then);
// - no I/O.
// tests/strategies/reentrancy_test.cc checks this for every registered
// strategy: answers and nodes on many threads equal the single-thread ones,
// and a thread's second call allocates nothing.
using SolveFn = SolveResult (*)(const Grid& givens, uint32_t solution_limit,
                                uint64_t node_budget);

// A strategy loaded at run time (bench --plugin) solves through this, with
// its row's `context` first: one trampoline serves every loaded strategy.
using ContextSolveFn = SolveResult (*)(const void* context, const Grid& givens,
                                       uint32_t solution_limit,
                                       uint64_t node_budget);

// What a strategy promises, as bit flags.
enum Capability : uint32_t {
  // With solution_limit 1 its nodes equal the fixtures' `nodes_first`: the
  // row-major, ascending-digit search that stops at the first solution.
  kSeedFirstTree = 1u << 0,
  // Its nodes equal the fixtures' `nodes_all` and it reports every solution
  // of the tree, whatever the limit: it never stops early.
  kSeedWholeTree = 1u << 1,
  // It stops after `solution_limit` solutions, so a limit of 2 proves
  // uniqueness. Strategies without this stop at the first solution (or,
  // with kSeedWholeTree, never).
  kCountsSolutions = 1u << 2,
};

// Strategy::origin as reports write it for a strategy compiled in.
inline constexpr std::string_view kBuiltInOrigin = "built in";

struct Strategy {
  std::string_view name;
  std::string_view summary;
  SolveFn solve;
  uint32_t capabilities;
  // What one node is for this strategy, for reports and --list.
  std::string_view node_unit;
  // Where it stands when the strategies are ranked by speed
  // (docs/performance.md): 1 is the fastest, 0 unranked. The generator counts
  // solutions with the best-ranked strategy that can, so a faster strategy
  // takes over by its rank here, with no edit there.
  uint32_t speed_rank = 0;
  // A loaded strategy's solve function and its context (the plugin loader's
  // record of it); built-in rows leave both null and use `solve`.
  ContextSolveFn context_solve = nullptr;
  const void* context = nullptr;
  // Where a loaded strategy came from (the plugin's path); empty when built
  // in.
  std::string_view origin{};
  // Why this thread's last Solve returned Outcome::kError, for the engine's
  // `file:line` message; called on that thread right after it, the text is
  // valid until the thread's next Solve. Null for strategies that never
  // return kError.
  std::string_view (*last_error)(const void* context) = nullptr;
  // The SHA-256 (lowercase hex) of the file a loaded strategy came from, so
  // a report names the exact build it measured; empty when built in.
  std::string_view origin_sha256{};
  // How a loaded strategy was built (compiler, flags), as its plugin says;
  // empty when built in (the run manifest's build_flags are its build) or
  // when the plugin does not say.
  std::string_view origin_build{};
  // Its solves run in another process (bench --exec): the calling thread
  // waits for the answer, so its time off the CPU is the solve's own, and
  // the engine does not take it out (engine/pipeline/off_cpu_watch.h).
  bool solves_elsewhere = false;

  // What the engine, bench and the tools call, for every strategy, and the
  // only way they call one (tests/layout_check.py refuses a direct call of
  // `solve` outside strategies/). `givens` is taken by value: each call gets
  // its own copy, 81 bytes on the caller's stack, and the strategy a
  // reference to that copy. A strategy that writes its givens (a C plugin
  // solving in place, casting away const) spoils only that copy, never the
  // caller's puzzle, which the next strategy solves and the engine verifies
  // every answer against. The copy costs nothing measurable
  // (docs/performance.md, "The givens' copy").
  SolveResult Solve(Grid givens, uint32_t solution_limit,
                    uint64_t node_budget) const {
    if (context_solve == nullptr) [[likely]] {
      return solve(givens, solution_limit, node_budget);
    }
    return context_solve(context, givens, solution_limit, node_budget);
  }

  bool Has(Capability capability) const {
    return (capabilities & capability) != 0;
  }
};

}  // namespace sudoku
