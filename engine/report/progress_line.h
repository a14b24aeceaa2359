// The one progress line a long run shows on a terminal's standard error
// (bench, every corpus subcommand): lines, rate, time, and how far through
// an input of known size, rewritten in place at most four times a second.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace sudoku {

class ProgressLine {
 public:
  // Shows nothing unless `show` (StandardErrorIsTerminal, or --progress).
  ProgressLine(std::ostream& err, bool show) : err_(err), show_(show) {}

  // A new input: its first second shows nothing, as the first input's.
  void Restart() { last_ = -1; }

  // `lines` of `what` done in `elapsed` seconds, `raw_bytes` of its
  // `raw_size` (unknown for a pipe) read.
  void Show(const std::string& what, uint64_t lines, uint64_t raw_bytes,
            std::optional<uint64_t> raw_size, double elapsed);

  // Erases the line, if shown, before other text goes to the terminal.
  void Clear();

 private:
  std::ostream& err_;
  bool show_;
  bool shown_ = false;
  double last_ = -1;
};

// Whether standard error is a terminal: a progress line is for a person.
bool StandardErrorIsTerminal();

}  // namespace sudoku
