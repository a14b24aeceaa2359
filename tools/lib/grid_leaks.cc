// Leaks by kind: the same puzzle from puzzle groups, the same solution grid
// and clue subsets from groups of rows on one canonical solution grid.
#include "tools/lib/grid_leaks.h"

#include <algorithm>
#include <utility>

namespace sudoku {
namespace {

constexpr uint64_t kNoPosition = ~uint64_t{0};

// The least image of `clues` under the maps: equal for two clue sets
// exactly when one map carries one onto the other.
CellSet LeastImage(const CellSet& clues, const std::vector<CellMap>& maps) {
  CellSet least = clues;
  if (maps.size() <= 1) return least;  // the identity alone
  for (const CellMap& map : maps) least = std::min(least, MapCells(clues, map));
  return least;
}

// The (c) kind between a row's clue images and a partner's clues, or
// kSameGrid for neither. Equal sets never come here (they are the same
// puzzle), so a subset is a proper one.
inline LeakKind SubsetKind(const std::vector<CellSet>& images,
                           const CellSet& partner) {
  LeakKind kind = LeakKind::kSameGrid;
  for (const CellSet& image : images) {
    if (partner.SubsetOf(image)) return LeakKind::kMoreClues;
    if (image.SubsetOf(partner)) kind = LeakKind::kFewerClues;
  }
  return kind;
}

}  // namespace

std::string_view LeakKindName(LeakKind kind) {
  switch (kind) {
    case LeakKind::kSameText:
      return "same text";
    case LeakKind::kSamePuzzle:
      return "same puzzle";
    case LeakKind::kMoreClues:
      return "more clues";
    case LeakKind::kFewerClues:
      return "fewer clues";
    case LeakKind::kSameGrid:
      return "same grid";
  }
  return "?";
}

void PuzzleGroupLeaks(const std::vector<GroupMember>& members,
                      const LeakScope& scope, std::vector<Leak>& out) {
  if (members.size() < 2) return;
  uint64_t first = kNoPosition;
  for (const GroupMember& member : members) {
    first = std::min(first, member.position);
  }
  for (size_t begin = 0; begin < members.size();) {
    // One spelling's rows, in position order: its first is the partner of
    // the same text for every later one.
    size_t end = begin;
    while (end < members.size() &&
           members[end].spelling == members[begin].spelling) {
      ++end;
    }
    const uint64_t same_text = members[begin].position;
    for (size_t i = begin; i < end; ++i) {
      const uint64_t row = members[i].position;
      if (!scope.Reports(row)) continue;
      const uint64_t before = scope.PartnersOf(row);
      if (same_text < before) {
        out.push_back({row, LeakKind::kSameText, same_text});
      } else if (first < before) {
        out.push_back({row, LeakKind::kSamePuzzle, first});
      }
    }
    begin = end;
  }
}

void SolutionGroupLeaks(const std::vector<SolutionMember>& members,
                        const std::vector<CellMap>& automorphisms,
                        const LeakScope& scope, std::vector<Leak>& out) {
  if (members.size() < 2) return;
  // Equal clues up to the automorphisms: equal least images. Sorted by
  // least image, then position, so that each row's first equal is found by
  // a binary search.
  std::vector<std::pair<CellSet, uint64_t>> least;
  least.reserve(members.size());
  for (const SolutionMember& member : members) {
    least.emplace_back(LeastImage(member.clues, automorphisms),
                       member.position);
  }
  std::vector<std::pair<CellSet, uint64_t>> sorted = least;
  std::sort(sorted.begin(), sorted.end());
  std::vector<CellSet> images;
  for (size_t i = 0; i < members.size(); ++i) {
    const uint64_t row = members[i].position;
    if (!scope.Reports(row)) continue;
    const uint64_t before = scope.PartnersOf(row);
    if (members[0].position >= before) continue;  // no partner at all
    const auto equal =
        std::lower_bound(sorted.begin(), sorted.end(),
                         std::make_pair(least[i].first, uint64_t{0}));
    if (equal->first == least[i].first && equal->second < before) {
      out.push_back({row, LeakKind::kSamePuzzle, equal->second});
      continue;
    }
    images.assign(1, members[i].clues);
    if (automorphisms.size() > 1) {
      images.clear();
      for (const CellMap& map : automorphisms) {
        images.push_back(MapCells(members[i].clues, map));
      }
    }
    Leak leak{row, LeakKind::kSameGrid, members[0].position};
    for (size_t j = 0; j < members.size() && members[j].position < before;
         ++j) {
      const LeakKind kind = SubsetKind(images, members[j].clues);
      if (kind < leak.kind) {
        leak.kind = kind;
        leak.partner = members[j].position;
        if (kind == LeakKind::kMoreClues) break;
      }
    }
    out.push_back(leak);
  }
}

SolutionCounts SolutionGroups::Finish(
    const LeakScope& scope, const std::function<void(const Leak&)>& on_leak) {
  SolutionCounts counts;
  std::vector<SolutionMember> members;
  std::vector<Leak> leaks;
  SolutionKey key;
  auto flush = [&] {
    if (members.empty()) return;
    ++counts.grids;
    counts.rows += members.size();
    if (members.size() > 1) {
      counts.shared += members.size();
    }
    // Members are in position order: the last is reported if any is, and
    // has the most partners.
    const uint64_t last = members.back().position;
    if (members.size() > 1 && scope.Reports(last) &&
        members.front().position < scope.PartnersOf(last)) {
      leaks.clear();
      SolutionGroupLeaks(members, AutomorphismsOf(key), scope, leaks);
      for (const Leak& leak : leaks) on_leak(leak);
    }
    members.clear();
  };
  records_.Drain([&](const SolutionRecord& record) {
    if (!members.empty() && record.grid != key) flush();
    key = record.grid;
    members.push_back({record.position, record.clues});
  });
  flush();
  return counts;
}

std::array<uint64_t, kLeakKinds> LeakCollector::Drain(
    const std::function<void(const Leak&)>& on_row) {
  std::array<uint64_t, kLeakKinds> by_kind{};
  bool any = false;
  uint64_t last_row = 0;
  leaks_.Drain([&](const Leak& leak) {
    if (any && leak.row == last_row) return;
    any = true;
    last_row = leak.row;
    ++by_kind[static_cast<size_t>(leak.kind)];
    on_row(leak);
  });
  return by_kind;
}

}  // namespace sudoku
