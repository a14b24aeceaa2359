// Canonical forms of solution grids, band first: the form's top band is the
// least band any band of either orientation spells from any of its rows,
// its second row comes from a table of second rows by class, and the six
// rows below are sorted.
#include "tools/lib/grid_canon.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>

#include "strategies/geometry.h"

namespace sudoku {
namespace {

// Nine labels 0-8 by target column, or a map of nine columns.
using Line = std::array<uint8_t, 9>;

constexpr std::array<std::array<uint8_t, 3>, 6> kOrders3 = {{
    {0, 1, 2},
    {0, 2, 1},
    {1, 0, 2},
    {1, 2, 0},
    {2, 0, 1},
    {2, 1, 0},
}};

// The column maps of the group: stack orders x column orders within stacks.
constexpr int kColumnMaps = 6 * 6 * 6 * 6;
// Second rows of a band whose first row is labelled 0-8 by column: each
// stack holds three labels of the other two stacks. The three digit sets
// can be chosen 56 ways (2 where each stack takes a whole stack, 54 where
// each takes two of one and one of the other), each in 6^3 orders.
constexpr int kDigitSets = 56;
constexpr int kSecondRows = kDigitSets * 216;

// Nine labels packed four bits each, the first in the high bits, so that
// comparing numbers compares texts.
uint64_t Pack(const Line& line) {
  uint64_t packed = 0;
  for (const uint8_t label : line) packed = packed << 4 | label;
  return packed;
}

// The order of three distinct labels as a number 0-5 (any numbering will
// do: it only indexes the table).
constexpr std::array<uint8_t, 8> kOrderCode = {0, 1, 0, 2, 3, 0, 4, 5};
inline unsigned OrderOf(uint8_t a, uint8_t b, uint8_t c) {
  return kOrderCode[(a > b) | (a > c) << 1 | (b > c) << 2];
}

// The labels in stacks 0 and 1 of a second row, 6 bits each (stack 0 holds
// labels 3-8, stack 1 labels 0-2 and 6-8); they settle the third stack's.
inline unsigned DigitSetKey(const Line& row) {
  const unsigned first = (1u << row[0] | 1u << row[1] | 1u << row[2]) >> 3;
  const unsigned second = 1u << row[3] | 1u << row[4] | 1u << row[5];
  return first | ((second & 7) | (second >> 6) << 3) << 6;
}

// conj(row, map)[t] = inverse[row[map[t]]]: the second row after the map
// moves the columns and relabels the first row 0-8 again.
Line Conjugate(const Line& row, const Line& map, const Line& inverse) {
  Line out;
  for (int t = 0; t < 9; ++t) out[t] = inverse[row[map[t]]];
  return out;
}

Line Inverse(const Line& map) {
  Line inverse;
  for (int t = 0; t < 9; ++t) inverse[map[t]] = static_cast<uint8_t>(t);
  return inverse;
}

// One class of second rows under the column maps (conjugation), with the
// least text of the class: every band's least second row is one of these.
struct SecondRowClass {
  Line least;
  // The column maps h with Conjugate(least, h) == least.
  std::vector<uint16_t> stabilizer;
};

// Built once. Target column t of a map reads source column maps[i][t].
struct Tables {
  std::vector<Line> maps;
  std::vector<Line> inverses;
  std::array<uint8_t, 4096> digit_sets{};  // DigitSetKey -> 0..55
  // By second row (SecondRowIndex): its class, classes numbered in the
  // order of their least texts, and a map that takes it there.
  std::vector<uint8_t> class_of;
  std::vector<uint16_t> to_least;
  std::vector<SecondRowClass> classes;

