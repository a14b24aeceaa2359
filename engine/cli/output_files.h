// A program's output files, checked against its inputs and against each
// other and opened in one place, each through the one writer, and made
// whole (or left as they were) at the end.
#pragma once

#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/common/atomic_output.h"
#include "engine/common/file_identity.h"

namespace sudoku {

// Where a program writes: each output is a file, or standard output when
// its path is empty (the option not given) or "-". Nothing is opened for
// writing before every output has been checked, so an output on an input's
// path is refused (exit 2, naming both) before the input is touched. Each
// file is an AtomicOutput (engine/common/atomic_output.h): its target is
// replaced at Close only, when every output took every write; a write that
// fails (a full disk, a file-size limit, /dev/full, a closed pipe) is said,
// never passed over, and then no target is replaced.
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
  // why on err, when one clashes (then none is opened) or cannot be opened
  // (then none is kept, and no target changed).
  // The outputs whose indexes are in `appended` start from their target's
  // bytes (a --markdown summary), and are still replaced whole.
  bool Open(const std::vector<NamedPath>& inputs,
            const std::vector<NamedPath>& outputs,
            const std::set<size_t>& appended = {});

  // The i-th output's stream, in the order Open was given.
  std::ostream& operator[](size_t i) const { return *streams_[i]; }

  // Whether every output has taken every write so far: a long run stops
  // writing once it is false.
  bool Good() const;

  // Flushes every output and, when all took every write, replaces each
  // target. Returns false, having said on err which output could not be
  // written and why (once per output), when one failed.
  bool Close();

 private:
  // Says, once for output `i`, that writing it failed.
  void SayFailed(size_t i, const std::string& why);

  const std::string program_;
  std::ostream& standard_output_;
  std::ostream& err_;
  std::vector<NamedPath> outputs_;
  std::vector<std::unique_ptr<AtomicOutput>> files_;  // null: standard output
  std::vector<std::ostream*> streams_;
  std::set<size_t> failed_;  // already said
  bool closed_ = false;
};

}  // namespace sudoku
