// What an input's bytes are, by their magic numbers: the compression to
// decode and the archives that are no dataset. Input asks here, once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/input/input.h"

namespace sudoku {

// Where the raw bytes come from, for the decoders that need the file itself
// (a zip's directory is at its end): an open regular file, or -1.
struct RawFileFacts {
  int fd = -1;
  uint64_t size = 0;
};

// The decoder of raw bytes that start with `magic` (gzip, xz, zstd: a zstd
// frame or a skippable frame, as pzstd writes first; a zip of one file; a
// NumPy .npy array of grids, decoded to lines), pulling from `raw`, with its
// name in `compression`; nullptr, `compression` untouched, for bytes that
// are none of these. Throws InputError when the library cannot start or the
// file is not one it reads (a zip of several files, a .npy of floats).
std::unique_ptr<ByteSource> DecoderFor(std::string_view magic, ByteSource& raw,
                                       RawFileFacts file,
                                       std::string& compression);

// What a file that is no dataset of lines is, and what to do with it.
struct ContainerKind {
  const char* what;  // "a tar archive"
  const char* hint;  // "extract it (tar -xf) and name the file inside"
};

// The decoded bytes ContainerOf needs: a tar header block.
inline constexpr size_t kContainerHead = 512;

// What `head`, the first decoded bytes of an input (up to kContainerHead),
// says it is when it is an archive (tar, zip, 7z, also inside gzip, xz or
// zstd: a .tar.gz) or compressed in a way not decoded here (bzip2);
// nullptr for anything else.
const ContainerKind* ContainerOf(std::string_view head);

}  // namespace sudoku
