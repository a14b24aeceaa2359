// The one writer: a locked target, a temporary beside it, and the rename that
// makes it whole; a registry the signal path reads to clean up.
#include "engine/common/atomic_output.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <streambuf>

#include "engine/common/stop_request.h"

namespace sudoku {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kLockMark = "sudoku-bench output lock\n";

// What the signal path may touch of a live output: plain pointers into
// strings that outlive the slot's use (the writer empties the slot first).
struct Slot {
  std::atomic<int> state{0};  // 0 free, 1 being filled, 2 live
  int fd = -1;
  const char* temporary = nullptr;
  const char* target = nullptr;
  const char* lock = nullptr;
  bool keep = false;
  bool direct = false;
};
constexpr int kSlots = 64;
Slot slots[kSlots];

// A death by SIGINT, SIGTERM, SIGHUP or SIGQUIT in a program that does not
// handle them itself (the tools): the temporaries go, then the signal ends
// the process as it would have.
void OnDeadlySignal(int signal) {
  AbandonOutputsFromSignal();
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigaction(signal, &default_action, nullptr);
  raise(signal);
}

void InstallCleanupOnce() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    struct sigaction current {};
    sigaction(signal, nullptr, &current);
    if (current.sa_handler != SIG_DFL) continue;  // the program's own
    struct sigaction action {};
    action.sa_handler = OnDeadlySignal;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, nullptr);
  }
  // A file-size limit (ulimit -f) then fails the write that meets it (EFBIG),
  // which is said naming the file, instead of killing the process.
  struct sigaction current {};
  sigaction(SIGXFSZ, nullptr, &current);
  if (current.sa_handler == SIG_DFL) signal(SIGXFSZ, SIG_IGN);
}

int Register() {
  InstallCleanupOnce();
  for (int i = 0; i < kSlots; ++i) {
    int free = 0;
    if (slots[i].state.compare_exchange_strong(free, 1)) return i;
  }
  return -1;  // more outputs than slots: those are not cleaned on a signal
}

// "pid N: COMMAND" of this process, for the lock file.
std::string Owner() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string words, word;
  while (std::getline(in, word, '\0') && words.size() < 200) {
    words += (words.empty() ? "" : " ") + word;
  }
  return "pid " + std::to_string(getpid()) + ": " + words;
}

std::string ReadSmall(int fd) {
  char buffer[512];
  const ssize_t n = pread(fd, buffer, sizeof(buffer), 0);
  return n > 0 ? std::string(buffer, static_cast<size_t>(n)) : "";
}

bool WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Copies the first `length` bytes of `from` (all of them when `length` is
// UINT64_MAX) to `to`; false with errno set when a read or write fails.
bool CopyPrefix(const std::string& from, int to, uint64_t length) {
  const int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return false;
  char buffer[1 << 16];
  bool good = true;
  while (length > 0) {
    const ssize_t n =
        read(in, buffer,
             static_cast<size_t>(std::min<uint64_t>(length, sizeof(buffer))));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      good = n == 0;
      break;
    }
    if (!WriteAll(to, buffer, static_cast<size_t>(n))) {
      good = false;
      break;
    }
    length -= static_cast<uint64_t>(n);
  }
  const int saved = errno;
  close(in);
  errno = saved;
  return good;
}

void SyncFolder(const std::string& file) {
  const int dir = open(fs::path(file).parent_path().c_str(),
                       O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  fsync(dir);
  close(dir);
}

}  // namespace

// The stream's buffer: 64 KiB handed to write(2), the first errno kept.
class AtomicOutput::Buffer : public std::streambuf {
 public:
  Buffer(int fd, uint64_t start) : fd_(fd), written_(start) {
    setp(data_, data_ + sizeof(data_));
  }
  int error() const { return error_; }
  uint64_t position() const {
    return written_ + static_cast<uint64_t>(pptr() - pbase());
  }
  bool Drain() {
    const size_t size = static_cast<size_t>(pptr() - pbase());
    setp(data_, data_ + sizeof(data_));
    if (error_ != 0) return false;
    if (!WriteAll(fd_, data_, size)) {
      error_ = errno;
      return false;
    }
    written_ += size;
    return true;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!Drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return Drain() ? 0 : -1; }
  pos_type seekoff(off_type off, std::ios_base::seekdir dir,
                   std::ios_base::openmode) override {
    if (off != 0 || dir != std::ios_base::cur) return pos_type(off_type(-1));
    return pos_type(static_cast<off_type>(position()));
  }

