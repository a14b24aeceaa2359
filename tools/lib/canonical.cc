// The minlex canonical form: a row-by-row breadth-first search that keeps only
// the partial maps tied for the smallest text.
#include "tools/lib/canonical.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "strategies/geometry.h"
#include "tools/lib/canonical_tables.h"

namespace sudoku::minlex {
namespace {

// A partial group element after the target rows 0..k-1 are chosen.
//
//   orientation   0: the grid as given, 1: transposed
//   rows[i]       the source row that becomes target row i (i < k)
//   stacks[j]     the source stack that becomes target stack j (j >= free)
//   masks[j]      the orders of stack j's columns still open: every order in
//                 the mask spells rows 0..k-1 the same, with the same labels
//                 (they differ only in columns blank so far), so one node
//                 stands for all of them until a row tells them apart
//   labels[d]     the label source digit d got (0: not seen yet)
//
// Node{..., masks = {0b000011, 0b111111, 0b000001}} is 2 * 6 * 1 = 12 maps.
struct Node {
  uint8_t orientation = 0;
  uint8_t next_label = 1;
  // Target stacks 0..free-1 hold the source stacks blank in every row so far,
  // in an order still open (stacks[j] is unset there): a row places its blank
  // stacks first, so they stay in front.
  uint8_t free = 3;
  uint16_t rows_used = 0;
  std::array<uint8_t, 3> stacks{};
  std::array<uint8_t, 3> masks{kAllOrders, kAllOrders, kAllOrders};
  std::array<uint8_t, 9> rows{};
  std::array<uint8_t, 10> labels{};
  // Derived from the fields above when the node is made (see Settle):
  // target column c reads source column cols[c] under the first open order
  // of each fixed stack, and a row blank in every source column of
  // `undecided` (a free stack's, or one an open order moves) spells the
  // same under every open order, so it is read through cols alone.
  std::array<uint8_t, 9> cols{};
  uint16_t undecided = 0x1FF;
  bool settled = true;  // false until Settle has set cols and undecided
};

// The search. Target row k is the smallest text any node of level k-1 can
// spell next; only the nodes that spell it go on to level k+1. Within a row,
// stacks are filled left to right, each with the smallest three-cell text
// its open orders allow; orders that read the same source digits stay in one
// node, and orders that spell the same text with other digits (two new
// digits swapped) split the node, since their labels differ from then on.
// Three shortcuts keep that cheap: the first row is tried only from rows
// whose pattern can win (kLeastPattern); a row that no open order reads
// differently is spelt through the node's column map alone (ExtendDecided);
// and a row whose pattern already spells more than the best (Bound) is not
// tried.
//
// Every map that reaches the minimum is kept, so the final nodes are exactly
// the group elements that map the puzzle to its canonical form (a coset of
// its automorphism group): their count is the automorphism count. A level
// holds at most 2 orientations * 6^4 row orders * 6 stack orders = 15,552
// nodes before label splits (the empty grid, whose stacks stay free, ends
// with 2,592); a puzzle with no symmetry ends with one.
class Canonicalizer {
 public:
  Canonical Run(const Grid& grid) {
    ReadRows(grid);
    Canonical result;
    next_.clear();
    StartRow();
    FirstRow();
    FinishRow(0, result.form);
    for (int k = 1; k < 9; ++k) {
      current_.swap(next_);
      next_.clear();
      StartRow();
      for (Node& node : current_) NextRows(node, k);
      FinishRow(k, result.form);
    }
    // The nodes left are the maps to the canonical form.
    const Node& any = next_.front();
    result.automorphisms = 0;
    for (const Node& node : next_) {
      result.automorphisms += Factorial(node.free) * kOnes9[node.masks[0]] *
                              kOnes9[node.masks[1]] * kOnes9[node.masks[2]];
    }
    result.automorphisms *= Factorial(10 - any.next_label);
    result.transform = TransformOf(any);
    return result;
  }

 private:
  // The grid and its transpose, and each row's pattern of givens and set of
  // digits: one pass, without branches on the cells (a puzzle's givens fall
  // at random, so a branch per cell would be mispredicted every few cells).
  void ReadRows(const Grid& grid) {
    source_[0] = grid;
    for (int r = 0; r < 9; ++r) {
      unsigned pattern = 0, seen = 0, column_pattern = 0, column_seen = 0;
      for (int c = 0; c < 9; ++c) {
        const uint8_t v = grid[CellAt(r, c)];
        const uint8_t w = grid[CellAt(c, r)];
        source_[1][CellAt(r, c)] = w;
        pattern |= static_cast<unsigned>(v != 0) << (8 - c);
        seen |= static_cast<unsigned>(v != 0) << v;
        column_pattern |= static_cast<unsigned>(w != 0) << (8 - c);
        column_seen |= static_cast<unsigned>(w != 0) << w;
      }
      patterns_[0][r] = static_cast<uint16_t>(pattern);
      digits_[0][r] = static_cast<uint16_t>(seen);
      patterns_[1][r] = static_cast<uint16_t>(column_pattern);
      digits_[1][r] = static_cast<uint16_t>(column_seen);
    }
  }

