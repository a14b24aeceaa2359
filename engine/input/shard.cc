// The K/N split rule of `bench --shard`: parsing and byte ranges.
#include "engine/input/shard.h"

#include <charconv>
#include <limits>

namespace sudoku {
namespace {

// floor(size * part / count) without overflowing 64 bits: with size =
// q * count + r, it is q * part + floor(r * part / count), part <= count.
uint64_t Cut(uint64_t size, uint32_t part, uint32_t count) {
  const uint64_t q = size / count, r = size % count;
  return q * part + r * part / count;
}

std::optional<uint32_t> Number(std::string_view text) {
  uint32_t value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() ||
      text.empty()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

uint64_t Shard::Begin(uint64_t size) const {
  return Cut(size, index - 1, count);
}

uint64_t Shard::End(uint64_t size) const {
  // The last part also takes a compressed file's lines decoded after the
  // decoder read its last byte.
  return index == count ? std::numeric_limits<uint64_t>::max()
                        : Cut(size, index, count);
}

std::string Shard::Name() const {
  return std::to_string(index) + "/" + std::to_string(count);
}

std::optional<Shard> ParseShard(std::string_view text, std::string& error) {
  const size_t slash = text.find('/');
  const auto index = slash == std::string_view::npos
                         ? std::nullopt
                         : Number(text.substr(0, slash));
  const auto count = slash == std::string_view::npos
                         ? std::nullopt
                         : Number(text.substr(slash + 1));
  if (!index || !count) {
    error = "--shard takes K/N, part K of N counted from 1 (got '" +
            std::string(text) + "')";
    return std::nullopt;
  }
  if (*count == 0 || *index == 0 || *index > *count) {
    error = "--shard " + std::string(text) + ": K must be 1.." +
            (*count == 0 ? std::string("N and N at least 1")
                         : std::to_string(*count));
    return std::nullopt;
  }
  return Shard{*index, *count};
}

}  // namespace sudoku
