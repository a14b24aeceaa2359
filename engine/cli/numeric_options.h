// The range of every numeric option, checked on the text before CLI11
// converts it ("-5" would wrap to 18446744073709551611 in an unsigned, and
// "nan" passes every comparison), and said in words in its errors.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <string>

namespace sudoku {

// The name of the validator WholeNumbers and Numbers give an option (and
// AddThreadsOption's): a numeric option without it has no checked range,
// which the options test (tests/engine/cli/numeric_options_test.cc) looks
// for in every program's App.
inline constexpr const char* kRangeValidator = "range";

// No upper bound but the type's: a range says "N or more".
inline constexpr uint64_t kNoMax = std::numeric_limits<uint64_t>::max();

// What a command line gave, quoted, and cut short: a 300-digit value is not
// echoed whole ("'99999...' (300 characters)").
std::string Quoted(const std::string& text);

// `n` as a person reads it in a range: digits below 10,000; else 2^k from
// 2^16 and 10^k from 10^6 when it is one; else digits in groups of three
// ("100,000").
std::string NumberWords(uint64_t n);

// "A to B"; "A or B" when they are next to each other; "A or more" when
// `max` is kNoMax.
std::string WholeRangeWords(int64_t min, uint64_t max);

// For `->transform()` on a whole-number option: decimal whole numbers from
// `min` to `max` and nothing else. A sign on an unsigned option, hex, octal,
// fractions and overflow are refused before CLI11 converts ("PROGRAM:
// --option: -5 is out of range (0 to 10^12)", "'x' is not a number (1 or
// more)"); the text is rewritten without leading zeros, which CLI11 would
// read as octal. The bound variable must hold `max` (kNoMax: its type's
// largest value, given as `max`).
CLI::Validator WholeNumbers(int64_t min, uint64_t max);

// For `->transform()` on a floating-point option: finite numbers from `min`
// (over `min` when `above_min`) to `max`; nan, inf and what is out of range
// are refused, the range said as "more than 0, up to 10^6" or "0 to 100".
CLI::Validator Numbers(double min, double max, bool above_min = false);

}  // namespace sudoku
