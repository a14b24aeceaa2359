// The shield: std::cout on a private duplicate of standard output, and
// descriptor 1 pointed at standard error.
#include "bench/run/stdout_shield.h"

#include <ext/stdio_filebuf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace sudoku {

void ShieldStdout() {
  std::cout.flush();
  std::fflush(stdout);
  // Above the standard three, close-on-exec: neither a plugin (which only
  // knows descriptor 1) nor a child process finds it.
  const int data = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (data < 0) return;
  // Never destroyed: std::cout is flushed through it at exit, after every
  // static object of this program is gone. libstdc++'s buffer on a
  // descriptor, as stdio's own buffering of standard output did before.
  static auto* const buffer =
      new __gnu_cxx::stdio_filebuf<char>(data, std::ios::out, 1 << 16);
  std::cout.rdbuf(buffer);
  // A person watching: each output shows at once, as a terminal's line
  // buffering showed it.
  if (isatty(data)) std::cout.setf(std::ios::unitbuf);
  if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    // Standard error is closed: descriptor 1 stays standard output, where
    // a plugin's prints would at worst land as they always did.
    return;
  }
}

}  // namespace sudoku
