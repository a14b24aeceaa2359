// Every layout machine-learning Sudoku sets ship in, read by every program
// that reads a dataset: each must agree on the layout, the rows and the exit.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/report/csv_reader.h"
#include "tests/fixtures.h"
#include "tests/ml_files.h"
#include "tests/tools/tool_run.h"
#include "tools/convert/convert_command.h"
#include "tools/corpus/corpus_command.h"
#include "tools/shuffle/shuffle_command.h"

namespace sudoku {
namespace {

using testing::Call;
using testing::CommandRun;
using testing::Lines;

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// bench, the binary under test, run with `args` (shell words).
CommandRun Bench(const std::string& args) {
  const std::string err_path = testing::TempPath("layouts_bench_err.txt");
  const std::string command = std::string(BENCH_BINARY) + " " + args +
                              " </dev/null 2>" + err_path;
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) {
    out.append(buffer, n);
  }
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out,
          testing::ReadFile(err_path)};
}

// Where `name` is among a CSV header's fields.
size_t Column(const std::vector<std::string>& header, const std::string& name) {
  size_t i = 0;
  while (i < header.size() && header[i] != name) ++i;
  return i;
}

// Three puzzles of datasets/easy.txt and their solutions (bench --solutions).
struct Known {
  const char* puzzle;
  const char* solution;
};
constexpr Known kKnown[] = {
    {".6429......7.8..4229..418..682..4...7.1.2..34.437...2.536972..11......734"
     "...1.29.",
     "864297315317685942295341867682134759751829634943756128536972481129468573"
     "478513296"},
    {"42368.719.....2..51...9..2.6.4...28721...8.....592.1.694817.......8...71"
     "7.1.5..9.",
     "423685719879312465156794328694531287217468953385927146948176532532849671"
     "761253894"},
    {"27..9...4.4..53....634.....6.8...4.9.3.54...64..96.2.5.91.25..3...63912"
     "....7...58",
     "275196384849253761163487592658372419932541876417968235791825643584639127"
     "326714958"},
};
constexpr uint64_t kRows = std::size(kKnown);

std::string Zeros(std::string puzzle) {
  for (char& c : puzzle) c = c == '.' ? '0' : c;
  return puzzle;
}

int Clues(const std::string& puzzle) {
  int clues = 0;
  for (const char c : puzzle) clues += c != '.';
  return clues;
}

// One file of a layout and the name the programs report it under.
struct Layout {
  std::string name;
  std::string format;  // bench's dataset_format, the card's layout
  std::string text;
};

// JSON Lines, a Kaggle zip of one CSV, NumPy arrays in both encodings: the
// formats ML data ships in, read through the same input layer.
void AddShippedFormats(std::vector<Layout>& layouts) {
  std::string jsonl, json_arrays, kaggle = "quizzes,solutions\n";
  std::vector<std::string> puzzles;
  for (const Known& k : kKnown) {
    const std::string p = k.puzzle, s = k.solution;
    jsonl += R"({"id": 1, "question": ")" + p + R"(", "answer": ")" + s +
             "\"}\n";
    nlohmann::json row = {{"quiz", nlohmann::json::array()},
                          {"solution", s}};
    for (const char c : Zeros(p)) row["quiz"].push_back(c - '0');
    json_arrays += row.dump() + "\n";
    kaggle += Zeros(p) + "," + s + "\n";
    puzzles.push_back(p);
  }
  const std::string zip = testing::TempPath("layout_kaggle.zip");
  testing::WriteZip(zip, {{"sudoku.csv", kaggle}});
  layouts.push_back({"jsonl", "jsonl", jsonl});
  layouts.push_back({"jsonl_arrays", "jsonl", json_arrays});
  layouts.push_back({"kaggle_zip", "kaggle", testing::ReadFile(zip)});
  layouts.push_back({"npy_zero_blank", "lines",
                     testing::NpyBytes("|u1", "(3, 81)",
                                       testing::GridCells(puzzles, false))});
  layouts.push_back({"npy_hrm", "lines",
                     testing::NpyBytes("<i8", "(3, 9, 9)",
                                       testing::GridCells(puzzles, true))});
}

std::vector<Layout> Layouts() {
  std::vector<Layout> layouts = {
      {"lines", "lines", ""},
      {"kaggle_1m", "kaggle", "quizzes,solutions\n"},
      {"kaggle_3m", "csv", "id,puzzle,solution,clues,difficulty\n"},
      {"kaggle_9m", "kaggle", "puzzle,solution\n"},
      {"tdoku_ml", "csv", "source,question,answer,rating\n"},
      {"rrn_headerless", "kaggle", ""},
  };
  int id = 0;
  for (const Known& k : kKnown) {
    const std::string p = k.puzzle, s = k.solution;
    layouts[0].text += p + "\n";
    layouts[1].text += Zeros(p) + "," + s + "\n";
    layouts[2].text += std::to_string(++id) + "," + p + "," + s + "," +
                       std::to_string(Clues(p)) + ",1.2\n";
    layouts[3].text += Zeros(p) + "," + s + "\n";
    layouts[4].text += "puzzles2_17_clue," + p + "," + s + ",0.0\n";
    layouts[5].text += Zeros(p) + "," + s + "\n";
  }
  AddShippedFormats(layouts);
  return layouts;
}

// What one program made of one file: its exit code, the rows it counted
// and, where it says one, the layout.
struct Reading {
  int code = -1;
  std::optional<uint64_t> rows;
  std::optional<std::string> format;
  std::string err;
};

uint64_t LineCount(const std::string& text) { return Lines(text).size(); }

// The number after `prefix` in `text` ("corpus check: 3 rows"), if any.
std::optional<uint64_t> NumberAfter(const std::string& text,
                                    const std::string& prefix) {
  const size_t at = text.find(prefix);
  if (at == std::string::npos) return std::nullopt;
  return std::stoull(text.substr(at + prefix.size()));
}

