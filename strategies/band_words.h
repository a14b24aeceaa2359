// The band-word arithmetic of `bands` and `triads` (bands.cc): masks, the
// permutation tables the band and stack filters use, and their bit tricks.
#pragma once

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

// Internal to bands.cc; a header of its own only to keep that file readable.
namespace sudoku::band_words {

inline constexpr uint32_t kBandAll = (1u << 27) - 1;
// Bit 0 of every (row, box) segment of a band: the segment's first cell.
inline constexpr uint32_t kSegmentLow = 0x1249249;
// One stack's three columns in every row of a band (stack 0; shift by 3s).
inline constexpr uint32_t kStackCols = 0x1C0E07;
// Bit 0 of each row of a band: times a 9-bit column mask, that mask in
// every row.
inline constexpr uint32_t kRowLow = 0x40201;

// pext with the two masks the filters use. With BMI2 it is one instruction,
// except on AMD before Zen 3, where it is microcoded and takes tens of
// cycles (`bands` ran at a third of its speed there); shifts do it in a few.
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define BANDS_FAST_PEXT 1
#else
#define BANDS_FAST_PEXT 0
#endif

// Every third bit of a band word (0, 3, ..., 24: the first cell of each
// (row, box) segment), packed into nine.
inline uint32_t SegmentBits(uint32_t y) {
#if BANDS_FAST_PEXT
  return _pext_u32(y, kSegmentLow);
#else
  uint32_t x = y & kSegmentLow;
  x = (x | (x >> 2)) & 0x30C30C3;   // pairs at 6j, 6j + 1
  x = (x | (x >> 4)) & 0xF00F00F;   // fours at 12j .. 12j + 3, and bit 24
  return (x & 0xF) | ((x >> 8) & 0xF0) | ((x >> 16) & 0x100);
#endif
}

// Stack `stack`'s three columns of the three rows of a band word, packed.
inline uint32_t StackBits(uint32_t t, int stack) {
#if BANDS_FAST_PEXT
  return _pext_u32(t, kStackCols << (3 * stack));
#else
  const uint32_t u = t >> (3 * stack);
  return (u & 7) | ((u >> 6) & 0x38) | ((u >> 12) & 0x1C0);
#endif
}

// For a 3x3 0/1 pattern (bit 3i + j), the union of the permutation matrices
// {(i, p(i))} that fit inside it; 0 when none does (a contradiction).
constexpr std::array<uint16_t, 512> MakePermutationUnion() {
  constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::array<uint16_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    for (const auto& p : kPerms) {
      const int matrix = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((pattern & matrix) == matrix) table[pattern] |= matrix;
    }
  }
  return table;
}
inline constexpr std::array<uint16_t, 512> kPermutationUnion = MakePermutationUnion();

// kPermutationUnion spread back onto a band word's cells, for a pattern of
// (row, box) segments: segment (i, j) is cells 9i + 3j .. 9i + 3j + 2.
constexpr std::array<uint32_t, 512> MakeBandKeep() {
  std::array<uint32_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    for (int k = 0; k < 9; ++k) {
      if (kPermutationUnion[pattern] & (1 << k))
        table[pattern] |= 7u << (3 * k);
    }
  }
  return table;
}
inline constexpr std::array<uint32_t, 512> kBandKeep = MakeBandKeep();

// kPermutationUnion spread onto stack 0 of a folded word, for a pattern of
// (band, column) pairs: pair (i, j) is bit 9i + j.
constexpr std::array<uint32_t, 512> MakeStackKeep() {
  std::array<uint32_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    for (int k = 0; k < 9; ++k) {
      if (kPermutationUnion[pattern] & (1 << k)) {
        table[pattern] |= 1u << (9 * (k / 3) + k % 3);
      }
    }
  }
  return table;
}
inline constexpr std::array<uint32_t, 512> kStackKeep = MakeStackKeep();

// The triads variant (SolveTriads) adds the rule that every minirow (a
// row's three cells in one box, a (row, box) segment of a band) and every
// minicolumn (a column's three cells in one box) holds exactly three digits:
// three digits sure to be there leave no room for a fourth, and three
// possible ones must all be there. tdoku's write-up names these "triads";
// the bit-sliced counts below are ours.
//
// For one digit's 3x3 pattern of segments (bit 3i + j), those alone in
// their group of three (bits 3i .. 3i + 2): after the band or stack filter
// they are alone in their other line too, so the digit is sure to be there.
constexpr std::array<uint16_t, 512> MakeAlone() {
  std::array<uint16_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    for (int i = 0; i < 3; ++i) {
      const int group = (pattern >> (3 * i)) & 7;
      if (std::popcount(static_cast<unsigned>(group)) == 1) {
        table[pattern] |= group << (3 * i);
      }
    }
  }
  return table;
}
inline constexpr std::array<uint16_t, 512> kAlone = MakeAlone();

// For segments a digit is newly sure to occupy, the other segments in their
// groups (bits 3i .. 3i + 2) and lines (bits j, j + 3, j + 6): the digit
// leaves those.
constexpr std::array<uint16_t, 512> MakeForcedClears() {
  std::array<uint16_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    int clear = 0;
    for (int k = 0; k < 9; ++k) {
      if (pattern & (1 << k)) clear |= (7 << (3 * (k / 3))) | (0x49 << (k % 3));
    }
    table[pattern] = static_cast<uint16_t>(clear & ~pattern);
  }
  return table;
}
inline constexpr std::array<uint16_t, 512> kForcedClears = MakeForcedClears();

// A pattern of (row, box) segments spread onto a band word's cells.
constexpr std::array<uint32_t, 512> MakeSegmentCells() {
  std::array<uint32_t, 512> table{};
  for (int pattern = 0; pattern < 512; ++pattern) {
    for (int k = 0; k < 9; ++k) {
      if (pattern & (1 << k)) table[pattern] |= 7u << (3 * k);
    }
  }
  return table;
}
inline constexpr std::array<uint32_t, 512> kSegmentCells = MakeSegmentCells();

// The cells of a band that are alone in their row. Subtracting 1 from every
// row at once clears each row's lowest bit, with no borrow between rows as
// long as none is empty; an empty row (possible only on a board about to
// fail the band filter) gives garbage that the caller's failure discards.
// Which rows keep a bit is found without branches (the obvious
// "row != 0 ? ..." became jumps, a third of triads' mispredictions on
// top1465): adding 0xFF to a row's low eight bits carries into its ninth
// exactly when they are not all zero.
inline uint32_t RowSingles(uint32_t x) {
  constexpr uint32_t kLow8 = 0xFF * kRowLow, kHigh = 0x100 * kRowLow;
  const uint32_t rest = x & (x - kRowLow);
  const uint32_t busy = (((rest & kLow8) + kLow8) | rest) & kHigh;
  return x & ~((busy >> 8) * 0x1FF);
}

// The 9-bit mask of columns a band word occupies.
inline uint32_t Columns(uint32_t x) {
  return (x | (x >> 9) | (x >> 18)) & 0x1FF;
}

}  // namespace sudoku::band_words
