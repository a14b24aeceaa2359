// The puzzle model: parse and format 81-character grids, check givens and
// solutions.
#include "engine/input/puzzle.h"

#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "strategies/geometry.h"

namespace sudoku {
namespace {

std::string CellName(int cell) {
  return "r" + std::to_string(RowOf(cell) + 1) + "c" +
         std::to_string(ColOf(cell) + 1);
}

std::string_view UnitName(Unit unit) {
  switch (unit) {
    case Unit::kRow:
      return "row";
    case Unit::kColumn:
      return "column";
    case Unit::kBox:
      return "box";
  }
  return "unit";
}

// 81 characters to digits, '.' and '0' to 0; false when any other
// character is among them (`grid` then holds garbage). Every line of a
// corpus passes through here.
bool CellsToDigits(const char* text, Grid& grid) {
#if defined(__SSE2__)
  // Sixteen cells a step, the last step overlapping the one before it
  // (cells 65..80), so there is no scalar tail: 6 steps of 9 instructions,
  // where GCC's own vectorization of the loop below took about 110.
  const __m128i zero = _mm_set1_epi8('0'), dot = _mm_set1_epi8('.'),
                nine = _mm_set1_epi8(9);
  __m128i good = _mm_set1_epi8(-1);
  auto step = [&](int at) {
    const __m128i ch =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + at));
    const __m128i digit = _mm_sub_epi8(ch, zero);  // '.' wraps to 254
    const __m128i blank = _mm_cmpeq_epi8(ch, dot);
    const __m128i in_range = _mm_cmpeq_epi8(_mm_max_epu8(digit, nine), nine);
    good = _mm_and_si128(good, _mm_or_si128(in_range, blank));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(grid.data() + at),
                     _mm_andnot_si128(blank, digit));
  };
  step(0), step(16), step(32), step(48), step(64), step(kCells - 16);
  return _mm_movemask_epi8(good) == 0xFFFF;
#else
  // Branch-free and table-free, so it vectorizes.
  uint8_t bad = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const auto ch = static_cast<uint8_t>(text[cell]);
    const auto digit = static_cast<uint8_t>(ch - '0');  // '.' wraps to 254
    const bool blank = ch == '.';
    bad |= static_cast<uint8_t>((digit > 9) & !blank);
    grid[cell] = blank ? 0 : digit;
  }
  return !bad;
#endif
}

}  // namespace

std::optional<std::string> ParseGrid(std::string_view text, Grid& grid) {
  if (text.size() != kCells) {
    return "expected 81 cells, found " + std::to_string(text.size());
  }
  if (CellsToDigits(text.data(), grid)) return std::nullopt;
  for (int cell = 0; cell < kCells; ++cell) {
    const char ch = text[cell];
    if (ch == '.' || (ch >= '0' && ch <= '9')) continue;
    const bool printable = ch >= 0x20 && ch < 0x7f;
    std::string shown =
        printable ? std::string{'\'', ch, '\''}
                  : "byte " + std::to_string(static_cast<unsigned char>(ch));
    return "bad character " + shown + " at column " + std::to_string(cell + 1);
  }
  return std::nullopt;
}

std::string FormatGrid(const Grid& grid) {
  std::string text(kCells, '.');
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0) text[cell] = static_cast<char>('0' + grid[cell]);
  }
  return text;
}

