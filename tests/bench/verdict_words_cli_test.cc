// Verdicts that say what their rows say (issue 44): `bench compare`'s
// verdict line counts each word its rows carry, a changed row that also got
// slower says both, and `bench history check` says an exact change once.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::ColumnIndex;
using testing::Fields;
using testing::Lines;
using testing::ReadFile;
using testing::WriteTempFile;

const std::string kEdgeCases =
    std::string(SUDOKU_SOURCE_DIR) + "/datasets/edge-cases.txt";

// ctest runs every test in a process of its own, several at once: each test
// names its files after itself.
std::string TestPath(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempPath(std::string(info->name()) + "." + suffix);
}

std::string Joined(const std::vector<std::string>& fields) {
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string f = fields[i];
    if (f.find_first_of(",\"") != std::string::npos) {
      std::string quoted = "\"";
      for (char c : f) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      f = quoted + "\"";
    }
    line += (i ? "," : "") + f;
  }
  return line;
}

// `csv` with the given columns of the data rows of `strategy` (every row
// for "") replaced, each by a function of its old text; written under
// `name`.
using Edit = std::map<std::string, std::function<std::string(const std::string&)>>;
std::string Edited(const std::string& csv, const std::string& name,
                   const std::string& strategy, const Edit& edit) {
  const std::vector<std::string> lines = Lines(ReadFile(csv));
  const std::vector<std::string> header = Fields(lines[0]);
  std::string text = lines[0] + "\n";
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields = Fields(lines[i]);
    if (strategy.empty() ||
        fields[ColumnIndex(header, "strategy")] == strategy) {
      for (const auto& [column, change] : edit) {
        std::string& cell = fields.at(ColumnIndex(header, column));
        cell = change(cell);
      }
    }
    text += Joined(fields) + "\n";
  }
  return WriteTempFile(std::filesystem::path(TestPath(name)).filename(), text);
}

