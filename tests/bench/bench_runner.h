// Runs the bench binary under test (BENCH_BINARY) and captures its exit code,
// output and errors.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "tests/fixtures.h"

namespace sudoku::testing {

struct BenchRun {
  int exit_code;
  std::string out;
  std::string err;
};

// Runs bench with `args` (shell words), standard input from `stdin_path`.
inline BenchRun Bench(const std::string& args,
                      const std::string& stdin_path = "/dev/null") {
  const std::string err_path = TempPath("bench_stderr.txt");
  const std::string command = std::string(BENCH_BINARY) + " " + args + " <" +
                              stdin_path + " 2>" + err_path;
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0)
    out.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out,
          ReadFile(err_path)};
}

}  // namespace sudoku::testing
