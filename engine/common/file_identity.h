// Whether two paths name one file, and which file the running program is: a run's outputs compared with its inputs and
// with each other before anything is opened for writing.
#pragma once

#include <optional>
#include <span>
#include <string>

namespace sudoku {

// A path as the command line gave it, and what gave it: an option
// ("--csv"), or a positional argument's role ("the dataset").
struct NamedPath {
  std::string what;
  std::string path;
};

// An output that would write over an input or over another output.
struct PathClash {
  NamedPath output;
  NamedPath other;
  bool other_is_input = false;
};

// The first output in `outputs` that names the same file as an input, or as
// an output before it. Files that exist are compared by device and inode
// (so a hard link, a symbolic link or "./x" is caught); a path not yet made
// is compared by its absolute, normalised form. "-" (standard input or
// output) and character devices such as /dev/null never clash: many outputs
// may go there.
std::optional<PathClash> FindPathClash(std::span<const NamedPath> inputs,
                                       std::span<const NamedPath> outputs);

// "--csv x.csv names the same file as the dataset x.csv": the reason a run
// is refused (exit 2, before anything is written), naming both.
std::string DescribeClash(const PathClash& clash);

// The path of the running program (/proc/self/exe); "bench" when the kernel
// does not say: the command a child runs to call this program back.
std::string ThisProgram();

}  // namespace sudoku
