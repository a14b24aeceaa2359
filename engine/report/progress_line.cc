// The progress line: one format for bench and the corpus tool.
#include "engine/report/progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "engine/common/text_format.h"

namespace sudoku {

void ProgressLine::Show(const std::string& what, uint64_t lines,
                        uint64_t raw_bytes, std::optional<uint64_t> raw_size,
                        double elapsed) {
  if (!show_ || elapsed < 1.0 || elapsed - last_ < 0.25) return;
  last_ = elapsed;
  char text[256];
  const double rate = lines / elapsed;
  int n = std::snprintf(text, sizeof(text), "\r%s: %s lines, %s/s, %.1f s",
                        what.c_str(), Grouped(lines).c_str(),
                        Grouped(static_cast<uint64_t>(rate)).c_str(), elapsed);
  if (raw_size && *raw_size > 0 && raw_bytes > 0 && n > 0 &&
      n < static_cast<int>(sizeof(text))) {
    const double done = static_cast<double>(raw_bytes) / *raw_size;
    std::snprintf(text + n, sizeof(text) - n, ", %.0f%%, ~%.0f s left",
                  100.0 * done, elapsed * (1.0 - done) / std::max(done, 1e-9));
  }
  err_ << text << "\x1b[K" << std::flush;
  shown_ = true;
}

void ProgressLine::Clear() {
  if (shown_) err_ << "\r\x1b[K" << std::flush;
  shown_ = false;
}

bool StandardErrorIsTerminal() { return isatty(STDERR_FILENO) != 0; }

}  // namespace sudoku
