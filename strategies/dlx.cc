// `dlx`: Knuth's Algorithm X with dancing links (TAOCP 7.2.2.1, program dlx1)
// on Sudoku's exact cover.
//
// Sudoku as exact cover: 729 options "digit d in cell (r, c)", each covering
// four of 324 items: cell (r,c), row r has d, column c has d, box b has d. A
// solution is a set of options covering every item exactly once. The givens
// are chosen up front (their items covered), then Algorithm X searches,
// always branching on the item with fewest remaining options (Knuth's MRV
// heuristic), and uncovers everything in exact reverse order.
//
// Choosing the givens is not done by covering, though: covering the items of
// some 30 givens and uncovering them afterwards moves thousands of links, and
// took 60% of the time on serg-benchmark. The matrix those covers would leave
// is built directly instead (Reset): the options no given rules out, linked
// into their columns in option order, which is the order covering keeps, so
// the search and its node counts are exactly dlx1's. One matrix per thread
// serves every puzzle.
#include "strategies/dlx.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

#include "strategies/geometry.h"
#include "strategies/search_support.h"
#include "strategies/solvers.h"
#include "strategies/strategy.h"

namespace sudoku {
namespace {

using support::NodeBudget;

constexpr int kItems = 324;
constexpr int kOptions = 729;
constexpr int kItemsPerOption = 4;
// Every option has exactly four items, so instead of dlx1's spacer nodes the
// options sit in aligned groups of four: the other nodes of node p are
// (p & ~3) .. (p & ~3) + 3, found without a branch on spacers.
constexpr int kFirstOptionNode = (kItems + 1 + 3) & ~3;
constexpr int kNodes = kFirstOptionNode + kOptions * kItemsPerOption;
static_assert(kNodes <= INT16_MAX, "node indices are int16_t");

// One flat array of nodes, as in dlx1 (indices, never pointers):
//
//   index:  0   1 .. 324        325..327  328 329 330 331  332 ...
//          [-] [item headers]  [unused]  [ option 0     ][ option 1 ...
//
//   item header i: up/down = last/first node of its column
//   option node:   top = its item, up/down = neighbours in that column
//
// Option k is "digit k % 9 + 1 in cell k / 9"; its nodes are
// kFirstOptionNode + 4k .. + 3, in item order cell, row, column, box.
//
// dlx1 keeps the uncovered items in a doubly linked list and walks it to
// find the shortest; that walk is a chain of dependent loads and cost more
// than the covering itself. Here LEN lives in a byte array instead, and a
// covered item is marked by adding kCoveredBias to its LEN:
//
//   len_:  [255][LEN(1) .. LEN(324)][255 padding ...]   (LEN <= 9)
//
// Nothing ever changes the LEN of a covered item (its options are all
// hidden), so the bias is removed exactly on uncover, and choosing the item
// with fewest options is an argmin over 324 bytes that vectorizes.
struct Node {
  int16_t top;
  int16_t up;
  int16_t down;
  // Pads a node to 8 bytes: one scaled address, no multiply.
  int16_t unused = 0;
};

constexpr uint8_t kCoveredBias = 128;
constexpr uint8_t kNoItem = 255;  // slot 0 and the padding: never chosen
constexpr int kLenSlots = 352;    // 325 rounded up to whole 32-byte vectors

constexpr int OptionOfNode(int node) {
  return (node - kFirstOptionNode) / kItemsPerOption;
}

class Matrix {
 public:
  Matrix() { Build(); }

  // Removes option p's other nodes from their columns (dlx1's hide).
  void Hide(int p) {
    const int first = p & ~3;
    for (int j = 1; j < kItemsPerOption; ++j) {
      const int q = first + ((p + j) & 3);
      const Node n = nodes_[q];
      nodes_[n.up].down = n.down;
      nodes_[n.down].up = n.up;
      --len_[n.top];
    }
  }

  // Undoes Hide(p), in reverse order.
  void Unhide(int p) {
    const int first = p & ~3;
    for (int j = kItemsPerOption - 1; j >= 1; --j) {
      const int q = first + ((p + j) & 3);
      const Node n = nodes_[q];
      nodes_[n.up].down = static_cast<int16_t>(q);
      nodes_[n.down].up = static_cast<int16_t>(q);
      ++len_[n.top];
    }
  }

