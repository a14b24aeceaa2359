// Instructions counted around the solve calls only: the processor's counter
// (perf_event_open) per thread, or callgrind's collection toggled.
#include "engine/pipeline/instruction_count.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SUDOKU_HAS_CALLGRIND 1
#endif

namespace sudoku {
namespace {

std::atomic<uint64_t> counted{0};

// User space only, this thread only, on any CPU: a solve's own work, not the
// kernel's nor another thread's.
int OpenCounter() {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof(attr));
  attr.size = sizeof(attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
}

// One counter per thread, closed when the thread ends.
struct ThreadCounter {
  int fd = OpenCounter();
  uint64_t start = 0;
  ~ThreadCounter() {
    if (fd >= 0) close(fd);
  }
  uint64_t Read() const {
    uint64_t value = 0;
    if (fd < 0 || read(fd, &value, sizeof(value)) != sizeof(value)) return 0;
    return value;
  }
};

ThreadCounter& ThisThreadCounter() {
  thread_local ThreadCounter counter;
  return counter;
}

}  // namespace

std::optional<std::string> InstructionCounterMissing() {
  const int fd = OpenCounter();
  if (fd < 0) {
    return "perf_event_open(PERF_COUNT_HW_INSTRUCTIONS): " +
           std::string(std::strerror(errno));
  }
  uint64_t value = 0;
  const bool read_ok = read(fd, &value, sizeof(value)) == sizeof(value);
  close(fd);
  if (!read_ok) return "the instruction counter opened but cannot be read";
  return std::nullopt;
}

void BeginCountedSolve(InstructionCount how) {
  if (how == InstructionCount::kCounter) {
    ThreadCounter& counter = ThisThreadCounter();
    counter.start = counter.Read();
  } else if (how == InstructionCount::kCallgrind) {
#ifdef SUDOKU_HAS_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
  }
}

void EndCountedSolve(InstructionCount how) {
  if (how == InstructionCount::kCounter) {
    const ThreadCounter& counter = ThisThreadCounter();
    counted.fetch_add(counter.Read() - counter.start,
                      std::memory_order_relaxed);
  } else if (how == InstructionCount::kCallgrind) {
#ifdef SUDOKU_HAS_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
  }
}

uint64_t CountedInstructions() {
  return counted.load(std::memory_order_relaxed);
}

void ResetCountedInstructions() { counted.store(0, std::memory_order_relaxed); }

}  // namespace sudoku
