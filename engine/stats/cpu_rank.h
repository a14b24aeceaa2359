// Ranking strategies by puzzles per CPU-second, and telling whether two
// neighbours in the ranking differ beyond the noise of their measurement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sudoku {

// How two strategies' CPU times over the same lines compare.
enum class Separation {
  kApart,        // the difference is beyond noise
  kWithinNoise,  // the blocks do not tell which is faster
  kTooFewBlocks  // fewer than kLeastNoiseBlocks blocks: noise unknown
};

// Blocks needed to estimate the noise.
inline constexpr size_t kLeastNoiseBlocks = 4;

// `a` and `b`: the CPU nanoseconds of two strategies per block of the same
// lines (StrategyStats::cpu_blocks). Each block gives a ratio b/a; the
// strategies are within noise when the log of the ratio of the totals lies
// within two standard errors of the blocks' log ratios (their standard
// deviation over the square root of their count) of 0. Blocks where either
// strategy spent no time are left out; so are blocks past the shorter list.
// The blocks differ in their puzzles as well as in the noise of their
// timing, so the test errs towards "within noise" when the two strategies
// find different puzzles hard.
Separation Separate(std::span<const uint64_t> a, std::span<const uint64_t> b);

// One strategy in the ranking.
struct CpuRank {
  size_t index;  // in the rates given
  // Separate() against the strategy ranked just above; kApart for the first.
  Separation from_above = Separation::kApart;
};

// The strategies by `rates` (puzzles per CPU-second), fastest first, ties
// in their given order; `blocks[i]` are strategy i's CPU blocks.
std::vector<CpuRank> RankByCpu(
    std::span<const double> rates,
    std::span<const std::span<const uint64_t>> blocks);

}  // namespace sudoku