  int SecondRowIndex(const Line& row) const {
    return digit_sets[DigitSetKey(row)] * 216 +
           static_cast<int>(OrderOf(row[0], row[1], row[2]) * 36 +
                            OrderOf(row[3], row[4], row[5]) * 6 +
                            OrderOf(row[6], row[7], row[8]));
  }
};

bool IsSecondRow(const Line& row) {
  for (int c = 0; c < 9; ++c) {
    if (row[c] / 3 == c / 3) return false;
  }
  return true;
}

void BuildColumnMaps(Tables& t) {
  for (int stacks = 0; stacks < 6; ++stacks) {
    for (int within = 0; within < 216; ++within) {
      const int orders[3] = {within / 36, within / 6 % 6, within % 6};
      Line map;
      for (int j = 0; j < 3; ++j) {
        for (int i = 0; i < 3; ++i) {
          map[3 * j + i] = static_cast<uint8_t>(3 * kOrders3[stacks][j] +
                                                kOrders3[orders[j]][i]);
        }
      }
      t.maps.push_back(map);
      t.inverses.push_back(Inverse(map));
    }
  }
}

// Every second row once, by index; numbers the digit sets on the way.
std::vector<Line> EnumerateSecondRows(Tables& t) {
  std::vector<Line> rows(kSecondRows);
  t.digit_sets.fill(0xFF);
  uint8_t sets = 0;
  Line row = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  do {
    if (!IsSecondRow(row)) continue;
    uint8_t& set = t.digit_sets[DigitSetKey(row)];
    if (set == 0xFF) set = sets++;
    rows[t.SecondRowIndex(row)] = row;
  } while (std::next_permutation(row.begin(), row.end()));
  return rows;
}

// Each class once: its least text over all maps, then every member reached
// from that least text, so that the member's map back is one inverse away.
void BuildClasses(Tables& t, const std::vector<Line>& rows) {
  std::unordered_map<uint64_t, uint16_t> index_of_map;
  for (int i = 0; i < kColumnMaps; ++i) {
    index_of_map[Pack(t.maps[i])] = static_cast<uint16_t>(i);
  }
  std::vector<uint16_t> inverse_index(kColumnMaps);
  for (int i = 0; i < kColumnMaps; ++i) {
    inverse_index[i] = index_of_map.at(Pack(t.inverses[i]));
  }
  t.class_of.assign(kSecondRows, 0xFF);
  t.to_least.assign(kSecondRows, 0);
  for (int index = 0; index < kSecondRows; ++index) {
    if (t.class_of[index] != 0xFF) continue;
    Line least = rows[index];
    for (int h = 0; h < kColumnMaps; ++h) {
      least = std::min(least, Conjugate(rows[index], t.maps[h], t.inverses[h]));
    }
    const auto id = static_cast<uint8_t>(t.classes.size());
    SecondRowClass& found = t.classes.emplace_back();
    found.least = least;
    for (int h = 0; h < kColumnMaps; ++h) {
      const Line member = Conjugate(least, t.maps[h], t.inverses[h]);
      if (member == least) found.stabilizer.push_back(static_cast<uint16_t>(h));
      const int member_index = t.SecondRowIndex(member);
      if (t.class_of[member_index] == 0xFF) {
        t.class_of[member_index] = id;
        t.to_least[member_index] = inverse_index[h];
      }
    }
  }
  // Number the classes in the order of their least texts, so that comparing
  // class numbers compares second rows.
  std::vector<uint8_t> order(t.classes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint8_t>(i);
  std::sort(order.begin(), order.end(), [&](uint8_t a, uint8_t b) {
    return t.classes[a].least < t.classes[b].least;
  });
  std::vector<uint8_t> rank(order.size());
  std::vector<SecondRowClass> sorted;
  for (size_t i = 0; i < order.size(); ++i) {
    rank[order[i]] = static_cast<uint8_t>(i);
    sorted.push_back(std::move(t.classes[order[i]]));
  }
  t.classes = std::move(sorted);
  for (uint8_t& id : t.class_of) id = rank[id];
  // The search looks up one row of each pair of a band's rows relative to
  // the other, and takes the other order to be of the same class.
  for (int index = 0; index < kSecondRows; ++index) {
    if (t.class_of[t.SecondRowIndex(Inverse(rows[index]))] !=
        t.class_of[index]) {
      throw std::logic_error("a second row and its inverse differ in class");
    }
  }
}

const Tables& GetTables() {
  static const Tables tables = [] {
    Tables t;
    BuildColumnMaps(t);
    BuildClasses(t, EnumerateSecondRows(t));
    return t;
  }();
  return tables;
}

// The search. A candidate top band is an orientation, a band and its rows in
// some order; its second row relative to the first is a Line, whose least
// conjugate is its class's (a table look-up). Only the candidates of the
// least class go on; each with every map to that least second row (one map
// times the class's stabilizer) spells a third row, and only the least go on
// again. Each survivor fixes the columns and labels, so the six other rows
// spell fixed texts: the form puts the band of the least row first and
// sorts the rows within each band. Every survivor that reaches the least
// grid is a map to the form, so their count is the automorphism count.
//
// The 12,096 second rows fall in 15 classes (stabilizers of 1 to 18 maps),
// the least 456789123; on random grids about 4 of the 36 candidates are of
// the least class and 1.5 maps go on to the six other rows.
class GridCanonicalizer {
 public:
  // Returns the form; sets finals_ to the maps that reach it.
  Grid Run(const Grid& grid) {
    const Tables& t = GetTables();
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        const auto v = static_cast<uint8_t>(grid[CellAt(r, c)] - 1);
        source_[0][CellAt(r, c)] = v;
        source_[1][CellAt(c, r)] = v;
      }
    }
    FindStarts(t);
    FindThirdRows(t);
    Complete();
    return Form(t);
  }

