// What an input's bytes are, by their magic numbers: the compression to
// decode and the archives that are no dataset. Input asks here, once.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "engine/input/input.h"

namespace sudoku {

// The decoder of raw bytes that start with `magic` (gzip, xz, zstd: a zstd
// frame or a skippable frame, as pzstd writes first), pulling from `raw`,
// with its name in `compression`; nullptr, `compression` untouched, for
// bytes that are not compressed. Throws InputError when the library cannot
// start.
std::unique_ptr<ByteSource> DecoderFor(std::string_view magic, ByteSource& raw,
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