  // Row 0: among rows with distinct digits only those with the least
  // pattern can win, since they spell 1, 2, 3, ... at its givens; rows that
  // repeat a digit (clashing givens) may spell less than their pattern
  // says, so they are always tried.
  void FirstRow() {
    std::array<unsigned, 18> least_pattern;
    unsigned repeats = 0;  // bit i: row i % 9 of orientation i / 9 repeats
    unsigned best_pattern = ~0u;
    for (int i = 0; i < 18; ++i) {
      const unsigned pattern = patterns_[i / 9][i % 9];
      least_pattern[i] = kLeastPattern[pattern];
      // Fewer digits than givens: one repeats.
      const bool repeat = kOnes9[pattern] != kOnes9[digits_[i / 9][i % 9] >> 1];
      repeats |= static_cast<unsigned>(repeat) << i;
      best_pattern = std::min(best_pattern, repeat ? ~0u : least_pattern[i]);
    }
    for (int i = 0; i < 18; ++i) {
      if (!(repeats >> i & 1) && least_pattern[i] != best_pattern) continue;
      Node root;
      root.orientation = static_cast<uint8_t>(i / 9);
      Extend(root, 0, i % 9);
    }
  }

  // Target row k (k > 0) after `node`: the rows that may come next are any
  // row of an unused band to start a band, else the rest of the band begun.
  void NextRows(Node& node, int k) {
    if (!node.settled) Settle(node);
    unsigned rows;
    if (k % 3 == 0) {
      rows = 0;
      for (int b = 0; b < 3; ++b) {
        if ((node.rows_used >> (3 * b) & 7) == 0) rows |= 7u << (3 * b);
      }
    } else {
      rows = (7u << (node.rows[k - k % 3] / 3 * 3)) & ~node.rows_used;
    }
    for (; rows != 0; rows &= rows - 1) {
      const int r = std::countr_zero(rows);
      if ((patterns_[node.orientation][r] & node.undecided) == 0) {
        ExtendDecided(node, k, r);
      } else if (Bound(node, r) <= Packed(best_)) {
        Extend(node, k, r);
      }
    }
  }

  void StartRow() {
    best_.fill(0xFFFF);
    ++version_;
  }

  void FinishRow(int k, Grid& form) {
    for (int j = 0; j < 3; ++j) {
      for (int i = 0; i < 3; ++i) {
        form[CellAt(k, 3 * j + i)] =
            static_cast<uint8_t>(best_[j] >> (4 * (2 - i)) & 0xF);
      }
    }
  }

  static uint64_t Packed(const std::array<uint16_t, 3>& text) {
    return static_cast<uint64_t>(text[0]) << 24 | text[1] << 12 | text[2];
  }

  // What source row r spells at least after `node` whatever the labels, from
  // its pattern alone: 1 for every given (labels start at 1), placed as
  // early as the open orders allow. Packed as Packed packs a row's text.
  uint64_t Bound(const Node& node, int r) const {
    const unsigned pattern = patterns_[node.orientation][r];
    std::array<uint16_t, 3> bound;
    unsigned placed = 0;
    for (int j = node.free; j < 3; ++j) {
      placed |= 1u << node.stacks[j];
      bound[j] = kLeastOnes[StackBits(pattern, node.stacks[j])][node.masks[j]];
    }
    if (node.free > 0) {
      // The free stacks in their least order: fewer givens first.
      std::array<int, 3> counts;
      int n = 0;
      for (int s = 0; s < 3; ++s) {
        if (!(placed >> s & 1)) counts[n++] = kOnes3[StackBits(pattern, s)];
      }
      for (int a = 1; a < n; ++a) {  // insertion sort of at most three
        for (int b = a; b > 0 && counts[b - 1] > counts[b]; --b) {
          std::swap(counts[b - 1], counts[b]);
        }
      }
      for (int j = 0; j < n; ++j) bound[j] = RightOnes(counts[j]);
    }
    return Packed(bound);
  }