namespace {

// The common case, no clash, in one branch-free pass over 9-bit unit masks.
bool HasConflictPortable(const Grid& grid) {
  uint16_t cols[9] = {}, boxes[9] = {};
  unsigned clash = 0;
  for (int r = 0; r < 9; ++r) {
    uint16_t row = 0;
    uint16_t* box_row = boxes + (r / 3) * 3;
    for (int c = 0; c < 9; ++c) {
      // Digit d sets bit d-1; a blank (0) sets nothing.
      const auto bit = static_cast<uint16_t>((1u << grid[r * 9 + c]) >> 1);
      uint16_t& box = box_row[c / 3];
      clash |= (row | cols[c] | box) & bit;
      row |= bit;
      cols[c] |= bit;
      box |= bit;
    }
  }
  return clash != 0;
}

// The units a cell lies in, as one mask: row r is bit r, column c bit 9 + c,
// box b bit 18 + b.
constexpr std::array<uint32_t, kCells> kCellUnits = [] {
  std::array<uint32_t, kCells> units{};
  for (int cell = 0; cell < kCells; ++cell) {
    units[cell] = (1u << RowOf(cell)) | (1u << (9 + ColOf(cell))) |
                  (1u << (18 + BoxOf(cell)));
  }
  return units;
}();
constexpr uint32_t kEveryUnit = (1u << 27) - 1;

// For a grid of digits 1..9 only: every row, column and box holds all nine.
// Counted by digit rather than by unit: if each of the nine digits lies in
// all 9 rows, it fills at least 9 of the 81 cells, so exactly 9, one per row
// (and likewise per column and box); the converse is plain. Unrolled, that
// is two instructions a cell (load the digit, OR a constant into its mask),
// where unit masks need a bit made from each digit and three ORs; every
// answer of every strategy is checked here. Two sets of masks, even and odd
// cells, keep a digit's updates from waiting on each other.
bool EveryUnitComplete(const Grid& grid) {
  uint32_t even[10] = {}, odd[10] = {};
#pragma GCC unroll 41
  for (int cell = 0; cell + 1 < kCells; cell += 2) {
    even[grid[cell]] |= kCellUnits[cell];
    odd[grid[cell + 1]] |= kCellUnits[cell + 1];
  }
  even[grid[kCells - 1]] |= kCellUnits[kCells - 1];
  uint32_t all = kEveryUnit;
  for (int digit = 1; digit <= 9; ++digit) all &= even[digit] | odd[digit];
  return all == kEveryUnit;
}

#if defined(__x86_64__) && defined(__GNUC__)
// The row-at-a-time vector checks' shared steps (SSSE3 for the byte
// shuffle; inlined into each build).
// Row r's nine cells in bytes 0..8, the rest 0. Row 8's sixteen bytes from
// 72 would pass the grid's end: load 65..80 and shift.
__attribute__((target("ssse3"), always_inline)) inline __m128i LoadRow(
    const Grid& g, int r) {
  const __m128i at =
      r < 8 ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(g.data() + 9 * r))
            : _mm_srli_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(
                                 g.data() + kCells - 16)),
                             7);
  return _mm_and_si128(at, _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1,
                                         0, 0, 0, 0, 0, 0, 0));
}
// Digit d as bit d - 1 of two byte planes: digits 1..8 in the low one, 9 as
// bit 0 of the high one; a blank and 10..15 as no bit.
__attribute__((target("ssse3"), always_inline)) inline __m128i LowPlane(
    __m128i digits) {
  return _mm_shuffle_epi8(
      _mm_setr_epi8(0, 1, 2, 4, 8, 16, 32, 64, static_cast<char>(128), 0, 0, 0,
                    0, 0, 0, 0),
      digits);
}
__attribute__((target("ssse3"), always_inline)) inline __m128i HighPlane(
    __m128i digits) {
  return _mm_shuffle_epi8(
      _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0), digits);
}
// Bytes 0, 3 and 6: the OR of each box's three columns.
__attribute__((target("ssse3"), always_inline)) inline __m128i BoxColumns(
    __m128i x) {
  return _mm_or_si128(_mm_or_si128(x, _mm_srli_si128(x, 1)),
                      _mm_srli_si128(x, 2));
}

