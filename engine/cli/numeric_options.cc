// The range of every numeric option, checked on its text.
#include "engine/cli/numeric_options.h"

#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sudoku {

std::string Quoted(const std::string& text) {
  constexpr size_t kShown = 24;
  if (text.size() <= kShown) return "'" + text + "'";
  return "'" + text.substr(0, kShown) + "...' (" +
         std::to_string(text.size()) + " characters)";
}

namespace {

bool LooksNumeric(const std::string& text) {
  return text.find_first_of("0123456789") != std::string::npos &&
         text.find_first_not_of("0123456789+-.eE") == std::string::npos;
}

// `x` in words: whole values as NumberWords says them, others as %g does.
std::string DoubleWords(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1.8e19) {
    const std::string digits = NumberWords(static_cast<uint64_t>(std::fabs(x)));
    return (x < 0 ? "-" : "") + digits;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

std::string NumberRangeWords(double min, double max, bool above_min) {
  const bool open = max == std::numeric_limits<double>::max();
  if (above_min) {
    return "more than " + DoubleWords(min) +
           (open ? "" : ", up to " + DoubleWords(max));
  }
  return DoubleWords(min) + (open ? " or more" : " to " + DoubleWords(max));
}

}  // namespace

std::string NumberWords(uint64_t n) {
  const std::string digits = std::to_string(n);
  if (n < 10'000) return digits;
  const int twos = std::countr_zero(n);
  if ((n & (n - 1)) == 0 && twos >= 16) return "2^" + std::to_string(twos);
  if (digits.size() > 6 && digits[0] == '1' &&
      digits.find_first_not_of('0', 1) == std::string::npos) {
    return "10^" + std::to_string(digits.size() - 1);
  }
  std::string grouped;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

std::string WholeRangeWords(int64_t min, uint64_t max) {
  const std::string low =
      min < 0 ? "-" + NumberWords(0 - static_cast<uint64_t>(min))
              : NumberWords(static_cast<uint64_t>(min));
  if (max == kNoMax) return low + " or more";
  const bool two = min >= 0 && max == static_cast<uint64_t>(min) + 1;
  return low + (two ? " or " : " to ") + NumberWords(max);
}

CLI::Validator WholeNumbers(int64_t min, uint64_t max) {
  const std::string words = WholeRangeWords(min, max);
  return CLI::Validator(
      [min, max, words](std::string& text) -> std::string {
        const bool negative = text.starts_with('-');
        const char* first = text.data() + (negative ? 1 : 0);
        const char* last = text.data() + text.size();
        uint64_t magnitude = 0;
        const auto [end, error] = std::from_chars(first, last, magnitude);
        if (first == last || !std::isdigit(static_cast<unsigned char>(*first)) ||
            end != last || (error != std::errc() &&
                            error != std::errc::result_out_of_range)) {
          return Quoted(text) + " is not " +
                 (LooksNumeric(text) ? "a whole number" : "a number") + " (" +
                 words + ")";
        }
        const bool over = error == std::errc::result_out_of_range;
        const bool low =
            negative ? min >= 0 || over ||
                           magnitude > 0 - static_cast<uint64_t>(min)
                     : min > 0 && magnitude < static_cast<uint64_t>(min);
        if (over || low || (!negative && magnitude > max)) {
          return (text.size() > 24 ? Quoted(text) : text) +
                 " is out of range (" + words + ")";
        }
        // Decimal, without leading zeros: CLI11 would read "010" as octal.
        text = (negative && magnitude != 0 ? "-" : "") +
               std::to_string(magnitude);
        return {};
      },
      "", kRangeValidator);
}

CLI::Validator Numbers(double min, double max, bool above_min) {
  const std::string words = NumberRangeWords(min, max, above_min);
  return CLI::Validator(
      [min, max, above_min, words](std::string& text) -> std::string {
        double x = 0;
        const char* last = text.data() + text.size();
        const auto [end, error] = std::from_chars(text.data(), last, x);
        if (text.empty() || end != last || error != std::errc() ||
            !std::isfinite(x)) {
          return Quoted(text) + " is not a number (" + words + ")";
        }
        if (x < min || (above_min && x == min) || x > max) {
          return (text.size() > 24 ? Quoted(text) : text) +
                 " is out of range (" + words + ")";
        }
        return {};
      },
      "", kRangeValidator);
}

}  // namespace sudoku