  // Sets a node's cols and undecided from its stacks and masks.
  static void Settle(Node& node) {
    node.settled = true;
    unsigned undecided = 0;
    unsigned placed = 0;
    for (int j = node.free; j < 3; ++j) {
      const int s = node.stacks[j];
      placed |= 1u << s;
      const uint8_t mask = node.masks[j];
      const auto& order = kOrders3[std::countr_zero(mask)];
      for (int i = 0; i < 3; ++i) {
        node.cols[3 * j + i] = static_cast<uint8_t>(3 * s + order[i]);
      }
      if ((mask & (mask - 1)) != 0) {
        // The columns the open orders move: a column stays put only if
        // every open order keeps it at its place.
        for (int i = 0; i < 3; ++i) {
          for (unsigned m = mask; m != 0; m &= m - 1) {
            if (kOrders3[std::countr_zero(m)][i] != order[i]) {
              undecided |= 1u << (8 - (3 * s + order[i]));
              break;
            }
          }
        }
      }
    }
    for (int s = 0; s < 3; ++s) {
      if (!(placed >> s & 1)) undecided |= 7u << (6 - 3 * s);
    }
    node.undecided = static_cast<uint16_t>(undecided);
  }

  // Extend for a row that no open order can read differently: one text,
  // read through cols, and the node's orders and free stacks unchanged.
  void ExtendDecided(const Node& parent, int k, int r) {
    const uint8_t* row = &source_[parent.orientation][9 * r];
    std::array<uint8_t, 10> labels = parent.labels;
    unsigned next = parent.next_label;
    std::array<uint16_t, 3> text{};
    bool less = false;
    for (int j = 0; j < 3; ++j) {
      if (j >= parent.free) {
        const uint8_t* col = &parent.cols[3 * j];
        unsigned spelt[3];
        for (int i = 0; i < 3; ++i) {
          // labels[0] stays 0, so a blank spells 0 with no branch.
          const uint8_t v = row[col[i]];
          const unsigned label = labels[v];
          const bool fresh = v != 0 && label == 0;
          spelt[i] = fresh ? next : label;
          labels[v] = static_cast<uint8_t>(spelt[i]);
          next += fresh;
        }
        text[j] = Pack3(spelt[0], spelt[1], spelt[2]);
      }
      if (!less) {
        if (text[j] > best_[j]) return;
        less = text[j] < best_[j];
      }
    }
    if (less) {
      next_.clear();
      best_ = text;
      ++version_;
    }
    Node& child = next_.emplace_back(parent);
    child.rows[k] = static_cast<uint8_t>(r);
    child.rows_used = static_cast<uint16_t>(child.rows_used | 1u << r);
    child.labels = labels;
    child.next_label = static_cast<uint8_t>(next);
  }

  // Tries source row r (of the node's orientation) as target row k.
  void Extend(const Node& parent, int k, int r) {
    if ((patterns_[parent.orientation][r] & parent.undecided) == 0) {
      ExtendDecided(parent, k, r);
      return;
    }
    work_ = parent;
    work_.rows[k] = static_cast<uint8_t>(r);
    work_.rows_used = static_cast<uint16_t>(work_.rows_used | 1u << r);
    work_.settled = false;
    row_ = &source_[parent.orientation][9 * r];
    free_before_ = parent.free;
    if (parent.free == 0) {
      FillStack(0, false, 0);
      return;
    }
    // The free stacks blank in this row spell 000 whatever their order, the
    // least a stack can spell, so they go first and stay free.
    unsigned placed = 0;  // source stacks with a target stack
    for (int j = parent.free; j < 3; ++j) placed |= 1u << parent.stacks[j];
    int blank = 0;
    for (int s = 0; s < 3; ++s) {
      const uint8_t* cells = row_ + 3 * s;
      if (!(placed >> s & 1) && (cells[0] | cells[1] | cells[2]) == 0) {
        placed |= 1u << s;
        text_[blank++] = 0;
      }
    }
    work_.free = static_cast<uint8_t>(blank);
    bool less = false;
    for (int j = 0; j < blank; ++j) {
      if (best_[j] != 0) {
        less = true;
        break;
      }
    }
    FillStack(blank, less, placed);
  }

  // One way to fill a stack: the source stack, the digits it reads in the
  // orders `mask`, and what they spell.
  struct Option {
    uint16_t raw;   // the source digits read, packed
    uint16_t text;  // what they spell
    uint8_t stack;
    uint8_t mask;  // the orders that read `raw`
  };