Reading FromTool(const CommandRun& run) { return {run.code, {}, {}, run.err}; }

using Reader = std::function<Reading(const std::string& path)>;

// Every program that reads a dataset, each made to say how many rows it
// read: by its counts on standard error, or by a line of output a row.
std::vector<std::pair<std::string, Reader>> Readers() {
  return {
      {"bench",
       [](const std::string& path) {
         const CommandRun run =
             Bench("-q -t 2 -s simd --limit 2 --csv - " + path);
         Reading r = FromTool(run);
         const auto lines = Lines(run.out);
         if (lines.size() == 2) {
           const auto header = SplitCsvLine(lines[0]);
           const auto row = SplitCsvLine(lines[1]);
           r.rows = std::stoull(row.at(Column(header, "puzzles")));
           r.format = row.at(Column(header, "dataset_format"));
         }
         return r;
       }},
      {"corpus check",
       [](const std::string& path) {
         Reading r = FromTool(Call(CorpusMain, {"check", "-t", "2", path}));
         r.rows = NumberAfter(r.err, "corpus check: ");
         return r;
       }},
      {"corpus canon",
       [](const std::string& path) {
         const CommandRun run = Call(CorpusMain, {"canon", "-t", "2", path});
         Reading r = FromTool(run);
         r.rows = LineCount(run.out);
         return r;
       }},
      {"corpus dupes",
       [](const std::string& path) {
         Reading r = FromTool(Call(CorpusMain, {"dupes", "-t", "2", path}));
         r.rows = NumberAfter(r.err, "corpus dupes: ");
         return r;
       }},
      {"corpus leak",
       [](const std::string& path) {
         // The file against itself: every test row leaks, one line each;
         // tolerated, so that the exit code is the reading's.
         const CommandRun run =
             Call(CorpusMain, {"leak", "-t", "2", "--max-leaks", "1000",
                               "--train", path, "--test", path});
         Reading r = FromTool(run);
         r.rows = LineCount(run.out);
         return r;
       }},
      {"corpus card",
       [](const std::string& path) {
         const std::string json = testing::TempPath("layouts_card.json");
         std::remove(json.c_str());
         Reading r = FromTool(
             Call(CorpusMain, {"card", "-t", "2", "--json", json, path}));
         const std::string text = testing::ReadFile(json);
         if (!text.empty()) {
           const auto card = nlohmann::json::parse(text);
           r.rows = card.at("files").at(0).at("rows").get<uint64_t>();
           r.format = card.at("files").at(0).at("layout").get<std::string>();
         }
         return r;
       }},
      {"convert",
       [](const std::string& path) {
         const CommandRun run = Call(ConvertMain, {"-t", "2", path});
         Reading r = FromTool(run);
         r.rows = LineCount(run.out);
         return r;
       }},
      {"shuffle",
       [](const std::string& path) {
         // Rows keep their layout (header, labels, other columns): its
         // output is read back as a dataset.
         const CommandRun run = Call(ShuffleMain, {"-t", "2", path});
         Reading r = FromTool(run);
         std::istringstream out(run.out);
         Input input(out, "shuffled");
         DatasetParser parser;
         uint64_t rows = 0;
         ReadRecords(input, parser, GivensCheck::kNow,
                     [&](const PuzzleRecord& record, std::string_view) {
                       rows += record.status == RecordStatus::kPuzzle;
                     });
         r.rows = rows;
         if (rows > 0) r.format = std::string(FormatName(parser.format()));
         return r;
       }},
  };
}

TEST(Layouts, EveryReaderAgreesOnEveryLayout) {
  for (const Layout& layout : Layouts()) {
    const std::string path =
        testing::WriteTempFile("layout_" + layout.name + ".csv", layout.text);
    for (const auto& [name, read] : Readers()) {
      SCOPED_TRACE(name + " on " + layout.name);
      const Reading r = read(path);
      EXPECT_EQ(r.code, 0) << r.err;
      EXPECT_EQ(r.rows, kRows) << r.err;
      if (r.format) {
        EXPECT_EQ(*r.format, layout.format);
      }
    }
  }
}

// A file in no layout (here 9 cells a line, an .sdk grid): every reader
// names it with the same hint and exits 2, an input that cannot be read,
// rather than reading zero puzzles and passing.
TEST(Layouts, EveryReaderRefusesAFileInNoLayout) {
  std::string grid;
  for (int row = 0; row < 9; ++row) {
    grid += std::string(kKnown[0].puzzle).substr(9 * row, 9) + "\n";
  }
  const std::string path = testing::WriteTempFile("layout_sdk.txt", grid);
  const std::string said =
      path + ": no row is a puzzle (9 malformed): it looks like grids of 9 "
             "lines of 9 cells (.sdk)";
  for (const auto& [name, read] : Readers()) {
    SCOPED_TRACE(name);
    const Reading r = read(path);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(Has(r.err, said)) << r.err;
  }
}

// The layout whose first row is damaged cannot be detected from it, and is
// then read as lines: the hint names what the row looks like.
TEST(Layouts, HeaderlessRowsAfterADamagedFirstRowGetAHint) {
  const std::string row = Zeros(kKnown[0].puzzle) + "," + kKnown[0].solution;
  const std::string path = testing::WriteTempFile(
      "layout_damaged.csv", "x" + row + "\n" + row + "\n");
  const CommandRun run = Bench("-q -s simd " + path);
  EXPECT_EQ(run.code, 2) << run.err;
  EXPECT_TRUE(Has(run.err,
                  "a solution (81 digits, no blank) in column 2 but no puzzle"))
      << run.err;
}

}  // namespace
}  // namespace sudoku
