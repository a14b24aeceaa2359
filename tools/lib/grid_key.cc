// The 128-bit grid key: MurmurHash3_x64_128 over a grid packed four bits a
// cell.
#include "tools/lib/grid_key.h"

#include <array>

namespace sudoku {
namespace {

// MurmurHash3_x64_128 (Austin Appleby, public domain) over 48 bytes.
constexpr uint64_t Rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

constexpr uint64_t Fmix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

// One half of a block: the key word scrambled into h, then h stirred with
// the other half.
constexpr uint64_t MixIn(uint64_t h, uint64_t k, uint64_t first,
                         uint64_t second, int k_turn, int h_turn,
                         uint64_t other, uint64_t add) {
  h ^= Rotl(k * first, k_turn) * second;
  return (Rotl(h, h_turn) + other) * 5 + add;
}

GridKey Murmur3(const std::array<uint64_t, 6>& words, uint64_t seed) {
  constexpr uint64_t c1 = 0x87c37b91114253d5ULL;
  constexpr uint64_t c2 = 0x4cf5ad432745937fULL;
  uint64_t h1 = seed, h2 = seed;
  for (int i = 0; i < 6; i += 2) {
    h1 = MixIn(h1, words[i], c1, c2, 31, 27, h2, 0x52dce729);
    h2 = MixIn(h2, words[i + 1], c2, c1, 33, 31, h1, 0x38495ab5);
  }
  h1 ^= 48;
  h2 ^= 48;
  h1 += h2;
  h2 += h1;
  h1 = Fmix(h1);
  h2 = Fmix(h2);
  h1 += h2;
  h2 += h1;
  return {h1, h2};
}

}  // namespace

GridKey KeyOf(const Grid& grid) {
  std::array<uint64_t, 6> words{};
  for (int cell = 0; cell < kCells; ++cell) {
    words[cell / 16] |= static_cast<uint64_t>(grid[cell] & 0xF)
                        << (4 * (cell % 16));
  }
  return Murmur3(words, 0x5d0c0b1e);
}

}  // namespace sudoku
