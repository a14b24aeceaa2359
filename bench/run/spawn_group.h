// posix_spawn's attributes for a child of bench in a process group of its
// own, shared by --exec's processes and bench bisect's children.
#pragma once

#include <signal.h>
#include <spawn.h>

namespace sudoku {

// A child in a group of its own can be signalled as a whole (kill(-pid)) and
// is out of reach of the terminal's Ctrl-C, which bench handles and passes
// on itself. Nothing is blocked in the child, and SIGPIPE, which bench
// ignores (a closed pipe is then a write error it names), is back at its
// default: ignored dispositions would outlive the exec.
class SpawnInOwnGroup {
 public:
  SpawnInOwnGroup() {
    posix_spawnattr_init(&attributes_);
    sigset_t no_signals, default_signals;
    sigemptyset(&no_signals);
    sigemptyset(&default_signals);
    sigaddset(&default_signals, SIGPIPE);
    posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETPGROUP |
                                               POSIX_SPAWN_SETSIGMASK |
                                               POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attributes_, 0);
    posix_spawnattr_setsigmask(&attributes_, &no_signals);
    posix_spawnattr_setsigdefault(&attributes_, &default_signals);
  }
  ~SpawnInOwnGroup() { posix_spawnattr_destroy(&attributes_); }
  SpawnInOwnGroup(const SpawnInOwnGroup&) = delete;
  SpawnInOwnGroup& operator=(const SpawnInOwnGroup&) = delete;

  const posix_spawnattr_t* get() const { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

}  // namespace sudoku
