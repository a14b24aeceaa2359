// Tests for Input at the edges of what it sniffs: valid compressed files
// that the tools making them write (a zstd skippable frame first, gzip padded
// with zeros), and archives, which are files of files, not lines.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <string>
#include <vector>

#include "engine/input/input.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::ReadFile;
using testing::WriteTempFile;

const std::vector<std::string> kLines = {"# two puzzles",
                                         "1" + std::string(80, '.'),
                                         "2" + std::string(80, '.')};
const std::string kText = kLines[0] + "\n" + kLines[1] + "\n" + kLines[2] + "\n";

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

std::string Zstd(const std::string& data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const size_t n =
      ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// A zstd skippable frame, as RFC 8878 3.1.2 lays it out: a magic number
// 0x184D2A5? and the payload's size, both little-endian, then the payload.
// pzstd writes one first, holding the size of the frame that follows.
std::string SkippableFrame(uint8_t variant, const std::string& payload) {
  std::string frame = {static_cast<char>(0x50 | variant), 0x2A, 0x4D, 0x18};
  for (int i = 0; i < 4; ++i) {
    frame += static_cast<char>((payload.size() >> (8 * i)) & 0xFF);
  }
  return frame + payload;
}

// A POSIX tar header block (ustar) for one file of `size` bytes: the name,
// octal numbers, the magic at offset 257 and the checksum.
std::string TarHeader(const std::string& name, size_t size) {
  std::string block(512, '\0');
  block.replace(0, name.size(), name);
  const auto octal = [&block](size_t at, size_t width, uint64_t value) {
    char text[32];
    std::snprintf(text, sizeof(text), "%0*llo", static_cast<int>(width - 1),
                  static_cast<unsigned long long>(value));
    block.replace(at, width - 1, text);
  };
  octal(100, 8, 0644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, 0);
  block[156] = '0';
  block.replace(257, 6, std::string("ustar\0", 6));
  block.replace(263, 2, "00");
  block.replace(148, 8, "        ");
  unsigned sum = 0;
  for (const char ch : block) sum += static_cast<unsigned char>(ch);
  octal(148, 7, sum);
  return block;
}

// A tar file of one member holding `text`, padded as tar pads.
std::string Tar(const std::string& name, const std::string& text) {
  std::string tar = TarHeader(name, text.size()) + text;
  tar.resize((tar.size() + 511) / 512 * 512, '\0');
  return tar + std::string(1024, '\0');
}

std::vector<std::string> AllLines(Input& input) {
  std::vector<std::string> lines;
  LineCut cut = LineCut::kWhole;
  while (auto line = input.NextLine(cut)) lines.emplace_back(*line);
  return lines;
}

// The lines, or the message of the InputError that ended them, last.
std::vector<std::string> LinesOrError(const std::string& path) {
  std::vector<std::string> lines;
  try {
    Input input(path);
    LineCut cut = LineCut::kWhole;
    while (auto line = input.NextLine(cut)) lines.emplace_back(*line);
  } catch (const InputError& error) {
    lines.emplace_back(std::string("error: ") + error.what());
  }
  return lines;
}

TEST(CompressedEdge, ZstdThatStartsWithASkippableFrameIsZstd) {
  const std::string frame = Zstd(kText);
  std::string size(4, '\0');
  for (int i = 0; i < 4; ++i) size[i] = static_cast<char>(frame.size() >> (8 * i));
  for (const uint8_t variant : {0x0, 0xA, 0xF}) {
    const std::string data = SkippableFrame(variant, size) + frame;
    const std::string path = WriteTempFile("pzstd.zst", data);
    Input input(path);
    EXPECT_EQ(input.facts().compression, "zstd");
    EXPECT_EQ(AllLines(input), kLines);
    EXPECT_EQ(input.raw_bytes_read(), data.size());
    EXPECT_EQ(ReadFile(path), data);  // the input is read, never changed
  }
}

TEST(CompressedEdge, SkippableFramesBetweenAndAfterZstdFramesAreSkipped) {
  const std::string data = SkippableFrame(1, "meta") + Zstd(kText) +
                           SkippableFrame(2, "") + Zstd("tail\n") +
                           SkippableFrame(3, std::string(100, 'x'));
  Input input(WriteTempFile("frames.zst", data));
  std::vector<std::string> expected = kLines;
  expected.push_back("tail");
  EXPECT_EQ(AllLines(input), expected);
}

TEST(CompressedEdge, GzipFollowedByZeroPaddingIsReadWhole) {
  // tar -z, tape tools and some uploaders pad to a block; gzip reads it.
  for (const size_t zeros : {1u, 511u, 10240u, 200000u}) {
    const std::string data = Gzip(kText) + std::string(zeros, '\0');
    Input input(WriteTempFile("padded.gz", data));
    EXPECT_EQ(AllLines(input), kLines) << zeros;
    EXPECT_EQ(input.raw_bytes_read(), data.size());
  }
  // Members after padding-free members still read; padding ends the data.
  Input two(WriteTempFile("two.gz", Gzip(kText) + Gzip("tail\n") +
                                        std::string(64, '\0')));
  std::vector<std::string> expected = kLines;
  expected.push_back("tail");
  EXPECT_EQ(AllLines(two), expected);
}

TEST(CompressedEdge, GzipPaddingFollowedByOtherBytesIsAnError) {
  const auto lines = LinesOrError(WriteTempFile(
      "garbage.gz", Gzip(kText) + std::string(16, '\0') + "junk"));
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines.back().find("garbage.gz:4: gzip data is followed by bytes "
                              "that are neither zero padding nor gzip"),
            std::string::npos)
      << lines.back();
  // Garbage with no padding is still the corrupt gzip it was.
  const auto corrupt =
      LinesOrError(WriteTempFile("corrupt.gz", Gzip(kText) + "junk"));
  EXPECT_NE(corrupt.back().find("gzip data is corrupt"), std::string::npos)
      << corrupt.back();
}

