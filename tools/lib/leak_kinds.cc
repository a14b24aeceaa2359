// Leak kinds named on a command line, parsed once for dupes, leak and clean.
#include "tools/lib/leak_kinds.h"

#include <algorithm>

namespace sudoku {
namespace {

std::string CommandLineName(LeakKind kind) {
  std::string name(LeakKindName(kind));
  std::replace(name.begin(), name.end(), ' ', '-');
  return name;
}

std::string_view Trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<LeakKindSet> LeakKindSet::Parse(std::string_view list,
                                              std::string& error) {
  if (Trimmed(list) == "all") return LeakKindSet();
  if (Trimmed(list) == "none") return None();
  uint8_t bits = 0;
  while (true) {
    const size_t comma = list.find(',');
    std::string name(Trimmed(list.substr(0, comma)));
    std::replace(name.begin(), name.end(), ' ', '-');
    bool known = false;
    for (int kind = 0; kind < kLeakKinds; ++kind) {
      if (name == CommandLineName(static_cast<LeakKind>(kind))) {
        bits |= 1u << kind;
        known = true;
      }
    }
    if (!known) {
      error = "unknown kind '" + name + "' (kinds: " + LeakKindChoices() +
              ", or all, or none)";
      return std::nullopt;
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return LeakKindSet(bits);
}

LeakKindSet LeakKindSet::AndStronger() const {
  if (bits_ == 0) return *this;
  // Every bit from kind 0 up to the set's weakest kind.
  int weakest = kLeakKinds - 1;
  while (!(bits_ >> weakest & 1)) --weakest;
  return LeakKindSet(static_cast<uint8_t>((2u << weakest) - 1));
}

std::string LeakKindSet::Text() const {
  std::string text;
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    if (!Has(static_cast<LeakKind>(kind))) continue;
    if (!text.empty()) text += ',';
    text += CommandLineName(static_cast<LeakKind>(kind));
  }
  return text.empty() ? "none" : text;
}

std::string LeakKindChoices() {
  std::string text;
  for (int kind = 0; kind < kLeakKinds; ++kind) {
    if (kind > 0) text += ", ";
    text += CommandLineName(static_cast<LeakKind>(kind));
  }
  return text;
}

}  // namespace sudoku
