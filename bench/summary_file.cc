// The --markdown summaries: appended to a file, or to standard output.
#include "bench/summary_file.h"

#include <fstream>
#include <iostream>

namespace sudoku {

bool AppendSummary(const std::string& program, const std::string& path,
                   const std::function<void(std::ostream&)>& write) {
  if (path == "-") {
    write(std::cout);
    std::cout.flush();
    if (std::cout) return true;
  } else {
    std::ofstream file(path, std::ios::app);
    if (file) write(file);
    file.flush();
    if (file) return true;
  }
  std::cerr << program << ": cannot write " << path << '\n';
  return false;
}

}  // namespace sudoku