 private:
  int fd_;
  uint64_t written_;
  int error_ = 0;
  char data_[1 << 16];
};

std::string ResolveOutputPath(const std::string& path) {
  if (path.empty() || path == "-") return path;
  std::error_code error;
  fs::path p = fs::absolute(path, error);
  if (error) return path;
  for (int hops = 0; hops < 40; ++hops) {
    const fs::path parent = fs::weakly_canonical(p.parent_path(), error);
    if (!error) p = parent / p.filename();
    struct stat info {};
    if (lstat(p.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) break;
    const fs::path link = fs::read_symlink(p, error);
    if (error) break;
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  return p.lexically_normal().string();
}

std::string OutputLockPath(const std::string& target) {
  const fs::path p(target);
  return (p.parent_path() / ("." + p.filename().string() + ".lock")).string();
}

std::unique_ptr<AtomicOutput> AtomicOutput::Open(const std::string& path,
                                                 const Options& options,
                                                 std::string& error) {
  std::unique_ptr<AtomicOutput> out(new AtomicOutput);
  out->path_ = path;
  out->target_ =
      options.resolved.empty() ? ResolveOutputPath(path) : options.resolved;
  out->keep_on_signal_ = options.keep_on_signal;
  if (!out->OpenFile(options, error)) return nullptr;
  out->buffer_ = std::make_unique<Buffer>(
      out->fd_, static_cast<uint64_t>(lseek(out->fd_, 0, SEEK_CUR)));
  out->stream_ = std::make_unique<std::ostream>(out->buffer_.get());
  out->slot_ = Register();
  if (out->slot_ >= 0) {
    Slot& slot = slots[out->slot_];
    slot.fd = out->fd_;
    slot.temporary = out->temporary_.c_str();
    slot.target = out->target_.c_str();
    slot.lock = out->lock_path_.empty() ? nullptr : out->lock_path_.c_str();
    slot.keep = out->keep_on_signal_;
    slot.direct = out->direct_;
    slot.state.store(2);
  }
  return out;
}

bool AtomicOutput::Say(const std::string& what, int reason,
                       std::string& error) {
  error = what + (reason != 0 ? std::string(": ") + std::strerror(reason) : "");
  return false;
}

namespace {

// Opens the FIFO `path` for writing once it has a reader. open(2) would wait
// for one deaf to a stop request (a handler's SA_RESTART restarts it), and
// no poll(2) says a reader came: each try fails with ENXIO until then, and
// between tries the wait is on the stop request. A stop requested meanwhile
// ends the process as an unheeded signal does (engine/pipeline/interrupt.cc):
// nothing was written yet, every temporary goes, exit 128 + the signal.
int OpenFifo(const std::string& path) {
  while (true) {
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
      // Written blocking, as any output is.
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    if (errno != ENXIO) return -1;
    pollfd wake{StopWakeFd(), POLLIN, 0};
    poll(&wake, wake.fd >= 0 ? 1 : 0, 50);
    if (const int signal = StopSignal(); signal != 0) {
      AbandonOutputsFromSignal();
      _exit(128 + signal);
    }
  }
}

}  // namespace

bool AtomicOutput::OpenFile(const Options& options, std::string& error) {
  if (path_.empty()) {
    error = "an empty path names no file";
    return false;
  }
  // '-' is standard output, which the caller writes, never a file named
  // '-': an output that cannot go there is refused.
  if (path_ == "-") {
    error = "'-' (standard output) cannot take this output; give a file";
    return false;
  }
  struct stat info {};
  const bool exists = stat(target_.c_str(), &info) == 0;
  if (exists && S_ISDIR(info.st_mode)) {
    return Say("cannot write " + path_, EISDIR, error);
  }
  if (exists && !S_ISREG(info.st_mode)) {
    // A device or FIFO: nothing to replace, and many may write it.
    direct_ = true;
    temporary_ = target_;
    fd_ = S_ISFIFO(info.st_mode) ? OpenFifo(target_)
                                 : open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    return fd_ >= 0 || Say("cannot write " + path_, errno, error);
  }
  if (exists && access(target_.c_str(), W_OK) != 0) {
    return Say("cannot write " + path_, errno, error);
  }
  lock_path_ = OutputLockPath(target_);
  for (int attempt = 0; lock_fd_ < 0; ++attempt) {
    const int fd = open(lock_path_.c_str(),
                        O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return Say("cannot write " + path_, errno, error);
    const std::string held = ReadSmall(fd);
    if (!held.empty() && !held.starts_with(kLockMark)) {
      close(fd);
      error = "cannot write " + path_ + ": " + lock_path_ +
              " is there and is not an output lock; move it away";
      return false;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int reason = errno;
      std::string who = ReadSmall(fd);
      close(fd);
      if (reason != EWOULDBLOCK || attempt > 100) {
        return Say("cannot lock " + path_, reason, error);
      }
      who = who.size() > kLockMark.size() ? who.substr(kLockMark.size()) : "";
      while (!who.empty() && who.back() == '\n') who.pop_back();
      error = path_ + " is being written by another run (" +
              (who.empty() ? "its process is starting" : who) +
              "); refused, so that neither is spliced into the other";
      return false;
    }
    // The lock counts only if it is still the file at the lock's path (a
    // writer that finished removed it).
    struct stat have {
    }, there{};
    if (fstat(fd, &have) == 0 && stat(lock_path_.c_str(), &there) == 0 &&
        have.st_ino == there.st_ino && have.st_dev == there.st_dev) {
      lock_fd_ = fd;
    } else {
      close(fd);
    }
  }
  const std::string owner = std::string(kLockMark) + Owner() + "\n";
  if (ftruncate(lock_fd_, 0) != 0 ||
      pwrite(lock_fd_, owner.data(), owner.size(), 0) < 0) {
    // The lock holds without the name; another run says less.
  }
  if (options.resume) return Continue(options, error);
  if (!MakeTemporary(error)) return false;
  if (options.append && exists && !CopyPrefix(target_, fd_, UINT64_MAX)) {
    return Say("cannot append to " + path_, errno, error);
  }
  return true;
}

bool AtomicOutput::MakeTemporary(std::string& error) {
  const fs::path target(target_);
  static std::random_device device;
  for (int attempt = 0; attempt < 100; ++attempt) {
    char suffix[32];
    std::snprintf(suffix, sizeof(suffix), ".tmp-%d-%08x",
                  static_cast<int>(getpid()), device());
    temporary_ =
        (target.parent_path() / ("." + target.filename().string() + suffix))
            .string();
    fd_ =
        open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ >= 0) break;
    if (errno != EEXIST) {
      temporary_.clear();
      return Say("cannot write " + path_, errno, error);
    }
  }
  if (fd_ < 0) return Say("cannot write " + path_, EEXIST, error);
  struct stat info {};
  if (stat(target_.c_str(), &info) == 0) fchmod(fd_, info.st_mode & 07777);
  return true;
}

bool AtomicOutput::Continue(const Options& options, std::string& error) {
  // Only a temporary of this very target may be continued in place: a
  // checkpoint edited to name another file cannot make it one.
  const fs::path target(target_);
  const fs::path kept(ResolveOutputPath(options.continued));
  const std::string prefix = "." + target.filename().string() + ".tmp-";
  struct stat info {};
  if (!options.continued.empty() &&
      kept.parent_path() == target.parent_path() &&
      kept.filename().string().starts_with(prefix) &&
      lstat(kept.c_str(), &info) == 0 && S_ISREG(info.st_mode)) {
    temporary_ = kept.string();
    fd_ = open(temporary_.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd_ < 0) return Say("cannot write " + temporary_, errno, error);
  } else if (stat(target_.c_str(), &info) != 0) {
    info.st_size = 0;
  }
  const auto size = static_cast<uint64_t>(info.st_size);
  if (size < options.continued_length) {
    error = path_ + " holds " + std::to_string(size) +
            " bytes, fewer than the " +
            std::to_string(options.continued_length) +
            " the checkpoint recorded (it changed)";
    return false;
  }
  if (fd_ >= 0) {
    if (ftruncate(fd_, static_cast<off_t>(options.continued_length)) != 0 ||
        lseek(fd_, 0, SEEK_END) < 0) {
      return Say("cannot write " + temporary_, errno, error);
    }
    return true;
  }
  if (!MakeTemporary(error)) return false;
  if (!CopyPrefix(target_, fd_, options.continued_length)) {
    return Say("cannot continue " + path_, errno, error);
  }
  return true;
}

AtomicOutput::~AtomicOutput() {
  if (!done_) Discard();
}

uint64_t AtomicOutput::position() { return buffer_->position(); }

int AtomicOutput::descriptor() const { return fd_; }

bool AtomicOutput::Flush(std::string& error) {
  stream_->flush();
  if (buffer_->error() != 0) {
    return Say("writing " + path_ + " failed", buffer_->error(), error);
  }
  if (!*stream_) return Say("writing " + path_ + " failed", 0, error);
  return true;
}

bool AtomicOutput::Commit(std::string& error) {
  if (done_) return true;
  if (!Flush(error)) {
    Discard();
    return false;
  }
  if (direct_) {
    Discard();
    return true;
  }
  // fsync may be where a full disk or a lost folder first shows.
  if (fsync(fd_) != 0) {
    Say("writing " + path_ + " failed", errno, error);
    Discard();
    return false;
  }
  Unregister();
  close(fd_);
  fd_ = -1;
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    Say("writing " + path_ + " failed: cannot rename " + temporary_ +
            " over it",
        errno, error);
    if (!keep_on_signal_) unlink(temporary_.c_str());
    Discard();
    return false;
  }
  SyncFolder(target_);
  Discard();
  return true;
}

bool AtomicOutput::Replace(std::string_view text, std::string& error) {
  if (fd_ < 0 && !MakeTemporary(error)) return false;
  if (slot_ >= 0) {
    slots[slot_].state.store(1);
    slots[slot_].fd = fd_;
    slots[slot_].temporary = temporary_.c_str();
    slots[slot_].state.store(2);
  }
  const bool written = WriteAll(fd_, text.data(), text.size());
  const int reason = errno;
  if (!written || fsync(fd_) != 0) {
    Say("writing " + path_ + " failed", written ? errno : reason, error);
  } else if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    Say("cannot rename " + temporary_ + " over " + path_, errno, error);
  } else {
    error.clear();
  }
  if (slot_ >= 0) slots[slot_].temporary = nullptr;
  close(fd_);
  fd_ = -1;
  if (!error.empty()) {
    unlink(temporary_.c_str());
    return false;
  }
  SyncFolder(target_);
  return true;
}