// An archive is named as one, with the file and how to read what it holds,
// before any of its bytes is taken for a line.
TEST(CompressedEdge, ArchivesAreRefusedByName) {
  const std::string tar = Tar("puzzles.txt", kText);
  struct Case {
    const char* name;
    std::string data;
    const char* message;
  };
  const Case cases[] = {
      {"set.tar", tar,
       "set.tar is a tar archive, not a dataset of lines: extract it "
       "(tar -xf) and name the file inside"},
      {"set.tar.gz", Gzip(tar),
       "set.tar.gz is a tar archive (gzip-compressed), not a dataset of "
       "lines: extract it (tar -xf) and name the file inside"},
      {"set.tar.zst", Zstd(tar),
       "set.tar.zst is a tar archive (zstd-compressed), not a dataset"},
      // A zip is read through libzip (engine/input/zip_source.h); one it
      // cannot read is refused by name.
      {"set.zip", std::string("PK\x03\x04\x14\0\0\0", 8) + kText,
       "set.zip: the zip archive cannot be read (libzip: "},
      {"empty.zip", std::string("PK\x05\x06", 4) + std::string(18, '\0'),
       "empty.zip is an empty zip archive"},
      {"set.7z", std::string("7z\xbc\xaf\x27\x1c\0\x04", 8),
       "set.7z is a 7z archive"},
      {"set.bz2", "BZh91AY&SY" + std::string(30, '\x01'),
       "set.bz2 is bzip2-compressed, not a dataset of lines: decompress it "
       "(bunzip2)"},
  };
  for (const Case& c : cases) {
    const std::string path = WriteTempFile(c.name, c.data);
    const auto lines = LinesOrError(path);
    ASSERT_EQ(lines.size(), 1u) << c.name << ": " << lines.front();
    EXPECT_EQ(lines[0].find("error: " + path), 0u) << lines[0];
    EXPECT_NE(lines[0].find(c.message), std::string::npos) << lines[0];
    EXPECT_EQ(ReadFile(path), c.data);
  }
}

TEST(CompressedEdge, TextThatOnlyLooksLikeAnArchiveIsText) {
  // "BZh" starts words; "PK" starts lines; "ustar" may sit at 257 in a
  // long first line of text.
  std::string long_line(300, 'a');
  long_line.replace(257, 6, "ustar ");
  for (const std::string& text :
       {std::string("BZh91 is no bzip2 block\n"), std::string("PK,x\n"),
        long_line + "\n" + kText}) {
    Input input(WriteTempFile("text.txt", text));
    EXPECT_EQ(AllLines(input).front(), text.substr(0, text.find('\n')));
  }
}

// The sniff waits for no more than the first line: a pipe that sends a
// short line and then waits is read line by line, as before.
TEST(CompressedEdge, AShortFirstLineOfAPipeIsNotHeldForTheSniff) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  // Past the 8 bytes read for the compression's magic, short of a tar
  // header's 262.
  const std::string line = "a short first line";
  ASSERT_EQ(write(fds[1], (line + "\n").data(), line.size() + 1),
            static_cast<ssize_t>(line.size() + 1));
  auto first = std::async(std::launch::async, [&fds] {
    Input input("/proc/self/fd/" + std::to_string(fds[0]));
    LineCut cut = LineCut::kWhole;
    const auto line = input.NextLine(cut);
    return line ? std::string(*line) : std::string("(none)");
  });
  const bool in_time =
      first.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
  close(fds[1]);  // lets a reader that waits for more end
  EXPECT_TRUE(in_time);
  EXPECT_EQ(first.get(), line);
  close(fds[0]);
}

}  // namespace
}  // namespace sudoku
