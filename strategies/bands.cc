// `bands` and `triads`: per-digit bitboards split into bands; singles and
// box-line intersections to a fixed point, then guesses.
//
// The propagating solver. Each digit keeps the set of cells where it may
// still go (a cell it is placed in stays in its set), as three 27-bit band
// words. For one digit, a band (3 rows x 3 boxes) must hold it exactly once
// per row and once per box, so the (row, box) segments it uses form a 3x3
// permutation matrix; a stack (3 boxes x 3 columns) likewise pairs bands with
// columns. Keeping only segments that lie on some permutation inside the
// remaining pattern is exactly the box-line intersection rule (pointing and
// claiming, "locked candidates"), and it turns every hidden single (in a
// row, column or box) into a row with one cell left. With naked singles
// across digits that reaches the fixed point of the singles solver plus
// locked candidates; then it branches on a cell with fewest candidates
// (a two-candidate cell when there is one), copying the 124-byte board.
// The idea of digit bitboards in bands follows Zhou's and Champagne's
// published band solvers and tdoku's write-up; the code and tables are ours.
//
// One digit's candidates, bit i of band word b is cell 27 * b + i:
//
//            col 0 ......... col 8
//   band 0  bits  0 ..  8   (row 0)
//           bits  9 .. 17   (row 1)      box j of a row = bits 3j .. 3j+2
//           bits 18 .. 26   (row 2)
//   band 1  the same for rows 3..5, band 2 for rows 6..8
//
// Node = a guess: one tentative placement at a branch point. Forced
// placements are free.
//
// `triads` is the same search with one more rule (see Triads below) and
// tdoku's node count: the last alternative at a branch point, tried once
// the others failed, is forced and not counted, so its nodes compare with
// tdoku's guesses (a two-candidate cell costs one node there, two here).
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "strategies/band_words.h"
#include "strategies/geometry.h"
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::kPeerBands;
using support::NodeBudget;

using band_words::Columns;
using band_words::RowSingles;
using band_words::SegmentBits;
using band_words::StackBits;
using band_words::kBandAll;
using band_words::kBandKeep;
using band_words::kForcedClears;
using band_words::kRowLow;
using band_words::kSegmentCells;
using band_words::kStackKeep;

struct Board {
  std::array<std::array<uint32_t, 3>, 9> cand;  // [digit][band]
  std::array<uint32_t, 3> solved;               // cells whose digit is settled
  uint32_t dirty;  // digits whose words changed since they were filtered
};
// The size the file's opening comment gives: a guess copies this much.
static_assert(sizeof(Board) == 124);

// Cells whose digit is settled (givens, placements, singles).
inline int SettledCells(const Board& board) {
  return std::popcount(board.solved[0]) + std::popcount(board.solved[1]) +
         std::popcount(board.solved[2]);
}

// kTriads: add the triad rule after propagation, and count as nodes only
// the alternatives that are tried while another remains (the last one is
// forced once the others failed), as tdoku counts its guesses.
template <bool kTriads>
class BandSearch {
 public:
  BandSearch(uint32_t limit, uint64_t budget)
      : budget_(budget), limit_(limit) {}

  // Settles `cell` as `digit` (0-based): gone from other digits, and its
  // peers gone from this one.
  static void Place(Board& board, int cell, int digit) {
    const int band = cell / 27;
    const uint32_t bit = 1u << (cell % 27);
    uint32_t touched = 0;
    for (int d = 0; d < 9; ++d) {
      touched |= ((board.cand[d][band] >> (cell % 27)) & 1) << d;
      board.cand[d][band] &= ~bit;
    }
    board.dirty |= touched;
    // The cell is not its own peer, so this restores it for `digit`.
    board.cand[digit][band] |= bit;
    for (int b = 0; b < 3; ++b) board.cand[digit][b] &= ~kPeerBands[cell][b];
    board.solved[band] |= bit;
    board.dirty |= 1u << digit;
  }

