// A set of leak kinds named on a command line (--kinds same-text,more-clues):
// which leaks count toward a gate and which rows corpus clean drops.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tools/lib/grid_leaks.h"

namespace sudoku {

class LeakKindSet {
 public:
  // Every kind.
  LeakKindSet() = default;
  static LeakKindSet None() { return LeakKindSet(0); }

  // "same-text,same-puzzle": LeakKindName's names with '-' for ' ' (a space
  // is accepted too), comma-separated; "all" and "none" as themselves.
  // std::nullopt, with `error` saying which name is unknown, otherwise.
  static std::optional<LeakKindSet> Parse(std::string_view list,
                                          std::string& error);

  bool Has(LeakKind kind) const { return bits_ >> static_cast<int>(kind) & 1; }
  bool All() const { return bits_ == kAll; }

  // The set with every kind stronger (earlier in LeakKind's order) than one
  // of its own: a row is reported with its strongest kind only, so a set
  // closed this way is what a cleaner drops to leave none of its kinds.
  LeakKindSet AndStronger() const;

  // The names as Parse reads them, comma-separated ("none" when empty).
  std::string Text() const;

 private:
  static constexpr uint8_t kAll = (1u << kLeakKinds) - 1;
  explicit LeakKindSet(uint8_t bits) : bits_(bits) {}
  uint8_t bits_ = kAll;
};

// Every kind's command-line name, for --help: "same-text, same-puzzle, ...".
std::string LeakKindChoices();

}  // namespace sudoku
