// What "the same run" means for reports and per-puzzle files written by
// split runs (--shard parts merged, mpirun ranks): equal in every byte but
// the clock readings.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <string_view>

#include "engine/report/report_schema.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku::testing {

// Every column of the report but the clock readings and where and when it
// ran (the date, the processes and their hosts) must be equal, row by row.
inline void ExpectSameReport(const std::string& single,
                             const std::string& merged) {
  const auto a = Lines(ReadFile(single)), b = Lines(ReadFile(merged));
  ASSERT_EQ(a.size(), b.size());
  ASSERT_GE(a.size(), 2u);
  EXPECT_EQ(a[0], b[0]);
  const auto columns = ReportColumns();
  for (size_t row = 1; row < a.size(); ++row) {
    const auto fa = Fields(a[row]), fb = Fields(b[row]);
    ASSERT_EQ(fa.size(), columns.size());
    ASSERT_EQ(fb.size(), columns.size());
    for (size_t c = 0; c < columns.size(); ++c) {
      const std::string_view name = columns[c].name;
      if (columns[c].Timing() || name == "date" || name == "ranks" ||
          name == "hosts") {
        continue;
      }
      EXPECT_EQ(fa[c], fb[c]) << "row " << row << ", " << columns[c].name;
    }
  }
}

// Every row of the report says it was run by `ranks` processes, all on this
// host.
inline void ExpectProcesses(const std::string& csv, int ranks) {
  const auto lines = Lines(ReadFile(csv));
  ASSERT_GE(lines.size(), 2u);
  const size_t ranks_at = ColumnIndex(lines[0], "ranks");
  const size_t hosts_at = ColumnIndex(lines[0], "hosts");
  ASSERT_LT(hosts_at, Fields(lines[0]).size());
  char host[256] = {};
  ASSERT_EQ(gethostname(host, sizeof(host) - 1), 0);
  for (size_t row = 1; row < lines.size(); ++row) {
    const auto f = Fields(lines[row]);
    EXPECT_EQ(f[ranks_at], std::to_string(ranks)) << "row " << row;
    EXPECT_EQ(f[hosts_at], std::string(host) + ":" + std::to_string(ranks))
        << "row " << row;
  }
}

// The per-puzzle lines without their time column (ns, the fifth).
inline std::string WithoutTimes(const std::string& per_puzzle) {
  std::string out;
  for (const std::string& line : Lines(per_puzzle)) {
    auto f = Fields(line);
    f.erase(f.begin() + 4);
    for (const std::string& field : f) out += field + ",";
    out += "\n";
  }
  return out;
}

}  // namespace sudoku::testing