  struct Final {
    uint16_t tie;
    std::array<uint8_t, 6> rows;  // source rows of target rows 3-8
  };
  // A map to the form.
  Transform TransformOf(const Final& final) const {
    const Tie& tie = ties_[final.tie];
    const Start& start = starts_[tie.start];
    Transform transform;
    transform.transpose = start.orientation != 0;
    for (int i = 0; i < 3; ++i) transform.rows[i] = start.rows[i];
    for (int i = 0; i < 6; ++i) transform.rows[3 + i] = final.rows[i];
    transform.cols = tie.map;
    for (int d = 0; d < 9; ++d) {
      transform.digits[d + 1] =
          static_cast<uint8_t>(tie.inverse[start.position[d]] + 1);
    }
    return transform;
  }
  const std::vector<Final>& finals() const { return finals_; }

 private:
  // A top band: its rows in order, the first row's columns by digit, the
  // other two rows as labels of the first, and its second row's class.
  struct Start {
    uint8_t orientation = 0;
    uint8_t band = 0;
    std::array<uint8_t, 3> rows{};
    Line position{};  // position[d]: the column of digit d in the first row
    Line third{};
    uint16_t to_least = 0;
    uint8_t class_id = 0;
  };
  // A start with a map that spells its least second row and the least
  // third row.
  struct Tie {
    uint8_t start;
    Line map;
    Line inverse;
  };

  // Phase one looks up the class of each band's three rows taken in a
  // cycle, (0, 1), (1, 2), (2, 0): a row's second row relative to another
  // is the inverse of the other's relative to it, and inverses share their
  // class (BuildClasses checks it), so the three cover all six orders.
  // Phase two makes the starts of the least class, both orders of each pair.
  void FindStarts(const Tables& t) {
    struct Pair {
      uint8_t orientation, band, first, class_id;
      uint16_t index;
    };
    std::array<Pair, 18> pairs;
    std::array<Line, 18> positions;
    std::array<Line, 18> seconds;
    uint8_t best = 0xFF;
    int n = 0;
    for (uint8_t o = 0; o < 2; ++o) {
      const std::array<uint8_t, kCells>& cells = source_[o];
      for (uint8_t band = 0; band < 3; ++band) {
        for (uint8_t k = 0; k < 3; ++k) {
          const uint8_t* row = &cells[9 * (3 * band + k)];
          for (int c = 0; c < 9; ++c) positions[n + k][row[c]] = uint8_t(c);
        }
        for (uint8_t k = 0; k < 3; ++k) {
          const uint8_t* next = &cells[9 * (3 * band + (k + 1) % 3)];
          for (int c = 0; c < 9; ++c) seconds[n][c] = positions[n][next[c]];
          const int index = t.SecondRowIndex(seconds[n]);
          pairs[n] = {o, band, k, t.class_of[index], uint16_t(index)};
          best = std::min(best, pairs[n].class_id);
          ++n;
        }
      }
    }
    starts_.clear();
    for (int i = 0; i < n; ++i) {
      const Pair& pair = pairs[i];
      if (pair.class_id != best) continue;
      const int base = i - pair.first;  // the band's first pair
      const int next = base + (pair.first + 1) % 3;
      const int last = base + (pair.first + 2) % 3;
      const std::array<uint8_t, kCells>& cells = source_[pair.orientation];
      for (int swap = 0; swap < 2; ++swap) {
        // swap 0: first, next; swap 1: next, first; the band's last row
        // third either way.
        const int one = swap == 0 ? i : next;
        Start start;
        start.orientation = pair.orientation;
        start.band = pair.band;
        start.rows[0] = uint8_t(3 * pair.band + (one - base));
        start.rows[1] =
            uint8_t(3 * pair.band + ((swap == 0 ? next : i) - base));
        start.rows[2] = uint8_t(3 * pair.band + (last - base));
        start.position = positions[one];
        const Line second = swap == 0 ? seconds[i] : Inverse(seconds[i]);
        const uint8_t* third = &cells[9 * start.rows[2]];
        for (int c = 0; c < 9; ++c) start.third[c] = start.position[third[c]];
        start.to_least =
            t.to_least[swap == 0 ? pair.index : t.SecondRowIndex(second)];
        start.class_id = best;
        starts_.push_back(start);
      }
    }
  }

  void FindThirdRows(const Tables& t) {
    ties_.clear();
    uint64_t best = ~uint64_t{0};
    for (size_t s = 0; s < starts_.size(); ++s) {
      const Start& start = starts_[s];
      const Line& to_least = t.maps[start.to_least];
      for (const uint16_t h : t.classes[start.class_id].stabilizer) {
        Tie tie;
        tie.start = static_cast<uint8_t>(s);
        for (int i = 0; i < 9; ++i) tie.map[i] = to_least[t.maps[h][i]];
        tie.inverse = Inverse(tie.map);
        const uint64_t third =
            Pack(Conjugate(start.third, tie.map, tie.inverse));
        if (third > best) continue;
        if (third < best) {
          best = third;
          ties_.clear();
        }
        ties_.push_back(tie);
      }
    }
    third_ = best;
  }

