// The 128-bit keys the corpus tool groups rows by: a hash of a grid.
#pragma once

#include <compare>
#include <cstdint>

#include "strategies/strategy.h"

namespace sudoku {

// A 128-bit key: MurmurHash3 (x64, 128-bit) of a grid packed four bits a
// cell. Keys of distinct grids collide with probability about 2^-128 a
// pair, so a corpus of n rows expects n^2 / 2^129 false matches.
struct GridKey {
  uint64_t high = 0;
  uint64_t low = 0;
  auto operator<=>(const GridKey&) const = default;
};
GridKey KeyOf(const Grid& grid);

}  // namespace sudoku