  // The options of source stack s whose cells repeat a fresh digit: each
  // order spelt on its own.
  void SpellEachOrder(const uint8_t* cells, int s, uint8_t mask,
                      std::array<Option, 18>& options, int& count,
                      uint16_t& least) const {
    const int first_option = count;
    for (unsigned m = mask; m != 0; m &= m - 1) {
      const int p = std::countr_zero(m);
      const auto& order = kOrders3[p];
      const uint8_t a = cells[order[0]], b = cells[order[1]],
                    c = cells[order[2]];
      const uint16_t raw = Pack3(a, b, c);
      int i = first_option;
      while (i < count && options[i].raw != raw) ++i;
      if (i < count) {
        options[i].mask = static_cast<uint8_t>(options[i].mask | 1u << p);
        continue;
      }
      const uint16_t text = TripleText(work_.labels, work_.next_label, a, b, c);
      options[count++] = {raw, text, static_cast<uint8_t>(s),
                          static_cast<uint8_t>(1u << p)};
      least = std::min(least, text);
    }
  }

  // The options of source stack s for target stack j of work_: the least
  // text its open orders spell (lowering `least` to it) and one option per
  // digits read that spell it.
  void AddOptions(int j, int s, std::array<Option, 18>& options, int& count,
                  uint16_t& least) {
    const uint8_t mask = work_.masks[j];
    const uint8_t* cells = row_ + 3 * s;
    if ((cells[0] | cells[1] | cells[2]) == 0) {
      // All blank: every order reads the same.
      options[count++] = {0, 0, static_cast<uint8_t>(s), mask};
      least = 0;
      return;
    }
    // Orders compare as the cells' keys do: 0 for a blank, a digit's label,
    // or kFresh, above every label, for a digit not labelled yet (fresh
    // digits then take the next labels in the order they are read, the
    // same whichever order reads them). Two cells of one fresh digit
    // (clashing givens) break that; SpellEachOrder spells those.
    constexpr uint8_t kFresh = 15;
    std::array<uint8_t, 3> key;
    for (int i = 0; i < 3; ++i) {
      const uint8_t label = work_.labels[cells[i]];
      key[i] = cells[i] != 0 && label == 0 ? kFresh : label;
    }
    if ((key[0] == kFresh && (cells[0] == cells[1] || cells[0] == cells[2])) ||
        (key[1] == kFresh && cells[1] == cells[2])) {
      SpellEachOrder(cells, s, mask, options, count, least);
      return;
    }
    // The orders that sort the keys give the least of all; when the mask
    // holds one of them, they are the least it allows.
    const int relation = Compare(key[0], key[1]) * 9 +
                         Compare(key[0], key[2]) * 3 + Compare(key[1], key[2]);
    uint16_t least_key = 0xFFFF;
    uint8_t least_orders = kSortingOrders[relation] & mask;
    if (least_orders != 0) {
      const auto& order = kOrders3[std::countr_zero(least_orders)];
      least_key = Pack3(key[order[0]], key[order[1]], key[order[2]]);
    }
    for (unsigned m = least_orders != 0 ? 0 : mask; m != 0; m &= m - 1) {
      const int p = std::countr_zero(m);
      const auto& order = kOrders3[p];
      const uint16_t k = Pack3(key[order[0]], key[order[1]], key[order[2]]);
      if (k < least_key) {
        least_key = k;
        least_orders = 0;
      }
      if (k == least_key)
        least_orders = static_cast<uint8_t>(least_orders | 1u << p);
    }
    unsigned next = work_.next_label;
    uint16_t text = 0;
    for (int shift = 8; shift >= 0; shift -= 4) {
      const unsigned v = least_key >> shift & 0xF;
      text = static_cast<uint16_t>(text | (v == kFresh ? next++ : v) << shift);
    }
    if (text > least) return;
    least = text;
    // The orders that spell it, one option per digits read (two fresh
    // digits swapped spell the same but label differently).
    const int first_option = count;
    for (unsigned m = least_orders; m != 0; m &= m - 1) {
      const int p = std::countr_zero(m);
      const auto& order = kOrders3[p];
      const uint16_t raw =
          Pack3(cells[order[0]], cells[order[1]], cells[order[2]]);
      int i = first_option;
      while (i < count && options[i].raw != raw) ++i;
      if (i < count) {
        options[i].mask = static_cast<uint8_t>(options[i].mask | 1u << p);
      } else {
        options[count++] = {raw, text, static_cast<uint8_t>(s),
                            static_cast<uint8_t>(1u << p)};
      }
    }
  }

