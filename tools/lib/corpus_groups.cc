// Rows grouped by puzzle up to symmetry, and the lines corpus dupes --groups
// prints from the groups.
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

DuplicateCounts WriteDuplicateGroups(
    PuzzleGroups& groups, const std::vector<std::string>& paths,
    size_t memory_bytes, const std::string& temp_dir, std::ostream& out,
    const std::function<void(const std::vector<GroupMember>&)>& also) {
  SpillSorter<MemberLine> lines(memory_bytes, temp_dir);
  const DuplicateCounts counts =
      groups.Finish([&](const std::vector<GroupMember>& members) {
        if (also) also(members);
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

}  // namespace sudoku