TEST(VerdictWordsCli, CompareCountsWhatItsRowsSay) {
  const std::string run_csv = TestPath("run.csv");
  const BenchRun run = Bench("-q --progress never -t 2 -s dlx,bands,bitmask "
                             "--repeat 3 --csv " + run_csv + " " + kEdgeCases);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Rounds without spread, so that the noise of a loaded machine cannot
  // decide: every row at 1,000 puzzles/s and 1 s of CPU.
  const auto fixed = [](const char* value) {
    return [value](const std::string&) { return std::string(value); };
  };
  const std::string steady = Edited(
      run_csv, "steady.csv", "",
      {{"puzzles_per_s", fixed("1000")}, {"puzzles_per_s_min", fixed("1000")},
       {"puzzles_per_s_max", fixed("1000")}, {"pass_cpu_s", fixed("1")},
       {"puzzles_per_cpu_s", fixed("1000")},
       {"puzzles_per_cpu_s_min", fixed("1000")},
       {"puzzles_per_cpu_s_max", fixed("1000")}});
  // bands searched differently (fewer nodes: better) and took ten times the
  // time by both clocks; bitmask only took ten times the time.
  const Edit slower = {{"puzzles_per_s", fixed("100")},
                       {"puzzles_per_s_min", fixed("100")},
                       {"puzzles_per_s_max", fixed("100")},
                       {"pass_cpu_s", fixed("10")},
                       {"puzzles_per_cpu_s", fixed("100")},
                       {"puzzles_per_cpu_s_min", fixed("100")},
                       {"puzzles_per_cpu_s_max", fixed("100")}};
  Edit changed = slower;
  changed["nodes_total"] = [](const std::string&) { return std::string("1"); };
  const std::string base = steady;
  const std::string current = Edited(
      Edited(base, "step.csv", "bands", changed), "current.csv", "bitmask",
      slower);
  const std::string json = TestPath("compare.json");
  const BenchRun compare = Bench("compare --max-slowdown 50 --json " + json +
                                 " " + base + " " + current);
  EXPECT_EQ(compare.exit_code, 1) << compare.out << compare.err;

  // Every row's words, and how many rows carry each.
  std::map<std::string, size_t> carried;
  const std::regex tag(R"(budget \S+  \[([a-z, ]+)\]$)");
  size_t rows = 0;
  for (const std::string& line : Lines(compare.out)) {
    std::smatch m;
    if (!std::regex_search(line, m, tag)) continue;
    ++rows;
    std::string words = m[1].str();
    for (size_t at = 0; at != std::string::npos;) {
      const size_t comma = words.find(", ", at);
      ++carried[words.substr(at, comma - at)];
      at = comma == std::string::npos ? comma : comma + 2;
    }
  }
  EXPECT_EQ(rows, 3u) << compare.out;
  EXPECT_NE(compare.out.find("bands  limit 1  budget none  [changed, better, "
                             "slower]"),
            std::string::npos)
      << compare.out;
  EXPECT_NE(compare.out.find("900.0% slower, beyond the allowed 50% slower"),
            std::string::npos)
      << compare.out;
  // The verdict line: each "N word" is the number of rows saying the word.
  const std::string verdict =
      compare.out.substr(compare.out.find("verdict: FAIL (exit 1): "));
  const std::regex count(R"((\d+) ([a-z]+))");
  size_t counts = 0;
  for (auto it = std::sregex_iterator(verdict.begin(),
                                      verdict.begin() + verdict.find('\n'),
                                      count);
       it != std::sregex_iterator(); ++it, ++counts) {
    EXPECT_EQ(std::stoul((*it)[1].str()), carried[(*it)[2].str()])
        << (*it)[2] << " in " << verdict;
  }
  EXPECT_EQ(counts, 6u) << verdict;  // changed, better, missing, slower, same, new
  EXPECT_EQ(carried["slower"], 2u);
  // The JSON's summary counts alike, and each row carries its words.
  const nlohmann::json j = nlohmann::json::parse(ReadFile(json));
  EXPECT_EQ(j.at("summary").at("slower").get<size_t>(), 2u);
  EXPECT_EQ(j.at("summary").at("changed").get<size_t>(), 1u);
}

TEST(VerdictWordsCli, HistoryCheckSaysAnExactChangeOnce) {
  const std::string db = TestPath("sqlite");
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::filesystem::remove(db + suffix);
  }
  const std::string r1 = TestPath("r1.csv");
  ASSERT_EQ(Bench("-q --progress never -t 2 -s dlx,bands --csv " + r1 + " " +
                  kEdgeCases)
                .exit_code,
            0);
  const std::vector<std::string> lines = Lines(ReadFile(r1));
  const std::vector<std::string> header = Fields(lines[0]);
  std::string before;
  for (size_t i = 1; i < lines.size(); ++i) {
    const auto f = Fields(lines[i]);
    if (f[ColumnIndex(header, "strategy")] == "dlx") {
      before = f[ColumnIndex(header, "nodes_total")];
    }
  }
  const std::string after = std::to_string(std::stoull(before) + 3);
  const std::string r2 = Edited(r1, "r2.csv", "dlx",
                                {{"nodes_total", [&](const std::string&) {
                                    return after;
                                  }}});
  const auto history = [&](const std::string& args) {
    return Bench("history " + args + " --db '" + db + "'");
  };
  ASSERT_EQ(history("add " + r1 + " --commit c1").exit_code, 0);
  ASSERT_EQ(history("add " + r2 + " --commit c2").exit_code, 0);
  const BenchRun check = history("check");
  EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
  const std::string change = "nodes_total " + before + " -> " + after;
  size_t said = 0;
  for (size_t at = check.out.find(change); at != std::string::npos;
       at = check.out.find(change, at + 1)) {
    ++said;
  }
  EXPECT_EQ(said, 1u) << check.out;
  EXPECT_NE(check.out.find(change + ", first at c2 (after c1)"),
            std::string::npos)
      << check.out;
}

}  // namespace
}  // namespace sudoku
