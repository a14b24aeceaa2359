// The tables the minlex search reads: the orders of three things, and what
// a three-cell pattern or a row can spell at least under them, computed at
// compile time. Internal to canonical.cc.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace sudoku::minlex {

// The six orders of three things; bit p of a mask stands for kOrders3[p].
constexpr std::array<std::array<uint8_t, 3>, 6> kOrders3 = {{
    {0, 1, 2},
    {0, 2, 1},
    {1, 0, 2},
    {1, 2, 0},
    {2, 0, 1},
    {2, 1, 0},
}};
constexpr uint8_t kAllOrders = 0x3F;

// A stack's three target cells as one number, first cell in the high nibble,
// so that comparing numbers compares texts.
constexpr uint16_t Pack3(unsigned a, unsigned b, unsigned c) {
  return static_cast<uint16_t>(a << 8 | b << 4 | c);
}

// The labels a, b, c get in that order: a digit seen before keeps its label,
// a new one takes the next (a digit repeated within the three, which only
// clashing givens do, keeps the label it just took).
inline uint16_t TripleText(const std::array<uint8_t, 10>& labels, unsigned next,
                           uint8_t a, uint8_t b, uint8_t c) {
  const unsigned la = a == 0 ? 0 : labels[a] != 0 ? labels[a] : next++;
  const unsigned lb = b == 0           ? 0
                      : labels[b] != 0 ? labels[b]
                      : b == a         ? la
                                       : next++;
  const unsigned lc = c == 0           ? 0
                      : labels[c] != 0 ? labels[c]
                      : c == a         ? la
                      : c == b         ? lb
                                       : next++;
  return Pack3(la, lb, lc);
}

// A row's givens as a 9-bit pattern, column 0 in the high bit; stack s is
// bits 8-3s..6-3s.
constexpr unsigned StackBits(unsigned pattern, int s) {
  return pattern >> (6 - 3 * s) & 7;
}

// A three-cell pattern (first cell in the high bit) as a text with 1 for a
// given: no relabelling spells less, since labels start at 1.
constexpr uint16_t OnesText(unsigned bits) {
  return Pack3(bits >> 2 & 1, bits >> 1 & 1, bits & 1);
}

// kLeastOnes[bits][mask]: the least OnesText of the pattern `bits` over the
// orders in `mask`, a lower bound of what a stack can spell.
constexpr auto kLeastOnes = [] {
  std::array<std::array<uint16_t, 64>, 8> table{};
  for (unsigned bits = 0; bits < 8; ++bits) {
    for (unsigned mask = 0; mask < 64; ++mask) {
      uint16_t least = 0xFFFF;
      for (int p = 0; p < 6; ++p) {
        if (!(mask >> p & 1)) continue;
        unsigned moved = 0;
        for (int i = 0; i < 3; ++i) {
          moved |= (bits >> (2 - kOrders3[p][i]) & 1) << (2 - i);
        }
        least = std::min(least, OnesText(moved));
      }
      table[bits][mask] = least;
    }
  }
  return table;
}();

// Bits set, by table: the tools are built for any x86-64, where
// std::popcount is a library call.
constexpr std::array<uint8_t, 8> kOnes3 = {0, 1, 1, 2, 1, 2, 2, 3};
constexpr auto kOnes9 = [] {
  std::array<uint8_t, 512> table{};
  for (unsigned bits = 1; bits < 512; ++bits) {
    table[bits] = static_cast<uint8_t>(table[bits >> 1] + (bits & 1));
  }
  return table;
}();

// kLeastPattern[pattern]: the least a row pattern becomes as a first row,
// blanks first: each stack's givens at its right end, the stacks with fewer
// givens first. Rows with distinct digits spell 1, 2, 3, ... at its givens,
// so among them this number orders their best first rows.
constexpr auto kLeastPattern = [] {
  std::array<uint16_t, 512> table{};
  for (unsigned pattern = 0; pattern < 512; ++pattern) {
    std::array<unsigned, 3> counts{};
    for (int s = 0; s < 3; ++s) counts[s] = kOnes3[pattern >> (6 - 3 * s) & 7];
    std::sort(counts.begin(), counts.end());
    table[pattern] = static_cast<uint16_t>(((1u << counts[0]) - 1) << 6 |
                                           ((1u << counts[1]) - 1) << 3 |
                                           ((1u << counts[2]) - 1));
  }
  return table;
}();

// 0, 1 or 2 as a is less than, equal to or greater than b.
constexpr int Compare(unsigned a, unsigned b) { return (a > b) + (a >= b); }

// kSortingOrders[9 * Compare(k0, k1) + 3 * Compare(k0, k2) + Compare(k1, k2)]:
// the orders (a mask over kOrders3) that read three keys in ascending order.
constexpr auto kSortingOrders = [] {
  std::array<uint8_t, 27> table{};
  for (unsigned a = 0; a < 3; ++a) {
    for (unsigned b = 0; b < 3; ++b) {
      for (unsigned c = 0; c < 3; ++c) {
        const unsigned key[3] = {a, b, c};
        uint8_t orders = 0;
        for (int p = 0; p < 6; ++p) {
          const auto& o = kOrders3[p];
          if (key[o[0]] <= key[o[1]] && key[o[1]] <= key[o[2]])
            orders |= 1u << p;
        }
        table[9 * Compare(a, b) + 3 * Compare(a, c) + Compare(b, c)] = orders;
      }
    }
  }
  return table;
}();

// A stack with n givens in its least order: the givens at the right.
constexpr uint16_t RightOnes(int n) { return OnesText((1u << n) - 1); }

constexpr uint64_t Factorial(int n) {
  return n <= 1 ? 1 : n * Factorial(n - 1);
}

}  // namespace sudoku::minlex