  void Cover(int i) {
    for (int p = nodes_[i].down; p != i; p = nodes_[p].down) Hide(p);
    len_[i] += kCoveredBias;
  }

  void Uncover(int i) {
    len_[i] -= kCoveredBias;
    for (int p = nodes_[i].up; p != i; p = nodes_[p].up) Unhide(p);
  }

  // Covers the items of option node r's other nodes, cyclically rightwards.
  void CoverRest(int r) {
    const int first = r & ~3;
    for (int j = 1; j < kItemsPerOption; ++j) {
      Cover(nodes_[first + ((r + j) & 3)].top);
    }
  }

  // Undoes CoverRest(r) in exact reverse order.
  void UncoverRest(int r) {
    const int first = r & ~3;
    for (int j = kItemsPerOption - 1; j >= 1; --j) {
      Uncover(nodes_[first + ((r + j) & 3)].top);
    }
  }

  // The uncovered item with fewest options, the first such in item order
  // (as dlx1's list walk would find); 0 when every item is covered.
  int ChooseItem() const {
    uint8_t best = kNoItem;
    for (const uint8_t len : len_) best = len < best ? len : best;
    if (best >= kCoveredBias) return 0;
    // memchr is the vectorized search libstdc++'s std::find is not.
    const void* found = std::memchr(len_.data(), best, len_.size());
    return static_cast<int>(static_cast<const uint8_t*>(found) - len_.data());
  }

  // Makes the matrix what covering the items of every given would leave:
  // the items of the givens' options covered, and the options that share
  // none of them linked in option order. False, with the matrix unchanged,
  // when two givens clash (cover would meet an item already covered).
  bool Reset(const Grid& givens) {
    uint16_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
    for (int cell = 0; cell < kCells; ++cell) {
      if (givens[cell] == 0) continue;
      const auto bit = static_cast<uint16_t>(1u << (givens[cell] - 1));
      uint16_t& row = rows[RowOf(cell)];
      uint16_t& col = cols[ColOf(cell)];
      uint16_t& box = boxes[BoxOf(cell)];
      if ((row | col | box) & bit) return false;
      row |= bit;
      col |= bit;
      box |= bit;
    }
    for (int i = 1; i <= kItems; ++i) {
      len_[i] = 0;
      nodes_[i].up = nodes_[i].down = static_cast<int16_t>(i);
    }
    for (int cell = 0; cell < kCells; ++cell) {
      const int r = RowOf(cell), c = ColOf(cell), b = BoxOf(cell);
      if (givens[cell] != 0) {
        const int d = givens[cell] - 1;
        for (const int item : ItemsOf(cell, r, c, b, d)) {
          len_[item] = kCoveredBias;
        }
        continue;
      }
      for (unsigned open = ~(rows[r] | cols[c] | boxes[b]) & 0x1FFu; open != 0;
           open &= open - 1) {
        const int d = std::countr_zero(open);
        const int first = FirstNodeOfOption(cell * 9 + d);
        int j = 0;
        for (const int item : ItemsOf(cell, r, c, b, d)) {
          const int x = first + j++;
          const int last = nodes_[item].up;
          nodes_[x].up = static_cast<int16_t>(last);
          nodes_[x].down = static_cast<int16_t>(item);
          nodes_[last].down = static_cast<int16_t>(x);
          nodes_[item].up = static_cast<int16_t>(x);
          ++len_[item];
        }
      }
    }
    return true;
  }

  // Whether the two matrices hold the same options in the same order in
  // every uncovered item, with the same counts (nodes no list reaches are
  // left over from earlier puzzles and do not matter).
  bool SameLiveLinks(const Matrix& other) const {
    if (len_ != other.len_) return false;
    for (int i = 1; i <= kItems; ++i) {
      if (len_[i] >= kCoveredBias) continue;
      int p = i, q = i;
      do {
        if (nodes_[p].down != other.nodes_[q].down ||
            nodes_[p].up != other.nodes_[q].up ||
            nodes_[p].top != other.nodes_[q].top) {
          return false;
        }
        p = nodes_[p].down;
        q = other.nodes_[q].down;
      } while (p != i);
    }
    return true;
  }

