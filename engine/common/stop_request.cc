// The stop request: a lock-free flag and a self-pipe written by the handler.
#include "engine/common/stop_request.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>

namespace sudoku {
namespace {

// The one state a signal handler may touch: lock-free atomics. Process-wide
// by nature (a signal is), written once by the handler and only read by the
// threads.
std::atomic<int> g_stop_signal{0};
std::atomic<int> g_wake_read{-1};
std::atomic<int> g_wake_write{-1};
static_assert(std::atomic<int>::is_always_lock_free);

}  // namespace

void PrepareStopRequest() {
  if (g_wake_read.load() >= 0) return;
  int ends[2];
  if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return;  // waits stay deaf
  g_wake_write.store(ends[1]);
  g_wake_read.store(ends[0]);
}

bool RequestStop(int signal) {
  int none = 0;
  if (!g_stop_signal.compare_exchange_strong(none, signal)) return false;
  if (const int fd = g_wake_write.load(); fd >= 0) {
    // One byte, never read back: the pipe stays readable for every waiter.
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = write(fd, &byte, 1);
  }
  return true;
}

int StopSignal() { return g_stop_signal.load(std::memory_order_relaxed); }

int StopWakeFd() { return g_wake_read.load(std::memory_order_relaxed); }

}  // namespace sudoku