  // Filters and places until nothing changes; false on a contradiction.
  static bool Propagate(Board& board) {
    for (;;) {
      while (board.dirty != 0) {
        const int d = std::countr_zero(board.dirty);
        board.dirty &= board.dirty - 1;
        if (!FilterDigit(board, d)) return false;
      }
      if (!NakedSingles(board)) return false;
      if (board.dirty == 0) return true;
    }
  }

  // Propagation, then (for the triads variant) one pass of the triad rule
  // and propagation again; false on a contradiction. Iterating the pair to
  // a fixed point saves under 1% of the guesses (top1465: 8.4 against 8.5
  // per puzzle; forum-hardest-1106: 121.1 against 121.5) for more passes.
  bool Deduce(Board& board) {
    if (!Propagate(board)) return false;
    if constexpr (!kTriads) return true;
    if (SettledCells(board) > triads_max_settled_) return true;
    if (!Triads(board)) return false;
    return board.dirty == 0 || Propagate(board);
  }

  // False when the search must stop (limit reached or budget spent).
  bool Search(Board& board) {
    const bool consistent = Deduce(board);
    triads_max_settled_ = support::kTriadsMaxSettled;
    if (!consistent) return true;
    if ((board.solved[0] & board.solved[1] & board.solved[2]) == kBandAll) {
      return RecordSolution(board);
    }
    const int cell = ChooseCell(board);
    const int band = cell / 27;
    const uint32_t bit = 1u << (cell % 27);
    result_.guessed = true;
    uint32_t digits = 0;
    for (int d = 0; d < 9; ++d) {
      if (board.cand[d][band] & bit) digits |= 1u << d;
    }
    while (digits != 0) {
      const int d = std::countr_zero(digits);
      digits &= digits - 1;
      if ((!kTriads || digits != 0) && !budget_.Take()) return false;
      if (digits == 0) {
        // The last alternative needs no copy: the board is ours to spend.
        Place(board, cell, d);
        return Search(board);
      }
      Board next = board;
      Place(next, cell, d);
      if (!Search(next)) return false;
    }
    return true;
  }