  // Chooses target stack j of work_ for the row in row_, and undoes its
  // choice before returning. `less`: the stacks before j already spell less
  // than best_ (otherwise they equal it). Below free_before_ the stack is
  // any free source stack not in `placed`.
  void FillStack(int j, bool less, unsigned placed) {
    if (j == 3) {
      if (less) {
        next_.clear();
        best_ = text_;
        ++version_;
      }
      next_.push_back(work_);
      return;
    }
    std::array<Option, 18> options;
    int count = 0;
    uint16_t least = 0xFFFF;
    const bool choose = j < free_before_ && work_.free <= j;
    const unsigned sources = choose ? 7u & ~placed : 1u << work_.stacks[j];
    for (unsigned left = sources; left != 0; left &= left - 1) {
      AddOptions(j, std::countr_zero(left), options, count, least);
    }
    if (!less && least > best_[j]) return;
    TryOptions(j, less, placed, options, count, least);
  }

  // Fills target stack j with each option that spells `least`, in turn,
  // and the stacks after it (FillStack), then undoes the choice.
  void TryOptions(int j, bool less, unsigned placed,
                  const std::array<Option, 18>& options, int count,
                  uint16_t least) {
    const uint64_t version_on_entry = version_;
    const uint8_t stack_before = work_.stacks[j];
    const uint8_t mask_before = work_.masks[j];
    const uint8_t next_before = work_.next_label;
    for (int i = 0; i < count; ++i) {
      const Option& option = options[i];
      if (option.text != least) continue;
      // A better row found below this call shares this call's prefix, so
      // from then on the prefix equals the best one rather than beating it.
      const bool prefix_less = less && version_ == version_on_entry;
      if (!prefix_less && least > best_[j]) break;
      work_.stacks[j] = option.stack;
      work_.masks[j] = option.mask;
      std::array<uint8_t, 3> labelled{};  // digits labelled here, to undo
      int n = 0;
      for (int shift = 8; shift >= 0; shift -= 4) {
        const unsigned v = option.raw >> shift & 0xF;
        if (v != 0 && work_.labels[v] == 0) {
          work_.labels[v] = work_.next_label++;
          labelled[n++] = static_cast<uint8_t>(v);
        }
      }
      text_[j] = least;
      FillStack(j + 1, prefix_less || least < best_[j],
                placed | 1u << option.stack);
      for (int u = 0; u < n; ++u) work_.labels[labelled[u]] = 0;
      work_.next_label = next_before;
    }
    work_.stacks[j] = stack_before;
    work_.masks[j] = mask_before;
  }

  // The group element a final node stands for (its first open orders).
  static Transform TransformOf(const Node& node) {
    Transform transform;
    transform.transpose = node.orientation != 0;
    for (int i = 0; i < 9; ++i) transform.rows[i] = node.rows[i];
    std::array<uint8_t, 3> stacks = node.stacks;
    unsigned placed = 0;
    for (int j = node.free; j < 3; ++j) placed |= 1u << stacks[j];
    for (int j = 0, s = 0; j < node.free; ++j, ++s) {
      while (placed >> s & 1) ++s;
      stacks[j] = static_cast<uint8_t>(s);
    }
    for (int j = 0; j < 3; ++j) {
      const auto& order = kOrders3[std::countr_zero(node.masks[j])];
      for (int i = 0; i < 3; ++i) {
        transform.cols[3 * j + i] =
            static_cast<uint8_t>(3 * stacks[j] + order[i]);
      }
    }
    // Digits the puzzle lacks take the labels left, in order.
    uint8_t next = node.next_label;
    for (int d = 1; d <= 9; ++d) {
      transform.digits[d] = node.labels[d] != 0 ? node.labels[d] : next++;
    }
    return transform;
  }

  std::array<Grid, 2> source_{};  // the grid and its transpose
  // Each row's givens, as StackBits reads them, by orientation, and the
  // digits it holds (bit d for digit d).
  std::array<std::array<uint16_t, 9>, 2> patterns_{};
  std::array<std::array<uint16_t, 9>, 2> digits_{};
  std::vector<Node> current_;
  std::vector<Node> next_;
  std::array<uint16_t, 3> best_{};  // the smallest text of this row so far
  std::array<uint16_t, 3> text_{};  // the text being spelled
  uint64_t version_ = 0;            // bumped whenever best_ drops
  Node work_;                       // the node FillStack fills
  const uint8_t* row_ = nullptr;
  int free_before_ = 0;  // the free stacks of the node being extended
};

}  // namespace
}  // namespace sudoku::minlex

namespace sudoku {

Canonical Canonicalize(const Grid& grid) {
  thread_local minlex::Canonicalizer canonicalizer;
  return canonicalizer.Run(grid);
}

Grid CanonicalForm(const Grid& grid) { return Canonicalize(grid).form; }

}  // namespace sudoku
