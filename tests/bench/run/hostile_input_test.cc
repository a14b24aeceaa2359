// Hostile inputs end to end (docs/testing.md): what bench does with each,
// that every line is counted or the stop reported, and that its peak memory
// stays under the documented bound.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "engine/input/input.h"
#include "engine/pipeline/driver.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::BenchRun;
using testing::BenchUnder;
using testing::Has;
using testing::TempPath;
using testing::WriteTempFile;

const std::string& kPuzzle = testing::kSamplePuzzle;

// README: bench's peak resident memory on any of these inputs, at -t 2.
constexpr long kPeakBoundKb = 64 * 1024;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // shadow memory: the bound means nothing
#else
constexpr bool kSanitized = false;
#endif

// A bench run with its peak resident memory, when /usr/bin/time can tell.
struct MeasuredRun {
  BenchRun run;
  long peak_kb = -1;
  std::map<std::string, std::string> csv;  // the first row, by column
};

std::map<std::string, std::string> FirstRow(const std::string& csv) {
  const auto lines = testing::Lines(csv);
  std::map<std::string, std::string> row;
  if (lines.size() < 2) return row;
  const auto names = testing::Fields(lines[0]);
  const auto values = testing::Fields(lines[1]);
  for (size_t i = 0; i < names.size() && i < values.size(); ++i) {
    row[names[i]] = values[i];
  }
  return row;
}

// Runs `bench -t 2 -q --csv FILE ARGS` under /usr/bin/time, and checks the
// peak memory against the bound.
MeasuredRun Measured(const std::string& args) {
  const std::string csv = TempPath("hostile.csv");
  std::remove(csv.c_str());
  const bool timed = access("/usr/bin/time", X_OK) == 0;
  MeasuredRun m;
  m.run = BenchUnder(timed ? "/usr/bin/time -f peak_kb=%M " : "",
                     "-t 2 -q --csv " + csv + " " + args);
  const size_t at = m.run.err.rfind("peak_kb=");
  if (at != std::string::npos) m.peak_kb = std::stol(m.run.err.substr(at + 8));
  m.csv = FirstRow(testing::ReadFile(csv));
  if (!kSanitized && m.peak_kb >= 0) {
    EXPECT_LT(m.peak_kb, kPeakBoundKb) << args;
  }
  std::cout << "[ peak    ] " << m.peak_kb << " kB: bench " << args << '\n';
  return m;
}

// Writes `count` bytes of `fill` after `head`, in blocks, never holding it.
std::string WriteBigFile(const std::string& name, const std::string& head,
                         char fill, uint64_t count) {
  const std::string path = TempPath(name);
  std::ofstream out(path, std::ios::binary);
  out << head;
  const std::string block(1 << 20, fill);
  for (uint64_t left = count; left > 0;) {
    const uint64_t n = std::min<uint64_t>(left, block.size());
    out.write(block.data(), static_cast<std::streamsize>(n));
    left -= n;
  }
  return path;
}

TEST(HostileInput, HundredMegabyteLineIsCutCountedAndSkipped) {
  const std::string path =
      WriteBigFile("long_line.txt", kPuzzle + "\n", 'x', uint64_t{100} << 20);
  const MeasuredRun m = Measured(path);
  EXPECT_EQ(m.run.exit_code, 0) << m.run.err;
  EXPECT_TRUE(Has(m.run.err, path + ":2: line longer than 65536 bytes"))
      << m.run.err;
  EXPECT_EQ(m.csv.at("puzzles"), "2");
  EXPECT_EQ(m.csv.at("solved"), "1");
  EXPECT_EQ(m.csv.at("malformed"), "1");
  EXPECT_EQ(m.csv.at("dataset_bytes"), std::to_string(82 + (100 << 20)));
  std::remove(path.c_str());
}

TEST(HostileInput, FileOfNulBytesIsOneMalformedLine) {
  const std::string path =
      WriteBigFile("nul.bin", "", '\0', uint64_t{16} << 20);
  const MeasuredRun m = Measured(path);
  // No line is a puzzle: an input in no layout, not a pass of zero puzzles.
  EXPECT_EQ(m.run.exit_code, 2) << m.run.err;
  EXPECT_TRUE(Has(m.run.err, path + ":1: line longer than")) << m.run.err;
  EXPECT_EQ(m.csv.at("puzzles"), "1");
  EXPECT_EQ(m.csv.at("malformed"), "1");
  std::remove(path.c_str());
}

TEST(HostileInput, DevZeroStopsAtTheLongestLineRead) {
  // No newline ever comes, so no line cap can end it: the line does.
  const MeasuredRun m = Measured("--lines 10 /dev/zero");
  EXPECT_EQ(m.run.exit_code, 2);
  EXPECT_TRUE(Has(m.run.err, "/dev/zero:1: no newline in " +
                                 std::to_string(Input::kMaxLineRead) +
                                 " bytes"))
      << m.run.err;
  EXPECT_EQ(m.csv.at("puzzles"), "0");
  EXPECT_EQ(m.csv.at("complete"), "false");  // reading stopped early
}

