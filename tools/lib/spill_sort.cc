// The temporary files SpillSorter writes its sorted runs to.
#include "tools/lib/spill_sort.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace sudoku {
namespace {

[[noreturn]] void Fail(const std::string& what, const std::string& dir) {
  throw std::runtime_error(what + " a temporary file in " + dir + ": " +
                           std::strerror(errno));
}

}  // namespace

RunFile::RunFile(const std::string& dir) : dir_(dir) {
  std::string name = dir + "/sudoku-corpus-XXXXXX";
  const int fd = mkstemp(name.data());
  if (fd < 0) Fail("cannot make", dir_);
  // Unlinked at once: the file lives as long as the descriptor, so nothing
  // is left behind when the process ends, however it ends.
  unlink(name.c_str());
  file_ = fdopen(fd, "w+b");
  if (file_ == nullptr) {
    close(fd);
    Fail("cannot open", dir_);
  }
}

RunFile::~RunFile() {
  if (file_ != nullptr) std::fclose(file_);
}

void RunFile::Write(const void* data, size_t bytes) {
  if (bytes != 0 && std::fwrite(data, 1, bytes, file_) != bytes) {
    Fail("cannot write", dir_);
  }
}

void RunFile::Rewind() {
  if (std::fflush(file_) != 0) Fail("cannot write", dir_);
  std::rewind(file_);
}

size_t RunFile::Read(void* data, size_t bytes) {
  const size_t read = std::fread(data, 1, bytes, file_);
  if (read < bytes && std::ferror(file_)) Fail("cannot read", dir_);
  return read;
}

}  // namespace sudoku