void AtomicOutput::Unregister() {
  if (slot_ >= 0) slots[slot_].state.store(0);
  slot_ = -1;
}

void AtomicOutput::Discard(bool also_target) {
  Unregister();
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
    if (!direct_ && !keep_on_signal_) unlink(temporary_.c_str());
  }
  if (also_target && !direct_) unlink(target_.c_str());
  if (lock_fd_ >= 0) {
    // Removed while held: a run that opened it meanwhile sees it is no
    // longer the file at the path, and makes another.
    unlink(lock_path_.c_str());
    close(lock_fd_);
    lock_fd_ = -1;
  }
  done_ = true;
}

void CommitOutputFromSignal(int fd) {
  for (Slot& slot : slots) {
    if (slot.state.load() != 2 || slot.fd != fd || slot.direct) continue;
    if (slot.temporary != nullptr) rename(slot.temporary, slot.target);
    if (slot.lock != nullptr) unlink(slot.lock);
    slot.state.store(0);
  }
}

void AbandonOutputsFromSignal() {
  for (Slot& slot : slots) {
    if (slot.state.load() != 2) continue;
    if (!slot.direct && !slot.keep && slot.temporary != nullptr) {
      unlink(slot.temporary);
    }
    if (slot.lock != nullptr) unlink(slot.lock);
    slot.state.store(0);
  }
}

}  // namespace sudoku