TEST(HostileInput, DevUrandomEndsAtTheLineCap) {
  const MeasuredRun m = Measured("--lines 100000 /dev/urandom");
  // No line is a puzzle: an input in no layout, not a pass of zero puzzles.
  EXPECT_EQ(m.run.exit_code, 2) << m.run.err;
  EXPECT_TRUE(Has(m.run.err,
                  "/dev/urandom:100000: stopped after 100000 lines (--lines)"))
      << m.run.err;
  // Random bytes are never a puzzle line; blank and '#' lines are skipped.
  const uint64_t puzzles = std::stoull(m.csv.at("puzzles"));
  EXPECT_GT(puzzles, 90000u);
  EXPECT_LE(puzzles, 100000u);
  EXPECT_EQ(m.csv.at("malformed"), m.csv.at("puzzles"));
}

TEST(HostileInput, LineCapIsSilentWhenTheFileEndsThere) {
  const std::string path =
      WriteTempFile("two.txt", kPuzzle + "\n" + kPuzzle + "\n");
  const MeasuredRun m = Measured("--lines 2 " + path);
  EXPECT_EQ(m.run.exit_code, 0) << m.run.err;
  EXPECT_FALSE(Has(m.run.err, "--lines")) << m.run.err;
  EXPECT_EQ(m.csv.at("solved"), "2");
}

TEST(HostileInput, FifoReadsLikeTheFile) {
  signal(SIGPIPE, SIG_IGN);
  std::string content;
  for (int i = 0; i < 5000; ++i) content += kPuzzle + "\n";
  content += "not a puzzle\n";
  const std::string fifo = TempPath("dataset.fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::ofstream out(fifo, std::ios::binary);
    out << content;
  });
  const MeasuredRun m = Measured(fifo);
  writer.join();
  EXPECT_EQ(m.run.exit_code, 0) << m.run.err;
  EXPECT_EQ(m.csv.at("puzzles"), "5001");
  EXPECT_EQ(m.csv.at("solved"), "5000");
  EXPECT_EQ(m.csv.at("malformed"), "1");
  EXPECT_EQ(m.csv.at("dataset_bytes"), std::to_string(content.size()));
  // A FIFO has no size to split.
  const BenchRun sharded = testing::Bench("--shard 1/2 " + fifo);
  EXPECT_EQ(sharded.exit_code, 2);
}

// Lines of `count` puzzles, numbered in their note so a line can be found.
std::string NumberedLines(int first, int count) {
  std::string text;
  for (int i = first; i < first + count; ++i) {
    text += kPuzzle + " #" + std::to_string(i) + "\n";
  }
  return text;
}

// The rest of `input`'s lines, each with a '\n' after it; `error` gets the
// message of the InputError that ended them, if one did.
std::string ReadRest(Input& input, std::string* error = nullptr) {
  std::string text;
  LineCut cut = LineCut::kWhole;
  try {
    while (const auto line = input.NextLine(cut)) {
      text.append(*line).push_back('\n');
    }
  } catch (const InputError& e) {
    if (error == nullptr) throw;
    *error = e.what();
  }
  return text;
}

TEST(HostileInput, FileThatGrowsWhileReadIsReadToItsNewEnd) {
  const int kLines = 20000;  // about 2 MB: more than one read buffer
  const std::string first = NumberedLines(0, kLines);
  const std::string path = WriteTempFile("growing.txt", first);
  Input input(path);
  LineCut cut = LineCut::kWhole;
  const auto line = input.NextLine(cut);
  ASSERT_TRUE(line);
  std::string read = std::string(*line) + "\n";
  const std::string more = NumberedLines(kLines, kLines);
  {
    std::ofstream out(path, std::ios::app | std::ios::binary);
    out << more;
  }
  read += ReadRest(input);
  EXPECT_TRUE(read == first + more);
  // The report's byte count is of what was read, not the size the file
  // had when it was opened.
  EXPECT_EQ(input.raw_bytes_read(), first.size() + more.size());
}

// Read to its new end, and then said to have changed (faults_test.cc runs
// bench on a file cut mid-run).
TEST(HostileInput, FileThatShrinksWhileReadEndsAtItsNewEnd) {
  const int kLines = 40000;  // about 4 MB: several read buffers
  const std::string text = NumberedLines(0, kLines);
  const std::string path = WriteTempFile("shrinking.txt", text);
  Input input(path);
  LineCut first_cut = LineCut::kWhole;
  const auto line = input.NextLine(first_cut);
  ASSERT_TRUE(line);
  std::string read = std::string(*line) + "\n";
  // Cut in the middle of a line, past the first buffer.
  const size_t cut = text.size() / 2 + 7;
  ASSERT_NE(text[cut - 1], '\n');
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(cut)), 0);
  std::string error;
  read += ReadRest(input, &error);
  // Every line up to the cut, the one it split ending there.
  EXPECT_TRUE(read == text.substr(0, cut) + "\n");
  EXPECT_EQ(input.raw_bytes_read(), cut);
  size_t lines = 0;
  for (const char c : read) lines += c == '\n';
  EXPECT_EQ(error,
            path + ":" + std::to_string(lines) +
                ": the file changed while it was read: it shrank from " +
                std::to_string(text.size()) + " to " + std::to_string(cut) +
                " bytes; reading stopped at line " + std::to_string(lines));
}

