// One dataset's pass as the run's mode makes it: the one interface the loop
// over the datasets runs, and the plain pass (the modes' runners are
// above it, made by mode_runner.cc).
#include "bench/run/pass_runner.h"

#include <iostream>

namespace sudoku {

void PassRunner::SayError(const std::string& error) {
  std::cerr << "bench: " << error << '\n';
}

DatasetPass RunOnce(const std::string& path, const RunOptions& run,
                    Observers& observers, const PassResume* resume) {
  DatasetPass pass;
  pass.result = ObservedPass(path, run, observers, observers, resume);
  pass.rows = MakeRows(pass.result, run);
  return pass;
}

}  // namespace sudoku
