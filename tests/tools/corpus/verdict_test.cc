// One file with a row of every status through every corpus command: each
// names and counts the rows alike, from the engine's one verdict.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/common/json_layout.h"
#include "engine/input/puzzle.h"
#include "strategies/registry.h"
#include "tests/fixtures.h"
#include "tests/tools/tool_run.h"
#include "tools/corpus/corpus_command.h"
#include "tools/gen/gen_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;
using testing::WriteTempFile;

std::string Solution(const std::string& puzzle) {
  return testing::UniqueSolutionText(puzzle);
}

int Clues(const std::string& puzzle) {
  return static_cast<int>(81 - std::count(puzzle.begin(), puzzle.end(), '.'));
}

std::string Row(const std::string& puzzle, const std::string& answer,
                int clues) {
  return puzzle + "," + answer + "," + std::to_string(clues) + "\n";
}

const std::string kSeveral(81, '.');
const std::string kInvalid = "11" + std::string(79, '.');
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');

// The summary's words for the file below, as every command must say them.
const std::string kStatuses =
    "3 good, 11 bad (malformed 6; invalid givens 1; no solution 1; several "
    "solutions 1; wrong answer 1; wrong count 1)";

std::string EveryStatus() {
  const std::vector<std::string> p =
      Lines(Call(GenMain, {"-n", "6", "-s", "11"}).out);
  std::string broken = Solution(p[4]);
  std::swap(broken[0], broken[1]);
  const std::string s0 = Solution(p[0]);
  return "puzzle,solution,clues\n" + Row(p[0], s0, Clues(p[0])) +
         Row(p[1], Solution(p[1]), Clues(p[1])) +
         // Quoted as a quote-all CSV writer quotes: good.
         "\"" + p[2] + "\",\"" + Solution(p[2]) + "\",\"" +
         std::to_string(Clues(p[2])) + "\"\n" +
         "12x," + s0 + ",3\n" +                              // malformed
         p[3] + "," + Solution(p[3]) + ",1,extra\n" +        // column too many
         p[3] + ",," + std::to_string(Clues(p[3])) + "\n" +  // empty answer
         p[3] + "," + Solution(p[3]) + "7,1\n" +             // 82 characters
         Solution(p[3]) + "," + p[3] + ",81\n" +             // swapped
         p[3] + "," + Solution(p[3]) + "\n" +                // column short
         Row(kInvalid, s0, 2) + Row(kNoSolution, s0, 9) +
         Row(kSeveral, s0, 0) + Row(p[4], broken, Clues(p[4])) +
         Row(p[5], Solution(p[5]), 80);  // wrong count
}

TEST(RowVerdicts, EveryCommandCountsEveryStatusAlike) {
  const std::string path = WriteTempFile("verdicts.csv", EveryStatus());
  const CommandRun check = Call(CorpusMain, {"check", path});
  EXPECT_EQ(check.code, 1) << check.err;
  EXPECT_EQ(Lines(check.err).back(),
            "corpus check: 14 rows in 1 file: " + kStatuses);

  const CommandRun dupes = Call(CorpusMain, {"dupes", path});
  EXPECT_EQ(dupes.code, 0) << dupes.err;
  EXPECT_NE(Lines(dupes.err).back().find(": " + kStatuses + "; "),
            std::string::npos)
      << dupes.err;

  const std::string train = WriteTempFile(
      "verdicts-train.txt", Lines(Call(GenMain, {"-n", "2", "-s", "99"}).out)[0] + "\n");
  const CommandRun leak =
      Call(CorpusMain, {"leak", "--train", train, "--test", path});
  EXPECT_EQ(leak.code, 0) << leak.err;
  EXPECT_NE(Lines(leak.err).back().find("test rows: " + kStatuses),
            std::string::npos)
      << leak.err;

  const std::string json = testing::TempPath("verdicts-card.json");
  const CommandRun card = Call(CorpusMain, {"card", "--json", json, path});
  EXPECT_EQ(card.code, 1) << card.err;
  const Json statuses = Json::parse(testing::ReadFile(json))["statuses"];
  const std::pair<const char*, int> expected[] = {
      {"good", 3},           {"malformed", 6},    {"invalid givens", 1},
      {"no solution", 1},    {"several solutions", 1},
      {"wrong answer", 1},   {"wrong count", 1},  {"over budget", 0}};
  for (const auto& [name, count] : expected) {
    EXPECT_EQ(statuses[name], count) << name;
  }
  // Every bad row is named alike on standard error by every command.
  for (const CommandRun* run : {&check, &dupes, &leak, &card}) {
    EXPECT_NE(run->err.find(path + ":5: malformed: "), std::string::npos)
        << run->err;
    EXPECT_NE(run->err.find(path + ":14: wrong answer: "), std::string::npos)
        << run->err;
  }
}

}  // namespace
}  // namespace sudoku
