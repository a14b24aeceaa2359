// The formats machine-learning sets ship in, at the input layer: JSON Lines
// rows, a zip of one file, NumPy arrays in both encodings, and each one's
// malformed forms named by file and row.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "engine/input/dataset.h"
#include "engine/input/input.h"
#include "engine/input/puzzle.h"
#include "tests/fixtures.h"
#include "tests/ml_files.h"

namespace sudoku {
namespace {

const std::string& kPuzzle = testing::kSamplePuzzle;
const std::string& kSolution = testing::kSampleSolution;

struct Read {
  std::vector<PuzzleRecord> records;
  std::string format;
  std::string compression;
  std::string error;  // the InputError that stopped reading, if any
};

Read ReadAll(const std::string& path) {
  Read read;
  try {
    Input input(path);
    read.compression = input.facts().compression;
    DatasetParser parser;
    try {
      ReadRecords(input, parser, GivensCheck::kNow,
                  [&](const PuzzleRecord& r, std::string_view) {
                    read.records.push_back(r);
                  });
    } catch (const InputError& error) {
      read.error = error.what();
    }
    read.format = std::string(FormatName(parser.format()));
  } catch (const InputError& error) {
    read.error = error.what();
  }
  return read;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(JsonLines, ReadsKeysOfAnyCaseAndArraysOfCells) {
  std::string zeros = kPuzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  std::string array = "[";
  for (size_t i = 0; i < zeros.size(); ++i) {
    array += (i ? "," : "") + std::string(1, zeros[i]);
  }
  array += "]";
  const Read read = ReadAll(testing::WriteTempFile(
      "rows.jsonl", "{\"Puzzle\": \"" + kPuzzle + "\", \"Solution\": \"" +
                        kSolution + "\", \"rating\": 2}\n" +
                        "{\"puzzle\": " + array + ", \"solution\": \"" +
                        kSolution + "\"}\n"));
  EXPECT_EQ(read.format, "jsonl");
  ASSERT_EQ(read.records.size(), 2u) << read.error;
  for (const PuzzleRecord& r : read.records) {
    EXPECT_EQ(r.status, RecordStatus::kPuzzle) << r.reason;
    EXPECT_TRUE(r.has_expected);
    EXPECT_EQ(FormatGrid(r.puzzle), kPuzzle);
  }
}

TEST(JsonLines, RowsMissingAKeyOrNotJsonAreMalformedByLine) {
  const Read read = ReadAll(testing::WriteTempFile(
      "bad.jsonl", "{\"question\": \"" + kPuzzle + "\", \"answer\": \"" +
                       kSolution + "\"}\n{\"question\": \"" + kPuzzle +
                       "\"}\n{\"question\": \"" + kPuzzle +
                       "\", \"answer\": 7}\n{\"question\": \"" + kPuzzle +
                       "\", \n{\"answer\": \"" + kSolution + "\"}\n"));
  ASSERT_EQ(read.records.size(), 5u) << read.error;
  EXPECT_EQ(read.records[0].status, RecordStatus::kPuzzle);
  EXPECT_EQ(read.records[1].line, 2u);
  EXPECT_EQ(read.records[1].status, RecordStatus::kMalformed);
  EXPECT_EQ(read.records[1].reason, "no key 'answer'");
  EXPECT_EQ(read.records[2].reason,
            "key 'answer' holds number, not a string of cells");
  EXPECT_TRUE(read.records[3].reason.starts_with("not JSON: "))
      << read.records[3].reason;
  EXPECT_EQ(read.records[4].reason, "no key 'question'");
}

TEST(JsonLines, AFirstObjectWithNoPuzzleKeyGetsAJsonHint) {
  EXPECT_TRUE(Has(LayoutHint("{\"grid\": \"1234\"}"),
                  "it looks like JSON Lines, but its first row"));
}

std::string Kaggle() {
  std::string zeros = kPuzzle;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  return "quizzes,solutions\n" + zeros + "," + kSolution + "\n";
}

TEST(Zip, ReadsItsOneFileAndHashesTheArchive) {
  const std::string path = testing::TempPath("one.zip");
  testing::WriteZip(path, {{"data/", ""}, {"data/sudoku.csv", Kaggle()}});
  const Read read = ReadAll(path);
  EXPECT_EQ(read.compression, "zip");
  EXPECT_EQ(read.format, "kaggle");
  ASSERT_EQ(read.records.size(), 1u) << read.error;
  EXPECT_TRUE(read.records[0].has_expected);
  Input input(path);
  LineCut cut;
  while (input.NextLine(cut)) {
  }
  EXPECT_EQ(input.raw_bytes_read(), testing::ReadFile(path).size());
  EXPECT_EQ(input.Sha256Hex(), Input::FileSha256Hex(path));
}

TEST(Zip, SeveralFilesAreRefusedByName) {
  const std::string path = testing::TempPath("two.zip");
  testing::WriteZip(path, {{"train.csv", Kaggle()}, {"test.csv", Kaggle()}});
  const Read read = ReadAll(path);
  EXPECT_TRUE(Has(read.error, path + ": the zip archive holds 2 files "
                                     "(train.csv, test.csv), not one"))
      << read.error;
}

TEST(Zip, ATruncatedArchiveIsRefused) {
  const std::string whole = testing::TempPath("whole.zip");
  testing::WriteZip(whole, {{"sudoku.csv", Kaggle()}});
  const std::string bytes = testing::ReadFile(whole);
  const std::string path =
      testing::WriteTempFile("cut.zip", bytes.substr(0, bytes.size() / 2));
  const Read read = ReadAll(path);
  EXPECT_TRUE(Has(read.error, path + ": the zip archive cannot be read"))
      << read.error;
  EXPECT_TRUE(read.records.empty());
}

TEST(Zip, APipeIsRefusedWithWhatToDo) {
  const std::string path = testing::TempPath("piped.zip");
  testing::WriteZip(path, {{"sudoku.csv", Kaggle()}});
  std::istringstream in(testing::ReadFile(path));
  try {
    Input input(in, "-");
    FAIL() << "a zip on a pipe was read";
  } catch (const InputError& error) {
    EXPECT_TRUE(Has(error.what(), "unzip -p")) << error.what();
  }
}

std::string NpyFile(const std::string& name, const std::string& descr,
                    const std::string& shape,
                    const std::vector<int64_t>& cells) {
  return testing::WriteTempFile(name, testing::NpyBytes(descr, shape, cells));
}

TEST(Npy, ReadsBothEncodingsOfEveryIntegerType) {
  for (const std::string descr : {"|u1", "|i1", "<i2", ">u2", "<i4", "<i8"}) {
    for (const bool hrm : {false, true}) {
      SCOPED_TRACE(descr + (hrm ? " hrm" : " zero blank"));
      const Read read = ReadAll(NpyFile(
          "grids.npy", descr, "(2, 81)",
          testing::GridCells({kPuzzle, kSolution}, hrm)));
      EXPECT_EQ(read.compression, "npy");
      ASSERT_EQ(read.records.size(), 2u) << read.error;
      EXPECT_EQ(FormatGrid(read.records[0].puzzle), kPuzzle);
      EXPECT_EQ(FormatGrid(read.records[1].puzzle), kSolution);
      EXPECT_EQ(read.error, "");
    }
  }
}

// Rows with neither a 0 nor a 10 are held until a row decides; with none,
// 1-9 are read as digits (full grids in the 0-9 encoding).
TEST(Npy, UndecidedRowsWaitForTheRowThatDecides) {
  std::vector<std::string> grids(5, kSolution);
  grids.push_back(kPuzzle);
  Read read = ReadAll(NpyFile("late.npy", "|u1", "(6, 81)",
                              testing::GridCells(grids, false)));
  ASSERT_EQ(read.records.size(), 6u) << read.error;
  EXPECT_EQ(FormatGrid(read.records[5].puzzle), kPuzzle);
  EXPECT_EQ(read.records[5].line, 6u);
  read = ReadAll(NpyFile("full.npy", "|u1", "(1, 81)",
                         testing::GridCells({kSolution}, false)));
  ASSERT_EQ(read.records.size(), 1u) << read.error;
  EXPECT_EQ(FormatGrid(read.records[0].puzzle), kSolution);
}

TEST(Npy, AWrongShapeOrDtypeIsRefused) {
  const std::vector<int64_t> cells(160, 0);
  std::string path = NpyFile("shape.npy", "|u1", "(2, 80)", cells);
  EXPECT_TRUE(Has(ReadAll(path).error,
                  path + ": npy shape (2, 80) is not one of grids"));
  path = NpyFile("float.npy", "<f4", "(1, 81)", std::vector<int64_t>(81, 0));
  EXPECT_TRUE(Has(ReadAll(path).error, path + ": npy dtype '<f4'"))
      << ReadAll(path).error;
}

TEST(Npy, BadCellsAndCutDataNameTheRow) {
  std::vector<int64_t> cells = testing::GridCells({kPuzzle, kPuzzle}, false);
  cells[81 + 4] = 11;
  std::string path = NpyFile("eleven.npy", "<i2", "(2, 81)", cells);
  Read read = ReadAll(path);
  EXPECT_EQ(read.records.size(), 1u);
  EXPECT_TRUE(Has(read.error, path + ":2: npy row 2 (index 1): cell 5 holds 11"))
      << read.error;
  // A full grid in HRM's encoding after a row in the 0-9 one.
  cells = testing::GridCells({kPuzzle, kPuzzle}, false);
  const auto hrm = testing::GridCells({kSolution}, true);
  cells.insert(cells.end(), hrm.begin(), hrm.end());
  path = NpyFile("mixed.npy", "|u1", "(3, 81)", cells);
  read = ReadAll(path);
  EXPECT_EQ(read.records.size(), 2u);
  EXPECT_TRUE(Has(read.error, "npy row 3 (index 2): holds 10 where row 1 set "
                              "the 0-9 encoding (0 blank)"))
      << read.error;
  const std::string bytes = testing::NpyBytes(
      "|u1", "(3, 81)", testing::GridCells({kPuzzle, kPuzzle, kPuzzle}, false));
  path = testing::WriteTempFile("cut.npy", bytes.substr(0, bytes.size() - 40));
  read = ReadAll(path);
  EXPECT_EQ(read.records.size(), 2u);
  EXPECT_TRUE(Has(read.error, path + ":3: npy row 3 (index 2): npy data ends "
                                     "early: 3 rows declared, 2 whole"))
      << read.error;
}

}  // namespace
}  // namespace sudoku
