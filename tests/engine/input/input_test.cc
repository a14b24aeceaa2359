// Tests for Input: line splitting, long lines, SHA-256, and transparent
// gzip/xz/zstd decoding.
#include "engine/input/input.h"

#include <gtest/gtest.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <tuple>
#include <vector>

#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

std::vector<std::string> AllLines(Input& input) {
  std::vector<std::string> lines;
  LineCut cut = LineCut::kWhole;
  while (auto line = input.NextLine(cut)) lines.emplace_back(*line);
  return lines;
}

// The lines, then the message of the InputError that ended them.
std::vector<std::string> AllLinesUntilError(Input& input) {
  std::vector<std::string> lines;
  LineCut cut = LineCut::kWhole;
  try {
    while (auto line = input.NextLine(cut)) lines.emplace_back(*line);
  } catch (const InputError& error) {
    lines.emplace_back(error.what());
  }
  return lines;
}

std::string Gzip(const std::string& data) {
  z_stream s{};
  deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&s, data.size()) + 32, '\0');
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  s.avail_in = static_cast<uInt>(data.size());
  s.next_out = reinterpret_cast<Bytef*>(out.data());
  s.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&s, Z_FINISH), Z_STREAM_END);
  out.resize(s.total_out);
  deflateEnd(&s);
  return out;
}

std::string Xz(const std::string& data) {
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  size_t pos = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(
                6, LZMA_CHECK_CRC64, nullptr,
                reinterpret_cast<const uint8_t*>(data.data()), data.size(),
                reinterpret_cast<uint8_t*>(out.data()), &pos, out.size()),
            LZMA_OK);
  out.resize(pos);
  return out;
}