// IsSolution a row at a time in vector registers, with no store: the loop
// above writes its masks 81 times, and on a Zen 1 core, one store a cycle,
// IsSolution took 1.9% of a `simd` run on 17-clue (about 65 ns an answer,
// `perf record -e cpu-clock`), the engine's largest cost after SHA-256;
// this took 1.2% as SSSE3 code; in its AVX build, with one accumulator for
// all faults and the boxes tested band by band, 1.0% (about 32 ns an
// answer: 160 samples at 10 kHz on 500,000 answers, against 248). Digit d
// becomes bit d - 1 of two byte planes (digits 1..8 in
// `low`, 9 as bit 0 of `high`); a column or a box is complete when the OR of
// its cells' bits has all nine (lane-wise ORs of row vectors); a row, whose
// cells lie side by side, is summed instead (psadbw), and nine powers of two
// add up to 511 only when they are nine different ones: a repeat carries and
// leaves fewer than nine bits set. The cells' range and the givens are
// checked in the same loop. SSSE3 for the byte shuffle, chosen at run time,
// since the engine is built for x86-64's baseline. Inlined into two
// entries, one per instruction set (below).
__attribute__((target("ssse3"), always_inline)) inline bool IsSolutionVector(
    const Grid& givens, const Grid& grid) {
  const __m128i zero = _mm_setzero_si128(), all_nine = _mm_cvtsi32_si128(511);
  __m128i col_low = zero, col_high = zero, band_low = zero, band_high = zero;
  // Everything that must stay 0: row sums off 511, and cells off their
  // givens. One accumulator, and boxes in a general register, so that the
  // loop's values fit the sixteen vector registers with no spill.
  __m128i faults = zero;
  __m128i any_digit = zero;  // every cell's bits: any at 16 or above is out
  int full_boxes = -1;
  // One bit per byte: all nine digits there (low plane all ones, high 1).
  auto full = [](__m128i low, __m128i high) {
    return _mm_movemask_epi8(
        _mm_and_si128(_mm_cmpeq_epi8(low, _mm_set1_epi8(-1)),
                      _mm_cmpeq_epi8(high, _mm_set1_epi8(1))));
  };
#pragma GCC unroll 9
  for (int r = 0; r < 9; ++r) {
    const __m128i digits = LoadRow(grid, r), given = LoadRow(givens, r);
    // A cell off a given: min(given, given ^ digit) is 0 only for a blank
    // given or an equal digit.
    faults = _mm_or_si128(
        faults, _mm_min_epu8(given, _mm_xor_si128(given, digits)));
    // Cells 0 and 10..15 map to no bit (the shuffle's entries there are 0),
    // so their row sums fall short; 16 and above show in any_digit.
    any_digit = _mm_or_si128(any_digit, digits);
    const __m128i low = LowPlane(digits), high = HighPlane(digits);
    col_low = _mm_or_si128(col_low, low);
    col_high = _mm_or_si128(col_high, high);
    band_low = _mm_or_si128(band_low, low);
    band_high = _mm_or_si128(band_high, high);
    // Cells 0..7 summed in the low quadword, cell 8 in the high one; the
    // total lands in the low quadword, which alone is kept.
    const __m128i sums = _mm_add_epi64(
        _mm_sad_epu8(low, zero), _mm_slli_epi64(_mm_sad_epu8(high, zero), 8));
    const __m128i row_sum = _mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums));
    faults = _mm_or_si128(
        faults, _mm_move_epi64(_mm_xor_si128(row_sum, all_nine)));
    if (r % 3 == 2) {
      full_boxes &= full(BoxColumns(band_low), BoxColumns(band_high));
      band_low = band_high = zero;
    }
    // Each row folded in before the next starts: left free, GCC turns the
    // OR chains into trees over all nine rows, whose live values spill.
    asm("" : "+x"(col_low), "+x"(col_high), "+x"(band_low), "+x"(band_high),
        "+x"(faults), "+x"(any_digit));
  }
  const int full_cols = full(col_low, col_high);
  const int low_nibbles = _mm_movemask_epi8(
      _mm_cmpeq_epi8(_mm_max_epu8(any_digit, _mm_set1_epi8(15)),
                     _mm_set1_epi8(15)));
  return (full_cols & 0x1FF) == 0x1FF && (full_boxes & 0x49) == 0x49 &&
         _mm_movemask_epi8(_mm_cmpeq_epi8(faults, zero)) == 0xFFFF &&
         low_nibbles == 0xFFFF;
}

__attribute__((target("ssse3"))) bool IsSolutionSsse3(const Grid& givens,
                                                      const Grid& grid) {
  return IsSolutionVector(givens, grid);
}

