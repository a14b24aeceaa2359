// Runs the bench binary under test (BENCH_BINARY) and captures its exit code,
// output and errors.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/report/csv_reader.h"
#include "tests/fixtures.h"

namespace sudoku::testing {

struct BenchRun {
  int exit_code;
  std::string out;
  std::string err;
};

// Runs bench with `args` (shell words), standard input from `stdin_path`,
// under `launcher` (shell words before the binary, e.g. an mpirun command).
inline BenchRun BenchUnder(const std::string& launcher, const std::string& args,
                           const std::string& stdin_path = "/dev/null") {
  const std::string err_path = TempPath("bench_stderr.txt");
  const std::string command = launcher + std::string(BENCH_BINARY) + " " +
                              args + " <" + stdin_path + " 2>" + err_path;
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

// Runs bench with `args` (shell words), standard input from `stdin_path`.
inline BenchRun Bench(const std::string& args,
                      const std::string& stdin_path = "/dev/null") {
  return BenchUnder("", args, stdin_path);
}

inline bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The RFC 4180 fields of one CSV line.
inline std::vector<std::string> Fields(const std::string& line) {
  return SplitCsvLine(line);
}

// Where `name` is among a CSV header's fields (the header's size if absent).
inline size_t ColumnIndex(const std::vector<std::string>& header,
                          const std::string& name) {
  size_t i = 0;
  while (i < header.size() && header[i] != name) ++i;
  return i;
}

// Where the column `name` is in a CSV header line; past the end if absent.
inline size_t ColumnIndex(const std::string& header, std::string_view name) {
  return ColumnIndex(Fields(header), std::string(name));
}

}  // namespace sudoku::testing
