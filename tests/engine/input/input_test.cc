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
#include <vector>

#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::WriteTempFile;

std::vector<std::string> AllLines(Input& input) {
  std::vector<std::string> lines;
  bool truncated = false;
  while (auto line = input.NextLine(truncated)) lines.emplace_back(*line);
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
  bool truncated = false;
  EXPECT_EQ(*input.NextLine(truncated), "first");
  EXPECT_FALSE(truncated);
  EXPECT_EQ(input.NextLine(truncated)->size(), Input::kMaxLine);
  EXPECT_TRUE(truncated);
  EXPECT_EQ(*input.NextLine(truncated), "last");
  EXPECT_FALSE(truncated);
  EXPECT_FALSE(input.NextLine(truncated).has_value());
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

// A plain file is mapped a window at a time; a stream of the same bytes is
// copied. Both must give the same lines, positions, byte count and hash,
// here with lines (one of them cut at kMaxLine) across the windows' edges.
TEST(Input, AMappedFileReadsAsTheSameBytesAsAStream) {
  std::string text = ManyLines(150000);
  text += std::string(Input::kMaxLine * 20, 'y') + "\n";
  text += ManyLines(150000) + "no newline at the end";
  const std::string path = WriteTempFile("mapped.txt", text);
  Input mapped(path);
  std::istringstream in(text);
  Input streamed(in, "-");
  bool truncated_mapped = false, truncated_streamed = false;
  size_t lines = 0, cut = 0;
  while (true) {
    const auto a = mapped.NextLine(truncated_mapped);
    const auto b = streamed.NextLine(truncated_streamed);
    ASSERT_EQ(a.has_value(), b.has_value()) << "line " << lines + 1;
    if (!a) break;
    ++lines;
    ASSERT_EQ(*a, *b) << "line " << lines;
    ASSERT_EQ(truncated_mapped, truncated_streamed) << "line " << lines;
    ASSERT_EQ(mapped.line_position(), streamed.line_position());
    cut += truncated_mapped;
  }
  EXPECT_EQ(lines, 300002u);
  EXPECT_EQ(cut, 1u);
  EXPECT_EQ(mapped.raw_bytes_read(), text.size());
  EXPECT_EQ(mapped.Sha256Hex(), streamed.Sha256Hex());
}

// Skipping the rest of a mapped file still hashes and counts every byte.
TEST(Input, SkippingTheRestOfAMappedFileHashesItAll) {
  const std::string text = ManyLines(300000);
  Input mapped(WriteTempFile("skipped.txt", text));
  bool truncated = false;
  EXPECT_EQ(*mapped.NextLine(truncated), "line 0");
  mapped.SkipRest();
  EXPECT_FALSE(mapped.NextLine(truncated).has_value());
  std::istringstream in(text);
  Input streamed(in, "-");
  AllLines(streamed);
  EXPECT_EQ(mapped.raw_bytes_read(), text.size());
  EXPECT_EQ(mapped.Sha256Hex(), streamed.Sha256Hex());
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