  SolveResult& result() { return result_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  // A band word with only the (row, box) segments that lie on some
  // permutation of its pattern; 0 when no permutation fits.
  static uint32_t FilterBand(uint32_t x) {
    const uint32_t y = x | (x >> 1) | (x >> 2);
    return x & kBandKeep[SegmentBits(y)];
  }

  // One digit's box-line filters over its bands and stacks, to a fixed
  // point, with its new row singles turned into placements. The band filter
  // is idempotent, so a pass that changes nothing after it ends the loop.
  static bool FilterDigit(Board& board, int d) {
    uint32_t x0 = board.cand[d][0], x1 = board.cand[d][1],
             x2 = board.cand[d][2];
    uint32_t f0 = 0, f1 = 0, f2 = 0;  // fresh singles
    for (;;) {
      x0 = FilterBand(x0);
      x1 = FilterBand(x1);
      x2 = FilterBand(x2);
      if ((x0 == 0) | (x1 == 0) | (x2 == 0)) return false;
      // Stacks: fold each band to its columns, and read the three folded
      // rows as one band word whose "boxes" are band-by-column patterns.
      const uint32_t t = Columns(x0) | (Columns(x1) << 9) | (Columns(x2) << 18);
      // One exit for the three stacks: the data decides it, so each exit
      // is a branch to mispredict.
      const uint32_t k0 = kStackKeep[StackBits(t, 0)];
      const uint32_t k1 = kStackKeep[StackBits(t, 1)];
      const uint32_t k2 = kStackKeep[StackBits(t, 2)];
      if ((k0 == 0) | (k1 == 0) | (k2 == 0)) return false;
      const uint32_t allowed = k0 | (k1 << 3) | (k2 << 6);
      x0 &= (allowed & 0x1FF) * kRowLow;
      x1 &= ((allowed >> 9) & 0x1FF) * kRowLow;
      x2 &= (allowed >> 18) * kRowLow;
      // New row singles are placements: their columns leave this digit's
      // other bands (the band filter settles their rows and boxes); the
      // cells leave the other digits once, after the loop.
      const uint32_t s0 = RowSingles(x0) & ~(board.solved[0] | f0);
      const uint32_t s1 = RowSingles(x1) & ~(board.solved[1] | f1);
      const uint32_t s2 = RowSingles(x2) & ~(board.solved[2] | f2);
      f0 |= s0;
      f1 |= s1;
      f2 |= s2;
      const uint32_t c0 = Columns(s0) * kRowLow, c1 = Columns(s1) * kRowLow,
                     c2 = Columns(s2) * kRowLow;
      const uint32_t n0 = x0 & ~(c1 | c2), n1 = x1 & ~(c0 | c2),
                     n2 = x2 & ~(c0 | c1);
      // Computed, not branched on, until this one test: the band filter
      // is idempotent, so only a change after it calls for another pass.
      const bool again = (allowed != t) | (n0 != x0) | (n1 != x1) | (n2 != x2);
      x0 = n0;
      x1 = n1;
      x2 = n2;
      if (!again) break;
    }
    if ((f0 | f1 | f2) != 0) {
      board.solved[0] |= f0;
      board.solved[1] |= f1;
      board.solved[2] |= f2;
      // Branch-free over digits and bands, bands 0 and 1 in one 64-bit
      // word (this digit's words are rewritten below, and its own bit is
      // masked off).
      const uint64_t f01 = f0 | (uint64_t{f1} << 32);
      uint32_t touched = 0;
      for (int e = 0; e < 9; ++e) {
        uint64_t c01;
        std::memcpy(&c01, board.cand[e].data(), sizeof c01);
        const uint64_t h01 = c01 & f01;
        const uint32_t h2 = board.cand[e][2] & f2;
        c01 ^= h01;
        std::memcpy(board.cand[e].data(), &c01, sizeof c01);
        board.cand[e][2] ^= h2;
        touched |= static_cast<uint32_t>((h01 | h2) != 0) << e;
      }
      board.dirty |= touched & ~(1u << d);
    }
    board.cand[d] = {x0, x1, x2};
    return true;
  }

  // One digit's six 3x3 patterns in one word: bits 9b .. 9b + 8 are band
  // b's (row, box) segments, bits 27 + 9s .. 27 + 9s + 8 are stack s's
  // (box, column) minicolumns; in each pattern bit 3i + j, with "groups"
  // of three bits (a row of a band, a box of a stack) and "lines" across
  // them (a box of a band, a column of a stack).
  static uint64_t TriadPatterns(const std::array<uint32_t, 3>& c) {
    uint64_t rows = 0, stacks = 0;
    const uint32_t t =
        Columns(c[0]) | (Columns(c[1]) << 9) | (Columns(c[2]) << 18);
    for (int k = 0; k < 3; ++k) {
      const uint32_t x = c[k];
      rows |= uint64_t{SegmentBits(x | (x >> 1) | (x >> 2))}
              << (9 * k);
      stacks |= uint64_t{StackBits(t, k)} << (9 * k);
    }
    return rows | (stacks << 27);
  }

  // The bits of `p` alone in their group of three: where a digit is sure
  // to be, since it occupies each group (row or box) once.
  static uint64_t AloneInGroup(uint64_t p) {
    constexpr uint64_t kLow = 0x9249249249249ULL;  // bit 0 of 18 groups
    const uint64_t b0 = p & kLow, b1 = (p >> 1) & kLow, b2 = (p >> 2) & kLow;
    const uint64_t one = (b0 | b1 | b2) & ~((b0 & b1) | (b0 & b2) | (b1 & b2));
    return p & (one * 7);
  }

  // The triad rule on every band's minirows and every stack's minicolumns
  // at once: fewer than three possible digits in one, or more than three
  // sure ones, is a contradiction (false); three sure digits push the others
  // out; exactly three possible digits are all placed there, which pushes
  // each out of the rest of its group and line. Changed digits are marked
  // dirty. Counts are bit-sliced: possible[k] (sure[k]) has the segments
  // that k + 1 or more digits may (surely) occupy.
  static bool Triads(Board& board) {
    constexpr uint64_t kAll = (uint64_t{1} << 54) - 1;
    uint64_t patterns[9], alone[9];
    uint64_t possible[4] = {}, sure[4] = {};
    for (int d = 0; d < 9; ++d) {
      const uint64_t p = TriadPatterns(board.cand[d]), a = AloneInGroup(p);
      patterns[d] = p;
      alone[d] = a;
      for (int k = 3; k > 0; --k) {
        possible[k] |= possible[k - 1] & p;
        sure[k] |= sure[k - 1] & a;
      }
      possible[0] |= p;
      sure[0] |= a;
    }
    if (possible[2] != kAll || sure[3] != 0) return false;
    const uint64_t full = sure[2] & possible[3];
    const uint64_t exact = ~possible[3] & ~sure[2] & kAll;
    if ((full | exact) == 0) return true;
    for (int d = 0; d < 9; ++d) {
      const uint64_t open = patterns[d] & ~alone[d];
      if ((open & (full | exact)) == 0) continue;
      const uint64_t forced = open & exact;
      uint64_t clear = open & full;
      for (int k = 0; k < 6; ++k) {
        clear |= uint64_t{kForcedClears[(forced >> (9 * k)) & 0x1FF]}
                 << (9 * k);
      }
      clear &= patterns[d];
      if (clear == 0) continue;
      for (int b = 0; b < 3; ++b) {
        uint32_t gone = kSegmentCells[(clear >> (9 * b)) & 0x1FF];
        for (int s = 0; s < 3; ++s) {
          const uint32_t cols = (clear >> (27 + 9 * s + 3 * b)) & 7;
          gone |= (cols << (3 * s)) * kRowLow;
        }
        board.cand[d][b] &= ~gone;
      }
      board.dirty |= 1u << d;
    }
    return true;
  }

  // Cells with no candidate fail; cells with one unsettled candidate are
  // placed. False on a contradiction.
  static bool NakedSingles(Board& board) {
    for (int b = 0; b < 3; ++b) {
      uint32_t ones = 0, twos = 0;
      for (int d = 0; d < 9; ++d) {
        twos |= ones & board.cand[d][b];
        ones |= board.cand[d][b];
      }
      if (ones != kBandAll) return false;
      uint32_t singles = ones & ~twos & ~board.solved[b];
      while (singles != 0) {
        const int i = std::countr_zero(singles);
        singles &= singles - 1;
        const uint32_t bit = 1u << i;
        // An earlier placement may have taken this cell's last candidate.
        int d = 0;
        while (d < 9 && (board.cand[d][b] & bit) == 0) ++d;
        if (d == 9) return false;
        Place(board, 27 * b + i, d);
      }
    }
    return true;
  }

  // A two-candidate cell if there is one (fewest candidates first), and
  // among those the one whose two digits have the most unsettled candidates
  // among its peers: whichever branch is taken eliminates the most, so
  // singles and contradictions come sooner. On the hardest corpora this
  // halves the guesses of "first two-candidate cell" and costs a few
  // popcounts per two-candidate cell.
  static int ChooseCell(const Board& board) {
    uint32_t pairs[3];
    for (int b = 0; b < 3; ++b) {
      uint32_t ones = 0, twos = 0, threes = 0;
      for (int d = 0; d < 9; ++d) {
        const uint32_t c = board.cand[d][b];
        threes |= twos & c;
        twos |= ones & c;
        ones |= c;
      }
      pairs[b] = twos & ~threes;
    }
    if ((pairs[0] | pairs[1] | pairs[2]) != 0) {
      std::array<std::array<uint32_t, 3>, 9> open;
      for (int d = 0; d < 9; ++d) {
        for (int b = 0; b < 3; ++b) {
          open[d][b] = board.cand[d][b] & ~board.solved[b];
        }
      }
      int best = -1, best_score = -1;
      for (int b = 0; b < 3; ++b) {
        for (uint32_t p = pairs[b]; p != 0; p &= p - 1) {
          const int i = std::countr_zero(p);
          const int cell = 27 * b + i;
          uint32_t digits = 0;
          for (int d = 0; d < 9; ++d) {
            digits |= ((board.cand[d][b] >> i) & 1) << d;
          }
          // Exactly two digits: no loop to mispredict.
          const int d1 = std::countr_zero(digits);
          const int d2 = std::countr_zero(digits & (digits - 1));
          const auto& peers = kPeerBands[cell];
          const int score = std::popcount(peers[0] & open[d1][0]) +
                            std::popcount(peers[1] & open[d1][1]) +
                            std::popcount(peers[2] & open[d1][2]) +
                            std::popcount(peers[0] & open[d2][0]) +
                            std::popcount(peers[1] & open[d2][1]) +
                            std::popcount(peers[2] & open[d2][2]);
          if (score > best_score) {
            best = cell;
            best_score = score;
          }
        }
      }
      return best;
    }
    int best = -1, best_count = 10;
    for (int cell = 0; cell < kCells; ++cell) {
      const int b = cell / 27;
      const uint32_t bit = 1u << (cell % 27);
      if (board.solved[b] & bit) continue;
      int count = 0;
      for (int d = 0; d < 9; ++d) count += (board.cand[d][b] & bit) != 0;
      if (count < best_count) {
        best = cell;
        best_count = count;
      }
    }
    return best;
  }

  bool RecordSolution(const Board& board) {
    if (result_.solutions == 0) {
      for (int d = 0; d < 9; ++d) {
        for (int b = 0; b < 3; ++b) {
          for (uint32_t x = board.cand[d][b]; x != 0; x &= x - 1) {
            result_.solution[27 * b + std::countr_zero(x)] =
                static_cast<uint8_t>(d + 1);
          }
        }
      }
    }
    ++result_.solutions;
    return result_.solutions < limit_;
  }

  NodeBudget budget_;
  uint32_t limit_;
  // The root's deduction is done once per puzzle and runs the triad pass
  // whatever the board; the search's nodes run it on open boards only.
  int triads_max_settled_ = kCells;
  SolveResult result_;
};

template <bool kTriads>
SolveResult SolveBandsWith(const Grid& givens, uint32_t solution_limit,
                           uint64_t node_budget) {
  BandSearch<kTriads> search(solution_limit, node_budget);
  // Givens in bulk: every given cell leaves all digits but its own, and its
  // peers leave its digit. A given that another one's peers removed shares
  // a unit and a digit with it: the givens clash. Row 0 of `placed` and
  // `cand` stands for "no given", so the loops over cells do not branch on
  // the data (those branches were a tenth of the mispredictions on top1465).
  std::array<std::array<uint32_t, 3>, 10> placed{};
  for (int cell = 0; cell < kCells; ++cell) {
    placed[givens[cell]][cell / 27] |= 1u << (cell % 27);
  }
  Board board;
  std::array<std::array<uint32_t, 3>, 10> cand{};
  for (int b = 0; b < 3; ++b) {
    board.solved[b] = kBandAll & ~placed[0][b];
    for (int d = 1; d <= 9; ++d) {
      cand[d][b] = placed[0][b] | placed[d][b];
    }
  }
  for (int cell = 0; cell < kCells; ++cell) {
    std::array<uint32_t, 3>& c = cand[givens[cell]];
    for (int b = 0; b < 3; ++b) c[b] &= ~kPeerBands[cell][b];
  }
  uint32_t clash = 0;
  for (int d = 1; d <= 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      clash |= placed[d][b] & ~cand[d][b];
      board.cand[d - 1][b] = cand[d][b];
    }
  }
  if (clash != 0) return SolveResult{};
  board.dirty = (1u << 9) - 1;
  search.Search(board);
  return support::Finish(search.result(), solution_limit, search.budget());
}

}  // namespace

SolveResult SolveBands(const Grid& givens, uint32_t solution_limit,
                       uint64_t node_budget) {
  return SolveBandsWith<false>(givens, solution_limit, node_budget);
}

SolveResult SolveTriads(const Grid& givens, uint32_t solution_limit,
                        uint64_t node_budget) {
  return SolveBandsWith<true>(givens, solution_limit, node_budget);
}

}  // namespace sudoku