  int Len(int item) const { return len_[item]; }
  int Down(int node) const { return nodes_[node].down; }
  int Top(int node) const { return nodes_[node].top; }

  static constexpr int FirstNodeOfOption(int option) {
    return kFirstOptionNode + option * kItemsPerOption;
  }

 private:
  // The items of option "digit d + 1 in cell (r, c), box b", in node order:
  // cell, row-digit, column-digit, box-digit.
  static constexpr std::array<int, kItemsPerOption> ItemsOf(int cell, int r,
                                                            int c, int b,
                                                            int d) {
    return {1 + cell, 1 + 81 + r * 9 + d, 1 + 162 + c * 9 + d,
            1 + 243 + b * 9 + d};
  }

  // Every node's item, fixed for good; the links and counts are Reset's.
  void Build() {
    len_.fill(kNoItem);
    for (int k = 0; k < kOptions; ++k) {
      const int cell = k / 9;
      const auto items =
          ItemsOf(cell, RowOf(cell), ColOf(cell), BoxOf(cell), k % 9);
      for (int j = 0; j < kItemsPerOption; ++j) {
        nodes_[FirstNodeOfOption(k) + j].top = static_cast<int16_t>(items[j]);
      }
    }
    Reset(Grid{});
  }

  std::array<Node, kNodes> nodes_{};
  std::array<uint8_t, kLenSlots> len_{};
};

// One matrix per thread, built on first use and reset for every puzzle.
Matrix& ThreadMatrix() {
  thread_local Matrix matrix;
  return matrix;
}

class DlxSearch {
 public:
  DlxSearch(Matrix& m, const Grid& givens, uint32_t limit, uint64_t budget)
      : m_(m), givens_(givens), budget_(budget), limit_(limit) {}

  // Algorithm X. False when the search must stop (limit reached or budget
  // spent); every cover is undone before returning either way.
  bool Search(int level) {
    const int i = m_.ChooseItem();
    if (i == 0) return RecordSolution(level);
    if (m_.Len(i) == 0) return true;
    if (m_.Len(i) >= 2) result_.guessed = true;
    m_.Cover(i);
    bool go_on = true;
    for (int r = m_.Down(i); r != i && go_on; r = m_.Down(r)) {
      if (!budget_.Take()) {
        go_on = false;
        break;
      }
      chosen_[level] = static_cast<int16_t>(r);
      m_.CoverRest(r);
      go_on = Search(level + 1);
      m_.UncoverRest(r);
    }
    m_.Uncover(i);
    return go_on;
  }

  SolveResult& result() { return result_; }
  const NodeBudget& budget() const { return budget_; }

 private:
  bool RecordSolution(int level) {
    if (result_.solutions == 0) {
      result_.solution = givens_;
      for (int l = 0; l < level; ++l) {
        const int k = OptionOfNode(chosen_[l]);
        result_.solution[k / 9] = static_cast<uint8_t>(k % 9 + 1);
      }
    }
    ++result_.solutions;
    return result_.solutions < limit_;
  }

  Matrix& m_;
  const Grid& givens_;
  NodeBudget budget_;
  uint32_t limit_;
  SolveResult result_;
  std::array<int16_t, kCells> chosen_{};
};

}  // namespace

SolveResult SolveDlx(const Grid& givens, uint32_t solution_limit,
                     uint64_t node_budget) {
  Matrix& m = ThreadMatrix();
  if (!m.Reset(givens)) return SolveResult{};  // two givens clash
  DlxSearch search(m, givens, solution_limit, node_budget);
  search.Search(0);
  return support::Finish(search.result(), solution_limit, search.budget());
}

namespace dlx {

bool MatrixIsAsResetFor(const Grid& givens) {
  const auto fresh = std::make_unique<Matrix>();
  if (!fresh->Reset(givens)) return true;  // clashing givens: nothing to see
  return ThreadMatrix().SameLiveLinks(*fresh);
}

}  // namespace dlx
}  // namespace sudoku
