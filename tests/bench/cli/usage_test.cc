// bench's usage errors, end to end: the house style every program shares,
// "bench: --option: what is wrong" (engine/cli/usage_errors.h).
#include <gtest/gtest.h>

#include "tests/bench/bench_runner.h"

namespace sudoku::testing {
namespace {

// Before: "--strategy: 1 required TEXT missing" and "--limit: 0 not in
// {1,2}", without the program's name.
TEST(BenchUsage, ErrorsNameTheProgramAndTheOption) {
  const struct {
    std::string args, says;
  } cases[] = {
      {"--strategy", "bench: --strategy: needs a value (NAME,...)"},
      {"--limit 0 x.txt",
       "bench: --limit: 0 is out of range (1 to 4,294,967,295, or all)"},
      {"-t 0x x.txt", "bench: --threads: '0x' is not 1 to 1024"},
      {"--bogus", "bench: --bogus: no such option"},
      {"compare a.csv", "bench compare: "},
  };
  for (const auto& c : cases) {
    const BenchRun run = Bench(c.args);
    EXPECT_EQ(run.exit_code, 2) << c.args;
    EXPECT_EQ(run.err.rfind(c.says, 0), 0u) << c.args << "\n" << run.err;
    EXPECT_TRUE(Has(run.err, "\nRun bench")) << run.err;
  }
}

}  // namespace
}  // namespace sudoku::testing
