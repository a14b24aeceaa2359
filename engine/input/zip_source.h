// A zip archive of one file (how Kaggle ships its CSV sets), its member's
// bytes decoded by libzip as they are read.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/input/input.h"

namespace sudoku {

// Whether `magic`, an input's first bytes, starts a zip archive's first member.
bool IsZipMagic(std::string_view magic);

// The bytes of the one file the zip archive in the open regular file `fd`
// holds (directories and macOS's __MACOSX/ entries aside), read by libzip
// through a descriptor of its own. `raw`, the same file's hashed and counted
// stream, is read along in step with the member (and to its end after it),
// so the byte count, the hash, line positions and the expansion check stay
// those of the raw file. Throws InputError for an archive libzip cannot read
// (truncated, corrupt, encrypted), one with several files (naming them) or
// none, and `fd` -1 (a pipe: libzip needs the archive's end first).
std::unique_ptr<ByteSource> ZipDecoder(ByteSource& raw, int fd,
                                       uint64_t raw_size);

}  // namespace sudoku
