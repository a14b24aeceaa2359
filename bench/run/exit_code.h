// The run's exit code, raised as problems are found: the most serious wins.
#pragma once

#include "engine/common/exit_codes.h"

namespace sudoku {

// The exit code: a wrong answer outranks bad input, as it is what CI must
// never miss.
class ExitCode {
 public:
  // A failure outranks a usage error, which outranks no verdict.
  void Raise(int code) {
    if (Rank(code) > Rank(code_)) code_ = code;
  }
  int code() const { return code_; }

 private:
  static int Rank(int code) {
    switch (code) {
      case kExitFailure:
        return 3;
      case kExitUsage:
        return 2;
      case kExitUndecided:
        return 1;
      default:
        return 0;
    }
  }
  int code_ = kExitOk;
};

}  // namespace sudoku
