// A zip archive of one file read through libzip, its raw bytes read along so
// the hash and the byte count stay the file's.
#include "engine/input/zip_source.h"

#include <fcntl.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sudoku {
namespace {

constexpr size_t kChunk = 1 << 16;

std::string LibzipError(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string text = zip_error_strerror(&error);
  zip_error_fini(&error);
  return text;
}

bool IsFileEntry(std::string_view name) {
  return !name.empty() && !name.ends_with('/') && !name.starts_with("__MACOSX/");
}

// Owners of libzip's handles: a refusal thrown from ZipSource's constructor
// (several files, none, an unreadable member) still closes what it opened,
// where a destructor would not run (LeakSanitizer found the archive kept).
struct ZipDiscard {
  void operator()(zip_t* archive) const { zip_discard(archive); }
};
struct ZipFileClose {
  void operator()(zip_file_t* member) const { zip_fclose(member); }
};

class ZipSource : public ByteSource {
 public:
  ZipSource(ByteSource& raw, int fd, uint64_t raw_size)
      : raw_(raw), raw_size_(raw_size), chunk_(kChunk) {
    Open(fd);
    const zip_uint64_t index = OnlyMember();
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive_.get(), index, 0, &stat) == 0 &&
        (stat.valid & ZIP_STAT_SIZE) != 0) {
      member_size_ = stat.size;
    }
    member_.reset(zip_fopen_index(archive_.get(), index, 0));
    if (member_ == nullptr) {
      throw InputError("the zip archive's file " + name_ +
                       " cannot be read (libzip: " +
                       zip_strerror(archive_.get()) + ")");
    }
  }

  size_t Read(char* buffer, size_t capacity) override {
    const zip_int64_t n = zip_fread(member_.get(), buffer, capacity);
    if (n < 0) {
      throw InputError("the zip archive's file " + name_ +
                       " is corrupt (libzip: " + zip_file_strerror(member_.get()) +
                       ")");
    }
    decoded_ += static_cast<uint64_t>(n);
    // The raw stream in step: the share of the file the member's share says.
    const uint64_t target =
        n == 0 || member_size_ == 0
            ? raw_size_
            : static_cast<uint64_t>(static_cast<long double>(raw_size_) *
                                    std::min(decoded_, member_size_) /
                                    member_size_);
    FollowRaw(n == 0 ? UINT64_MAX : target);
    return static_cast<size_t>(n);
  }

 private:
  void Open(int fd) {
    if (fd < 0) {
      throw InputError("a zip archive is read from a file, not a pipe (its "
                       "directory is at its end): name the file, or unzip "
                       "-p it into the pipe");
    }
    // A descriptor of its own: libzip seeks, the raw stream reads on.
    const int own = open(("/proc/self/fd/" + std::to_string(fd)).c_str(),
                         O_RDONLY | O_CLOEXEC);
    if (own < 0) throw InputError("cannot open the zip archive again");
    int code = 0;
    archive_.reset(zip_fdopen(own, ZIP_CHECKCONS, &code));
    if (archive_ == nullptr) {
      close(own);
      throw InputError("the zip archive cannot be read (libzip: " +
                       LibzipError(code) + "): is it truncated?");
    }
  }

  zip_uint64_t OnlyMember() {
    std::vector<std::string> names;
    zip_uint64_t only = 0;
    const zip_int64_t entries = zip_get_num_entries(archive_.get(), 0);
    for (zip_int64_t i = 0; i < entries; ++i) {
      const char* name =
          zip_get_name(archive_.get(), static_cast<zip_uint64_t>(i), 0);
      if (name == nullptr || !IsFileEntry(name)) continue;
      names.emplace_back(name);
      only = static_cast<zip_uint64_t>(i);
    }
    if (names.size() == 1) {
      name_ = names[0];
      return only;
    }
    if (names.empty()) throw InputError("the zip archive holds no file");
    std::string listed;
    for (size_t i = 0; i < names.size() && i < 10; ++i) {
      listed += (i ? ", " : "") + names[i];
    }
    if (names.size() > 10) listed += ", ...";
    throw InputError("the zip archive holds " + std::to_string(names.size()) +
                     " files (" + listed +
                     "), not one: extract the one to read (unzip ARCHIVE "
                     "NAME) and name it");
  }

  void FollowRaw(uint64_t target) {
    while (raw_read_ < target) {
      const size_t n = raw_.Read(
          chunk_.data(), static_cast<size_t>(std::min<uint64_t>(
                             chunk_.size(), target - raw_read_)));
      if (n == 0) return;
      raw_read_ += n;
    }
  }

  ByteSource& raw_;
  uint64_t raw_size_;
  uint64_t raw_read_ = 0;
  uint64_t decoded_ = 0;
  uint64_t member_size_ = 0;
  std::vector<char> chunk_;
  // Declared in this order, so the member closes before its archive.
  std::unique_ptr<zip_t, ZipDiscard> archive_;
  std::unique_ptr<zip_file_t, ZipFileClose> member_;
  std::string name_;
};

}  // namespace

bool IsZipMagic(std::string_view magic) {
  return magic.starts_with("PK\x03\x04");
}

std::unique_ptr<ByteSource> ZipDecoder(ByteSource& raw, int fd,
                                       uint64_t raw_size) {
  return std::make_unique<ZipSource>(raw, fd, raw_size);
}

}  // namespace sudoku