// The same 128-bit code in AVX's three-operand encoding: the SSSE3 build
// copies a register before many an operation that keeps its input (321
// instructions here, 384 there).
__attribute__((target("avx2"))) bool IsSolutionAvx2(const Grid& givens,
                                                    const Grid& grid) {
  return IsSolutionVector(givens, grid);
}

// HasConflict a row at a time in vector registers: the scalar loop carries
// its column and box masks through memory, a store and a reload per cell,
// and took 47% of a `--parse-only` run (about 140 ns a line, `perf record
// -e cpu-clock`), where every line's givens are checked. Digits become bits
// of two byte planes as in IsSolutionVector (a blank, and anything above 9,
// none). A column or a box repeats a digit when a row's bits meet the ones
// its earlier rows set there (a box's three cells in a row ORed together
// first: a repeat within them is a repeat in the row). A row repeats a
// digit when the sum of its cells' bits (psadbw) has fewer bits set than
// the row has digits: distinct powers of two add without a carry.
__attribute__((target("ssse3"), always_inline)) inline bool
HasConflictVector(const Grid& grid) {
  const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi8(1);
  __m128i col_low = zero, col_high = zero, box_low = zero, box_high = zero;
  __m128i repeats = zero;  // columns' and boxes' repeated bits
  uint64_t row_faults = 0;
  const __m128i box_bytes =
      _mm_setr_epi8(-1, 0, 0, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
#pragma GCC unroll 9
  for (int r = 0; r < 9; ++r) {
    const __m128i digits = _mm_min_epu8(LoadRow(grid, r), _mm_set1_epi8(10));
    const __m128i low = LowPlane(digits), high = HighPlane(digits);
    repeats = _mm_or_si128(
        repeats, _mm_or_si128(_mm_and_si128(col_low, low),
                              _mm_and_si128(col_high, high)));
    col_low = _mm_or_si128(col_low, low);
    col_high = _mm_or_si128(col_high, high);
    if (r % 3 == 0) box_low = box_high = zero;
    // A box's three cells in the row ORed (bytes 0, 3 and 6).
    const __m128i in_box_low = _mm_and_si128(BoxColumns(low), box_bytes);
    const __m128i in_box_high = _mm_and_si128(BoxColumns(high), box_bytes);
    repeats = _mm_or_si128(
        repeats, _mm_or_si128(_mm_and_si128(box_low, in_box_low),
                              _mm_and_si128(box_high, in_box_high)));
    box_low = _mm_or_si128(box_low, in_box_low);
    box_high = _mm_or_si128(box_high, in_box_high);
    // Cells 0..7 summed in the low quadword, cell 8 in the high one; the
    // digit count (each digit cell as 1) likewise, 16 bits up.
    const __m128i sums = _mm_add_epi64(
        _mm_sad_epu8(low, zero), _mm_slli_epi64(_mm_sad_epu8(high, zero), 8));
    const __m128i counts =
        _mm_sad_epu8(_mm_min_epu8(_mm_or_si128(low, high), ones), zero);
    const __m128i both = _mm_or_si128(sums, _mm_slli_epi64(counts, 16));
    const uint64_t v = static_cast<uint64_t>(
        _mm_cvtsi128_si64(_mm_add_epi64(both, _mm_unpackhi_epi64(both, both))));
    row_faults |= static_cast<uint64_t>(__builtin_popcountll(v & 0xFFFF)) ^
                  (v >> 16);
    asm("" : "+x"(col_low), "+x"(col_high), "+x"(box_low), "+x"(box_high),
        "+x"(repeats));
  }
  return row_faults != 0 ||
         _mm_movemask_epi8(_mm_cmpeq_epi8(repeats, zero)) != 0xFFFF;
}

__attribute__((target("ssse3"))) bool HasConflictSsse3(const Grid& grid) {
  return HasConflictVector(grid);
}

__attribute__((target("avx2"))) bool HasConflictAvx2(const Grid& grid) {
  return HasConflictVector(grid);
}
#endif

// The build IsSolution and FindConflict run: the best this CPU has.
AnswerCheck BestCheck() {
  static const AnswerCheck best = AnswerChecksHere().back();
  return best;
}

}  // namespace