  // The six other rows of each tie, bands ordered by their least row and
  // rows sorted within bands; keeps the ties that spell the least.
  void Complete() {
    finals_.clear();
    best_rest_.fill(~uint64_t{0});
    for (size_t i = 0; i < ties_.size(); ++i) {
      const Tie& tie = ties_[i];
      const Start& start = starts_[tie.start];
      const std::array<uint8_t, kCells>& cells = source_[start.orientation];
      Line label;
      for (int d = 0; d < 9; ++d) label[d] = tie.inverse[start.position[d]];
      // Two bands of three rows: texts and source rows, each band sorted.
      std::array<std::pair<uint64_t, uint8_t>, 6> rows;
      int n = 0;
      for (int band = 0; band < 3; ++band) {
        if (band == start.band) continue;
        for (int r = 3 * band; r < 3 * band + 3; ++r) {
          uint64_t text = 0;
          for (int c = 0; c < 9; ++c) {
            text = text << 4 | label[cells[9 * r + tie.map[c]]];
          }
          rows[n++] = {text, static_cast<uint8_t>(r)};
        }
      }
      std::sort(rows.begin(), rows.begin() + 3);
      std::sort(rows.begin() + 3, rows.end());
      if (rows[3].first < rows[0].first) {
        std::swap_ranges(rows.begin(), rows.begin() + 3, rows.begin() + 3);
      }
      std::array<uint64_t, 6> rest;
      Final final{static_cast<uint16_t>(i), {}};
      for (int k = 0; k < 6; ++k) {
        rest[k] = rows[k].first;
        final.rows[k] = rows[k].second;
      }
      if (rest > best_rest_) continue;
      if (rest < best_rest_) {
        best_rest_ = rest;
        finals_.clear();
      }
      finals_.push_back(final);
    }
  }

  Grid Form(const Tables& t) const {
    std::array<uint64_t, 9> texts;
    texts[0] = Pack({0, 1, 2, 3, 4, 5, 6, 7, 8});
    texts[1] = Pack(t.classes[starts_[0].class_id].least);
    texts[2] = third_;
    for (int k = 0; k < 6; ++k) texts[3 + k] = best_rest_[k];
    Grid form;
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        form[CellAt(r, c)] =
            static_cast<uint8_t>((texts[r] >> (4 * (8 - c)) & 0xF) + 1);
      }
    }
    return form;
  }

  std::array<std::array<uint8_t, kCells>, 2> source_{};  // digits 0-8
  std::vector<Start> starts_;
  std::vector<Tie> ties_;
  uint64_t third_ = 0;
  std::array<uint64_t, 6> best_rest_{};
  std::vector<Final> finals_;
};

GridCanonicalizer& ThreadCanonicalizer() {
  thread_local GridCanonicalizer canonicalizer;
  return canonicalizer;
}

}  // namespace

bool IsSolutionGrid(const Grid& grid) {
  std::array<uint16_t, 9> rows{}, cols{}, boxes{};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const unsigned digit = grid[CellAt(r, c)];
      if (digit > 9) return false;
      const unsigned bit = 1u << digit;
      rows[r] |= bit;
      cols[c] |= bit;
      boxes[r / 3 * 3 + c / 3] |= bit;
    }
  }
  for (int i = 0; i < 9; ++i) {
    if (rows[i] != 0x3FE || cols[i] != 0x3FE || boxes[i] != 0x3FE) return false;
  }
  return true;
}

Canonical CanonicalizeSolution(const Grid& grid) {
  if (!IsSolutionGrid(grid)) return Canonicalize(grid);
  GridCanonicalizer& canonicalizer = ThreadCanonicalizer();
  Canonical result;
  result.form = canonicalizer.Run(grid);
  result.automorphisms = canonicalizer.finals().size();
  result.transform = canonicalizer.TransformOf(canonicalizer.finals().front());
  return result;
}

std::vector<Transform> SolutionMaps(const Grid& grid) {
  std::vector<Transform> maps;
  if (!IsSolutionGrid(grid)) return maps;
  GridCanonicalizer& canonicalizer = ThreadCanonicalizer();
  canonicalizer.Run(grid);
  for (const auto& final : canonicalizer.finals()) {
    maps.push_back(canonicalizer.TransformOf(final));
  }
  return maps;
}

}  // namespace sudoku
