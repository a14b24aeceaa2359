// Rows grouped by puzzle up to symmetry, and the lines corpus dupes and leak
// print from the groups.
#include "tools/lib/corpus_groups.h"

#include <string>

namespace sudoku {
namespace {

// A row of a printed duplicate group, sorted so that groups come in the
// order of their first rows and each spelling's rows come together.
struct MemberLine {
  uint64_t group_first = 0;     // the group's first row
  uint64_t spelling_first = 0;  // the first row of this row's spelling
  uint64_t position = 0;
  uint32_t rows = 0;  // in the group
  uint32_t spellings = 0;
  auto operator<=>(const MemberLine&) const = default;
};

// A leaked test row, sorted by its position.
struct LeakLine {
  uint64_t test = 0;
  uint64_t train = 0;  // the training row named
  uint64_t exact = 0;  // 1: same text
  auto operator<=>(const LeakLine&) const = default;
};

// The first position of each spelling run of a group (members are sorted by
// spelling, then position), per member.
std::vector<uint64_t> SpellingFirsts(const std::vector<GroupMember>& members) {
  std::vector<uint64_t> firsts(members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    const bool starts =
        i == 0 || members[i].spelling != members[i - 1].spelling;
    firsts[i] = starts ? members[i].position : firsts[i - 1];
  }
  return firsts;
}

}  // namespace

DuplicateCounts PuzzleGroups::Finish(
    const std::function<void(const std::vector<GroupMember>&)>& on_group) {
  DuplicateCounts counts;
  std::vector<GroupMember> members;
  GridKey key;
  auto flush = [&] {
    if (members.empty()) return;
    ++counts.distinct;
    counts.rows += members.size();
    for (size_t i = 0; i < members.size(); ++i) {
      counts.spellings +=
          i == 0 || members[i].spelling != members[i - 1].spelling;
    }
    if (members.size() > 1) {
      ++counts.groups;
      counts.grouped += members.size();
    }
    on_group(members);
    members.clear();
  };
  keys_.Drain([&](const KeyRecord& record) {
    if (!members.empty() && record.key != key) flush();
    key = record.key;
    members.push_back({record.spelling, record.position});
  });
  flush();
  return counts;
}

DuplicateCounts WriteDuplicateGroups(PuzzleGroups& groups,
                                     const std::vector<std::string>& paths,
                                     size_t memory_bytes,
                                     const std::string& temp_dir,
                                     std::ostream& out) {
  SpillSorter<MemberLine> lines(memory_bytes, temp_dir);
  const DuplicateCounts counts =
      groups.Finish([&](const std::vector<GroupMember>& members) {
        if (members.size() < 2) return;
        const std::vector<uint64_t> firsts = SpellingFirsts(members);
        uint64_t group_first = members[0].position;
        uint32_t spellings = 0;
        for (size_t i = 0; i < members.size(); ++i) {
          group_first = std::min(group_first, members[i].position);
          spellings += i == 0 || firsts[i] != firsts[i - 1];
        }
        for (size_t i = 0; i < members.size(); ++i) {
          lines.Add({group_first, firsts[i], members[i].position,
                     static_cast<uint32_t>(members.size()), spellings});
        }
      });
  std::string line;
  MemberLine previous;
  bool open = false;
  lines.Drain([&](const MemberLine& member) {
    if (!open || member.group_first != previous.group_first) {
      if (open) out << line << '\n';
      line = std::to_string(member.rows) + " rows, " +
             std::to_string(member.spellings) +
             (member.spellings == 1 ? " spelling: " : " spellings: ");
      open = true;
    } else {
      line += member.spelling_first == previous.spelling_first ? " = " : " ~ ";
    }
    line += Where(paths, member.position);
    previous = member;
  });
  if (open) out << line << '\n';
  return counts;
}

LeakCounts WriteLeaks(PuzzleGroups& groups, size_t train_files,
                      const std::vector<std::string>& paths,
                      size_t memory_bytes, const std::string& temp_dir,
                      std::ostream& out) {
  SpillSorter<LeakLine> lines(memory_bytes, temp_dir);
  LeakCounts counts;
  auto is_train = [&](uint64_t position) {
    return PositionFile(position) < train_files;
  };
  groups.Finish([&](const std::vector<GroupMember>& members) {
    // The first training row of the puzzle, and of each spelling.
    uint64_t first_train = ~uint64_t{0};
    for (const GroupMember& member : members) {
      if (is_train(member.position)) {
        ++counts.train_rows;
        first_train = std::min(first_train, member.position);
      } else {
        ++counts.test_rows;
      }
    }
    if (first_train == ~uint64_t{0}) return;
    bool any = false;
    for (size_t begin = 0; begin < members.size();) {
      // One spelling's rows, in position order: its first training row is
      // the one to name to its test rows.
      size_t end = begin;
      uint64_t same_text = ~uint64_t{0};
      while (end < members.size() &&
             members[end].spelling == members[begin].spelling) {
        if (is_train(members[end].position)) {
          same_text = std::min(same_text, members[end].position);
        }
        ++end;
      }
      const bool exact = same_text != ~uint64_t{0};
      for (size_t i = begin; i < end; ++i) {
        if (is_train(members[i].position)) continue;
        lines.Add({members[i].position, exact ? same_text : first_train,
                   exact ? 1u : 0u});
        ++counts.leaked;
        counts.exact += exact;
        any = true;
      }
      begin = end;
    }
    counts.puzzles += any;
  });
  lines.Drain([&](const LeakLine& leak) {
    out << Where(paths, leak.test) << (leak.exact ? " = " : " ~ ")
        << Where(paths, leak.train) << '\n';
  });
  return counts;
}

}  // namespace sudoku