bool HasConflictBy(AnswerCheck check, const Grid& grid) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (check == AnswerCheck::kAvx2) return HasConflictAvx2(grid);
  if (check == AnswerCheck::kSsse3) return HasConflictSsse3(grid);
#endif
  (void)check;
  return HasConflictPortable(grid);
}

std::optional<Conflict> FindConflict(const Grid& grid) {
  if (!HasConflictBy(BestCheck(), grid)) return std::nullopt;
  // Where each digit was first seen in each unit, plus one (0: not seen).
  std::array<std::array<int, 10>, 9> row_seen{}, col_seen{}, box_seen{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int digit = grid[cell];
    if (digit == 0) continue;
    const int r = RowOf(cell), c = ColOf(cell), b = BoxOf(cell);
    const struct {
      Unit unit;
      int index;
      int& seen;
    } units[] = {{Unit::kRow, r, row_seen[r][digit]},
                 {Unit::kColumn, c, col_seen[c][digit]},
                 {Unit::kBox, b, box_seen[b][digit]}};
    for (const auto& u : units) {
      if (u.seen != 0)
        return Conflict{digit, u.unit, u.index, u.seen - 1, cell};
    }
    for (const auto& u : units) u.seen = cell + 1;
  }
  return std::nullopt;
}

std::string DescribeConflict(const Conflict& conflict) {
  return "digit " + std::to_string(conflict.digit) + " twice in " +
         std::string(UnitName(conflict.unit)) + " " +
         std::to_string(conflict.unit_index + 1) + " (" +
         CellName(conflict.first_cell) + " and " +
         CellName(conflict.second_cell) + ")";
}

namespace {

// Branch-free, so it vectorizes.
bool IsSolutionPortable(const Grid& givens, const Grid& candidate) {
  uint8_t suspect = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t c = candidate[cell], g = givens[cell];
    suspect |= static_cast<uint8_t>((static_cast<uint8_t>(c - 1) > 8) |
                                    ((g != 0) & (g != c)));
  }
  return !suspect && EveryUnitComplete(candidate);
}

}  // namespace

std::string_view AnswerCheckName(AnswerCheck check) {
  switch (check) {
    case AnswerCheck::kPortable:
      return "portable";
    case AnswerCheck::kSsse3:
      return "ssse3";
    case AnswerCheck::kAvx2:
      return "avx2";
  }
  return "unknown";
}

std::vector<AnswerCheck> AnswerChecksHere() {
  std::vector<AnswerCheck> checks = {AnswerCheck::kPortable};
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("ssse3")) checks.push_back(AnswerCheck::kSsse3);
  if (__builtin_cpu_supports("avx2")) checks.push_back(AnswerCheck::kAvx2);
#endif
  return checks;
}

bool IsSolutionBy(AnswerCheck check, const Grid& givens,
                  const Grid& candidate) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (check == AnswerCheck::kAvx2) return IsSolutionAvx2(givens, candidate);
  if (check == AnswerCheck::kSsse3) return IsSolutionSsse3(givens, candidate);
#endif
  return IsSolutionPortable(givens, candidate);
}

// Every answer of every strategy passes here.
bool IsSolution(const Grid& givens, const Grid& candidate) {
  return IsSolutionBy(BestCheck(), givens, candidate);
}

std::optional<std::string> CheckSolution(const Grid& givens,
                                         const Grid& candidate) {
  if (IsSolution(givens, candidate)) return std::nullopt;
  // Something is wrong: find the first fault and say what it is.
  for (int cell = 0; cell < kCells; ++cell) {
    if (candidate[cell] < 1 || candidate[cell] > 9) {
      return "cell " + CellName(cell) + " is empty";
    }
    if (givens[cell] != 0 && givens[cell] != candidate[cell]) {
      return "cell " + CellName(cell) + " changes given " +
             std::to_string(givens[cell]) + " to " +
             std::to_string(candidate[cell]);
    }
  }
  if (auto conflict = FindConflict(candidate)) {
    return DescribeConflict(*conflict);
  }
  return std::nullopt;
}

}  // namespace sudoku
