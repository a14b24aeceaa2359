// End-to-end tests of the shuffle command line: symmetries, their
// inverses and canonical forms, bad lines and missing files.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/input/dataset.h"
#include "engine/input/puzzle.h"
#include "tests/tools/tool_run.h"
#include "tools/convert/convert_command.h"
#include "tools/gen/gen_command.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;

std::string TempFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(ShuffleCommand, InverseRestoresTheInput) {
  const std::string corpus = Call(GenMain, {"-n", "20", "-s", "2"}).out;
  const CommandRun shuffled = Call(ShuffleMain, {"--seed", "9", "-"}, corpus);
  ASSERT_EQ(shuffled.code, 0) << shuffled.err;
  EXPECT_NE(shuffled.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--seed", "9", "-t", "1", "-"}, corpus).out,
            shuffled.out);
  EXPECT_NE(Call(ShuffleMain, {"--seed", "10", "-"}, corpus).out, shuffled.out);
  const CommandRun back =
      Call(ShuffleMain, {"--seed", "9", "--inverse", "-"}, shuffled.out);
  EXPECT_EQ(back.out, corpus);
  EXPECT_EQ(Call(ShuffleMain, {"--canonical", "-"}, shuffled.out).out,
            Call(ShuffleMain, {"--canonical", "-"}, corpus).out);
}

TEST(ShuffleCommand, BadLinesNamedByFileAndLine) {
  const std::string good = Call(GenMain, {"-n", "2"}).out;
  const std::string path =
      TempFile("shuffle-bad.txt", "# two puzzles and a short line\r\n" +
                                      good.substr(0, 82) + "12345\r\n" +
                                      good.substr(82));
  const CommandRun run = Call(ShuffleMain, {path});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err, path + ":3: expected 81 cells, found 5\n");
  EXPECT_EQ(Lines(run.out).size(), 2u);
}

TEST(ShuffleCommand, MissingFileExitsTwo) {
  const CommandRun run = Call(ShuffleMain, {"/nonexistent/puzzles.txt"});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("/nonexistent/puzzles.txt"), std::string::npos);
}

// Puzzles with their solutions, from gen and convert --to kaggle.
std::vector<std::pair<std::string, std::string>> Labelled(int count) {
  const std::string corpus =
      Call(GenMain, {"-n", std::to_string(count), "-s", "5"}).out;
  std::vector<std::pair<std::string, std::string>> rows;
  for (const std::string& line :
       Lines(Call(ConvertMain, {"--to", "kaggle", "-"}, corpus).out)) {
    if (line == "quizzes,solutions") continue;
    rows.emplace_back(line.substr(0, 81), line.substr(82));
  }
  return rows;
}

// The answer is a solution of the question, by the project's verifier: a full
// grid that breaks no rule and keeps every given.
void ExpectSolves(const std::string& question, const std::string& answer) {
  Grid puzzle, solution;
  ASSERT_FALSE(ParseGrid(question, puzzle)) << question;
  ASSERT_FALSE(ParseGrid(answer, solution)) << answer;
  EXPECT_EQ(CheckSolution(puzzle, solution), std::nullopt) << question;
  EXPECT_EQ(answer.find_first_of(".0"), std::string::npos);
}

// Augmentation keeps the label: the answer goes through the question's
// symmetry, every other column (quoted or not) stays as it was.
TEST(ShuffleCommand, ACsvKeepsItsAnswerAndOtherColumns) {
  std::string csv = "source,question,answer,rating\n";
  const auto rows = Labelled(6);
  for (size_t i = 0; i < rows.size(); ++i) {
    csv += "\"set, " + std::to_string(i) + "\"," + rows[i].first + ",\"" +
           rows[i].second + "\",0." + std::to_string(i) + "\n";
  }
  const std::string path = TempFile("shuffle-labelled.csv", csv);
  const CommandRun run = Call(ShuffleMain, {"--seed", "3", path});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto out = Lines(run.out);
  ASSERT_EQ(out.size(), rows.size() + 1);
  EXPECT_EQ(out[0], "source,question,answer,rating");
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string_view fields[4];
    ASSERT_EQ(SplitCsvRow(out[i + 1], fields, 4), 4u) << out[i + 1];
    EXPECT_TRUE(out[i + 1].starts_with("\"set, " + std::to_string(i) + "\","));
    EXPECT_EQ(fields[3], "0." + std::to_string(i));
    EXPECT_NE(fields[1], rows[i].first);
    ExpectSolves(std::string(fields[1]), std::string(fields[2]));
  }
  // The inverse gives the file back, byte for byte.
  const std::string shuffled = TempFile("shuffle-labelled-out.csv", run.out);
  EXPECT_EQ(Call(ShuffleMain, {"--seed", "3", "--inverse", shuffled}).out,
            csv);
  const CommandRun canonical = Call(ShuffleMain, {"--canonical", path});
  for (const std::string& row : Lines(canonical.out)) {
    if (row.starts_with("source")) continue;
    std::string_view fields[4];
    ASSERT_EQ(SplitCsvRow(row, fields, 4), 4u);
    ExpectSolves(std::string(fields[1]), std::string(fields[2]));
  }
}

TEST(ShuffleCommand, JsonLinesKeepTheirAnswerAndOtherKeys) {
  std::string jsonl;
  const auto rows = Labelled(4);
  for (size_t i = 0; i < rows.size(); ++i) {
    jsonl += nlohmann::ordered_json{{"id", i},
                                    {"quiz", rows[i].first},
                                    {"solution", rows[i].second}}
                 .dump() +
             "\n";
  }
  const CommandRun run =
      Call(ShuffleMain, {"--seed", "8", TempFile("shuffle.jsonl", jsonl)});
  ASSERT_EQ(run.code, 0) << run.err;
  const auto out = Lines(run.out);
  ASSERT_EQ(out.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto row = nlohmann::json::parse(out[i]);
    EXPECT_EQ(row.at("id"), i);
    EXPECT_NE(row.at("quiz"), rows[i].first);
    ExpectSolves(row.at("quiz"), row.at("solution"));
  }
}

TEST(ShuffleCommand, InputsInTwoLayoutsAreRefused) {
  const auto rows = Labelled(1);
  const std::string lines = TempFile("shuffle-a.txt", rows[0].first + "\n");
  const std::string csv = TempFile(
      "shuffle-b.csv", "quizzes,solutions\n" + rows[0].first + "," +
                           rows[0].second + "\n");
  const CommandRun run = Call(ShuffleMain, {lines, csv});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find(csv + " is in another layout (kaggle) than " +
                         lines + " (lines)"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace sudoku