// Deflates `size` bytes of repeated `line`s once, then writes that member
// `members` times: gzip readers decode concatenated members as one stream.
std::string WriteGzipBomb(const std::string& name, const std::string& line,
                          size_t size, int members, uint64_t& decoded) {
  std::string plain;
  while (plain.size() + line.size() <= size) plain += line;
  uLongf room = compressBound(static_cast<uLong>(plain.size())) + 64;
  std::vector<Bytef> member(room);
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(plain.data());
  z.avail_in = static_cast<uInt>(plain.size());
  z.next_out = member.data();
  z.avail_out = static_cast<uInt>(room);
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  member.resize(z.total_out);
  deflateEnd(&z);
  const std::string path = TempPath(name);
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < members; ++i) {
    out.write(reinterpret_cast<const char*>(member.data()),
              static_cast<std::streamsize>(member.size()));
  }
  decoded = uint64_t{plain.size()} * members;
  return path;
}

// The lines --lines asks for were read whole even when the input fails
// right after them: the peek that looks for more must not end the run.
TEST(HostileInput, AFailureJustPastTheLineCapIsNotAReadError) {
  std::string noise;
  uint32_t state = 12345;
  for (int i = 0; i < 300000; ++i) {
    state = state * 1103515245u + 12345u;
    noise += static_cast<char>('a' + (state >> 16) % 26);
  }
  uint64_t decoded = 0;
  const std::string path =
      WriteGzipBomb("cut.gz", kPuzzle + "\n" + noise + "\n",
                    kPuzzle.size() + 300002, 1, decoded);
  // Cut inside the second line: the first decodes whole, the second fails.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) * 7 / 10);
  const MeasuredRun whole = Measured(path);
  EXPECT_EQ(whole.run.exit_code, 2) << whole.run.err;  // it is truncated
  const MeasuredRun capped = Measured("--lines 1 " + path);
  EXPECT_EQ(capped.run.exit_code, 0) << capped.run.err;
  EXPECT_TRUE(Has(capped.run.err, "stopped after 1 lines (--lines)"))
      << capped.run.err;
  EXPECT_EQ(capped.csv.at("solved"), "1");
}

TEST(HostileInput, CompressionBombIsStoppedAndTheStopReported) {
  uint64_t decoded = 0;
  // Comment lines: counted and skipped, so the test times the decoding.
  const std::string path = WriteGzipBomb(
      "bomb.gz", "#" + std::string(4094, 'x') + "\n", 16 << 20, 512, decoded);
  ASSERT_GE(decoded, uint64_t{8} << 30);  // 8 GiB from 8 MB or so
  const MeasuredRun m = Measured(path);
  EXPECT_EQ(m.run.exit_code, 2);
  EXPECT_TRUE(Has(m.run.err, "(a compression bomb?)")) << m.run.err;
  EXPECT_EQ(m.csv.at("complete"), "false");
  EXPECT_TRUE(Has(m.run.err, path + ":")) << m.run.err;
  // The option lifts the limit; a line cap then ends the run.
  const MeasuredRun lifted = Measured("--max-expansion 0 --lines 1000 " + path);
  EXPECT_EQ(lifted.run.exit_code, 0) << lifted.run.err;
  EXPECT_TRUE(Has(lifted.run.err, "stopped after 1000 lines"))
      << lifted.run.err;
  std::remove(path.c_str());
}

// 10^8, as the README says; 10^7 in the sanitizer builds, which read
// lines ten times slower. SUDOKU_EMPTY_LINES sets another count.
uint64_t EmptyLineCount() {
  const char* count = std::getenv("SUDOKU_EMPTY_LINES");
  if (count != nullptr) return std::stoull(count);
  return kSanitized ? 10'000'000 : 100'000'000;
}

TEST(HostileInput, HundredMillionEmptyLinesAreEachCounted) {
  const uint64_t count = EmptyLineCount();
  const std::string path = WriteBigFile("empty_lines.txt", "", '\n', count);
  RunOptions options;
  options.threads = 2;
  DatasetResult result;
  {
    RunObserver quiet;
    result = RunDataset(path, options, quiet);
  }
  EXPECT_EQ(result.lines_read, count);
  EXPECT_EQ(result.puzzle_lines, 0u);
  EXPECT_EQ(result.raw_bytes, count);
  const MeasuredRun m = Measured(path);
  EXPECT_EQ(m.run.exit_code, 0) << m.run.err;
  EXPECT_EQ(m.csv.at("dataset_bytes"), std::to_string(count));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace sudoku