std::string Zstd(const std::string& data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const size_t n =
      ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// Enough lines to cross the reader's and the decoders' buffer sizes.
std::string ManyLines(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += "line " + std::to_string(i) + "\n";
  return text;
}

TEST(Input, SplitsLinesKeepingCarriageReturnsAndALastLineWithoutNewline) {
  const std::string path = WriteTempFile("crlf.txt", "a\r\nb\n\nc");
  Input input(path);
  EXPECT_EQ(AllLines(input), (std::vector<std::string>{"a\r", "b", "", "c"}));
  EXPECT_EQ(input.facts().compression, "none");
  EXPECT_EQ(input.facts().raw_size, 7u);
  EXPECT_EQ(input.raw_bytes_read(), 7u);
}

TEST(Input, HashesTheRawBytes) {
  Input input(WriteTempFile("abc.txt", "abc"));
  AllLines(input);
  EXPECT_EQ(input.Sha256Hex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Input, CutsOverlongLinesAndGoesOn) {
  const std::string long_line(Input::kMaxLine * 3, 'x');
  Input input(WriteTempFile("long.txt", "first\n" + long_line + "\nlast\n"));
  LineCut cut = LineCut::kWhole;
  EXPECT_EQ(*input.NextLine(cut), "first");
  EXPECT_EQ(cut, LineCut::kWhole);
  EXPECT_EQ(input.NextLine(cut)->size(), Input::kMaxLine);
  EXPECT_EQ(cut, LineCut::kTooLong);
  EXPECT_EQ(*input.NextLine(cut), "last");
  EXPECT_EQ(cut, LineCut::kWhole);
  EXPECT_FALSE(input.NextLine(cut).has_value());
}

TEST(Input, LinesAcrossBufferBoundaries) {
  const std::string text = ManyLines(300000);  // about 3.5 MB
  Input input(WriteTempFile("many.txt", text));
  const auto lines = AllLines(input);
  ASSERT_EQ(lines.size(), 300000u);
  EXPECT_EQ(lines[123456], "line 123456");
}

TEST(Input, DecodesGzipIncludingConcatenatedMembers) {
  const std::string a = ManyLines(100000), b = "tail 1\ntail 2\n";
  Input input(WriteTempFile("two.gz", Gzip(a) + Gzip(b)));
  EXPECT_EQ(input.facts().compression, "gzip");
  const auto lines = AllLines(input);
  ASSERT_EQ(lines.size(), 100002u);
  EXPECT_EQ(lines[99999], "line 99999");
  EXPECT_EQ(lines.back(), "tail 2");
}

TEST(Input, DecodesXzAndZstdBySniffingNotByName) {
  const std::string text = ManyLines(50000);
  for (const auto& [name, data, kind] :
       {std::tuple{"data.txt", Xz(text), "xz"},
        std::tuple{"data.bin", Zstd(text), "zstd"}}) {
    Input input(WriteTempFile(name, data));
    EXPECT_EQ(input.facts().compression, kind);
    const auto lines = AllLines(input);
    ASSERT_EQ(lines.size(), 50000u) << kind;
    EXPECT_EQ(lines.back(), "line 49999") << kind;
  }
}

TEST(Input, TruncatedCompressedDataIsAnError) {
  const std::string text = ManyLines(20000);
  for (const auto& [name, data] :
       {std::pair{"cut.gz", Gzip(text)}, std::pair{"cut.xz", Xz(text)},
        std::pair{"cut.zst", Zstd(text)}}) {
    Input input(WriteTempFile(name, data.substr(0, data.size() / 2)));
    EXPECT_THROW(AllLines(input), InputError) << name;
  }
}

TEST(Input, MissingFileOrDirectoryIsAnError) {
  EXPECT_THROW(Input("/nonexistent/puzzles.txt"), InputError);
  EXPECT_THROW(Input(::testing::TempDir()), InputError);
}

TEST(Input, ReadsAStreamAsItReadsAFile) {
  const std::string text = ManyLines(30000);
  std::istringstream in(Gzip(text));
  Input input(in, "-");
  EXPECT_EQ(input.facts().compression, "gzip");
  EXPECT_EQ(input.facts().raw_size, std::nullopt);
  const auto lines = AllLines(input);
  ASSERT_EQ(lines.size(), 30000u);
  EXPECT_EQ(lines.back(), "line 29999");
  EXPECT_EQ(input.raw_bytes_read(), Gzip(text).size());
}

// A plain file read with read(2) and a stream of the same bytes give the
// same lines, positions, byte count and hash, here with lines (one of them
// cut at kMaxLine) across the 1 MiB buffers' edges.
TEST(Input, AFileReadsAsTheSameBytesAsAStream) {
  std::string text = ManyLines(150000);
  text += std::string(Input::kMaxLine * 20, 'y') + "\n";
  text += ManyLines(150000) + "no newline at the end";
  const std::string path = WriteTempFile("file.txt", text);
  Input file(path);
  std::istringstream in(text);
  Input streamed(in, "-");
  LineCut cut_file = LineCut::kWhole, cut_streamed = LineCut::kWhole;
  size_t lines = 0, cut = 0;
  while (true) {
    const auto a = file.NextLine(cut_file);
    const auto b = streamed.NextLine(cut_streamed);
    ASSERT_EQ(a.has_value(), b.has_value()) << "line " << lines + 1;
    if (!a) break;
    ++lines;
    ASSERT_EQ(*a, *b) << "line " << lines;
    ASSERT_EQ(cut_file, cut_streamed) << "line " << lines;
    ASSERT_EQ(file.line_position(), streamed.line_position());
    cut += cut_file == LineCut::kTooLong;
  }
  EXPECT_EQ(lines, 300002u);
  EXPECT_EQ(cut, 1u);
  EXPECT_EQ(file.raw_bytes_read(), text.size());
  EXPECT_EQ(file.Sha256Hex(), streamed.Sha256Hex());
}

// Skipping the rest of a file still hashes and counts every byte.
TEST(Input, SkippingTheRestOfAFileHashesItAll) {
  const std::string text = ManyLines(300000);
  Input file(WriteTempFile("skipped.txt", text));
  LineCut cut = LineCut::kWhole;
  EXPECT_EQ(*file.NextLine(cut), "line 0");
  file.SkipRest();
  EXPECT_FALSE(file.NextLine(cut).has_value());
  std::istringstream in(text);
  Input streamed(in, "-");
  AllLines(streamed);
  EXPECT_EQ(file.raw_bytes_read(), text.size());
  EXPECT_EQ(file.Sha256Hex(), streamed.Sha256Hex());
}

// Compressed data cut short: every line decoded comes whole, the one the
// cut split comes unfinished, and then the error, naming the file and the
// line where reading stopped.
TEST(Input, ALineThatAReadFailureCutsComesUnfinishedThenTheError) {
  // zstd decodes whole blocks of up to 128 KiB: enough of them that the
  // cut leaves some decoded.
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "line " + std::to_string(i) + "\n";
  for (const auto& [name, data, reason] :
       {std::tuple{"split.gz", Gzip(text), "gzip data ends early"},
        std::tuple{"split.zst", Zstd(text), "zstd data ends early"}}) {
    SCOPED_TRACE(name);
    const std::string path =
        WriteTempFile(name, data.substr(0, data.size() / 2));
    Input input(path);
    LineCut cut = LineCut::kWhole;
    std::vector<std::string> lines;
    while (true) {
      const auto line = input.NextLine(cut);
      ASSERT_TRUE(line.has_value());
      lines.emplace_back(*line);
      if (cut != LineCut::kWhole) break;
      ASSERT_EQ(lines.back(), "line " + std::to_string(lines.size() - 1));
    }
    EXPECT_EQ(cut, LineCut::kUnfinished);
    // The start of the next line, as far as it was decoded.
    const std::string next = "line " + std::to_string(lines.size() - 1);
    EXPECT_TRUE(next.starts_with(lines.back())) << lines.back();
    const std::string at = std::to_string(lines.size());
    try {
      input.NextLine(cut);
      ADD_FAILURE() << "no error after the unfinished line";
    } catch (const InputError& error) {
      EXPECT_EQ(std::string(error.what()),
                path + ":" + at + ": " + reason +
                    " (truncated file); reading stopped at line " + at);
    }
  }
}

// Cut at a line's end, the data leaves no unfinished line: the error comes
// at once, naming the line that would have come next.
TEST(Input, AReadFailureBetweenLinesNamesTheNextLine) {
  const std::string text = "one\ntwo\n";
  std::string data = Gzip(text);
  data.resize(data.size() - 8);  // the member's trailer: all text decodes
  const std::string path = WriteTempFile("no_trailer.gz", data);
  Input input(path);
  EXPECT_EQ(AllLinesUntilError(input),
            (std::vector<std::string>{"one", "two",
                                      path + ":3: gzip data ends early "
                                             "(truncated file); reading "
                                             "stopped at line 3"}));
}

// A stream that fails on its first read, so the constructor's look-ahead
// throws (the file and digest it holds must not leak; ASan checks that).
class FailingBuffer : public std::streambuf {
 protected:
  int_type underflow() override { throw std::runtime_error("device gone"); }
};

TEST(Input, AReadFailureInTheConstructorIsAnInputError) {
  FailingBuffer buffer;
  std::istream in(&buffer);
  EXPECT_THROW(Input(in, "-"), InputError);
}

}  // namespace
}  // namespace sudoku
