// A program's output files, checked against its inputs and against each
// other and opened in one place, and their writes checked at the end.
#pragma once

#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/common/file_identity.h"

namespace sudoku {

// Where a program writes: each output is a file, or standard output when
// its path is empty or "-". Nothing is opened for writing before every
// output has been checked, so an output on an input's path is refused (exit
// 2, naming both) before the input is touched; and a write that fails (a
// full disk, /dev/full, a closed pipe) is said, never passed over.
class OutputFiles {
 public:
  // `program` opens every message ("gen", "corpus dupes").
  OutputFiles(std::string program, std::ostream& standard_output,
              std::ostream& err);
  ~OutputFiles();
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;

  // Checks each output against the inputs and the outputs before it
  // (FindPathClash), then opens them in order. Returns false, having said
  // why on err, when one clashes (then none is opened) or cannot be opened.
  bool Open(const std::vector<NamedPath>& inputs,
            const std::vector<NamedPath>& outputs);

  // The i-th output's stream, in the order Open was given.
  std::ostream& operator[](size_t i) const { return *streams_[i]; }

  // Whether every output has taken every write so far: a long run stops
  // writing once it is false.
  bool Good() const;

  // Flushes every output. Returns false, having said on err which output
  // could not be written and why (once per output), when one failed.
  bool Close();

 private:
  const std::string program_;
  std::ostream& standard_output_;
  std::ostream& err_;
  std::vector<NamedPath> outputs_;
  std::vector<std::unique_ptr<std::ofstream>> files_;
  std::vector<std::ostream*> streams_;
  std::set<size_t> failed_;  // already said
};

}  // namespace sudoku
