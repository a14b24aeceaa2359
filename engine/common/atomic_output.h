// The one writer of every file a program writes: a temporary file beside the
// target, renamed over it only when complete, and a lock that refuses a
// second live writer (docs/cli.md, "How outputs are written").
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace sudoku {

// One output file, written whole or not at all:
//
//   target  r.csv                 untouched until Commit
//   lock    .r.csv.lock           flock(2)ed while the writer lives; holds
//                                 "pid N: COMMAND" to name it to another run
//   bytes   .r.csv.tmp-PID-RANDOM made with O_EXCL (never an existing file),
//                                 written, fsync'ed, renamed over the target
//
// A target that is not a regular file (a device such as /dev/null or
// /dev/full, a FIFO) is written directly: there is nothing to replace. A
// symbolic link is followed, so the file it names is replaced, not the link.
// A write that fails (EFBIG under `ulimit -f`, ENOSPC, a folder removed) is
// kept with its errno and said by Flush or Commit. Dropped without Commit
// (a refused run, an error, an exception), the temporary is removed and the
// target stays as it was. Standard output ("-") is not a file: the caller
// writes it directly.
class AtomicOutput {
 public:
  struct Options {
    // Starts from the target's bytes (a --markdown summary appended to).
    bool append = false;
    // Resuming (bench --resume): the file continued is `continued` (the
    // temporary a checkpoint recorded) when it is still there, else the
    // target; cut back to `continued_length` bytes and written on from there.
    bool resume = false;
    std::string continued;
    uint64_t continued_length = 0;
    // A checkpoint records this temporary: a death by signal leaves it for
    // --resume instead of removing it.
    bool keep_on_signal = false;
    // Where `path` was resolved to (ResolveOutputPath), when the caller did
    // so once, earlier (bench's plan, before a plugin could chdir()).
    std::string resolved;
  };

  // Opens `path` (not "-"); null, with `error` set ("cannot write PATH: why",
  // or "PATH is being written by another run (pid N: COMMAND)"), when it
  // cannot be. `path` is resolved here, once, to an absolute path.
  static std::unique_ptr<AtomicOutput> Open(const std::string& path,
                                            const Options& options,
                                            std::string& error);
  static std::unique_ptr<AtomicOutput> Open(const std::string& path,
                                            std::string& error) {
    return Open(path, Options{}, error);
  }
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;

  std::ostream& stream() { return *stream_; }
  const std::string& path() const { return path_; }
  // The file the bytes go to until Commit (the target itself when written
  // directly).
  const std::string& temporary() const { return temporary_; }
  // Whether the target is replaced at Commit (false: a device or FIFO,
  // written in place).
  bool replaces() const { return !direct_; }
  // Bytes in the file so far, counting what the stream still buffers.
  uint64_t position();
  // The descriptor the bytes go to (for the crash-time CSV).
  int descriptor() const;

  // Hands what the stream buffers to the kernel; false, with `error` ("writing
  // PATH failed: No space left on device"), when a write has failed.
  bool Flush(std::string& error);
  // Flush, fsync, rename over the target, fsync of its folder: the target is
  // now the new file. False, with `error`, when any step failed (then the
  // temporary is removed and the target left as it was).
  bool Commit(std::string& error);
  // Replaces the target with `text` at once (a new temporary, fsync, rename),
  // keeping the lock for the next replacement: a checkpoint.
  bool Replace(std::string_view text, std::string& error);
  // Removes the temporary (or the target, when `also_target`, as a finished
  // run's checkpoint is) and lets the lock go.
  void Discard(bool also_target = false);

 private:
  class Buffer;
  AtomicOutput() = default;
  bool OpenFile(const Options& options, std::string& error);
  bool MakeTemporary(std::string& error);
  bool Continue(const Options& options, std::string& error);
  bool Say(const std::string& what, int reason, std::string& error);
  void Unregister();

  std::string path_;    // as given, for messages
  std::string target_;  // absolute, links followed
  std::string temporary_;
  std::string lock_path_;
  bool direct_ = false;  // a device or FIFO: written in place
  bool done_ = false;    // committed or discarded
  bool keep_on_signal_ = false;
  int fd_ = -1;
  int lock_fd_ = -1;
  int slot_ = -1;  // in the registry the signal path reads
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
};

// The absolute path an output is written at: symbolic links followed, a
// dangling link's target included, "." and ".." gone. For "-", "-".
std::string ResolveOutputPath(const std::string& path);

// The lock file beside `target` (".NAME.lock"), which a run holds while it
// writes the target.
std::string OutputLockPath(const std::string& target);

// For the signal path; async-signal-safe (rename, unlink, no allocation).
//
// Renames the output whose descriptor is `fd` over its target as its bytes
// stand: the CSV the crash handler rewrote, marked complete=false.
void CommitOutputFromSignal(int fd);
// Removes every live output's temporary (but those a checkpoint records)
// and lock: a death by signal leaves every target as it was.
void AbandonOutputsFromSignal();

}  // namespace sudoku
