// The run's exit code, raised as problems are found: the most serious wins.
#pragma once

#include "engine/common/exit_codes.h"
#include "engine/pipeline/driver.h"

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

// What a pass's results say of the exit code, whether the pass ran here or
// was merged from parts or ranks: a wrong or disagreeing answer, or a puzzle
// a process left unanswered, is a failure; with `strict_expected`, so is an
// answer other than the file's own reference.
inline void RaiseForResult(const DatasetResult& result, bool strict_expected,
                           ExitCode& exit_code) {
  if (result.wrong_answers > 0 || result.disagreements > 0) {
    exit_code.Raise(kExitFailure);
  }
  for (const StrategyStats& s : result.stats) {
    if (s.count(Verdict::kError) > 0) exit_code.Raise(kExitFailure);
    // The file's own references caught out: a wrong answer, or one answer
    // where the puzzle has several.
    if (s.reference_wrong > 0 || s.several_claimed_one > 0) {
      exit_code.Raise(kExitFailure);
    }
    if (strict_expected && s.expected_differs > 0) {
      exit_code.Raise(kExitFailure);
    }
  }
}

}  // namespace sudoku
