// A plugin's prints kept out of bench's data: what bench writes to standard
// output (`--csv -`, the console table) goes through a descriptor of its
// own, and descriptor 1, which a plugin's printf reaches, goes to standard
// error.
#pragma once

namespace sudoku {

// From here on std::cout writes to a private copy of standard output (a
// close-on-exec descriptor no plugin is told of, which no --exec process
// inherits), and descriptor 1 is standard error's: a plugin's printf, puts
// or write(1, ...) shows as a diagnostic beside bench's own instead of
// splicing into a report piped to another program. Call once, before any
// plugin is loaded; std::cout's buffer is flushed at exit as before. Does
// nothing when standard output is closed.
void ShieldStdout();

}  // namespace sudoku
