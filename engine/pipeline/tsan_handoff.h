// Happens-before marks for ThreadSanitizer at oneTBB's hand-offs; no-ops in
// every other build.
#pragma once

// Debian's libtbb is not built with TSan, so TSan cannot see the
// synchronization inside it: a batch filled by the reader and solved on
// another thread looks like a race. The driver marks each hand-off itself:
// HandOff(x) where one thread is done with x, TakeOver(x) where the next
// thread starts on it. Several HandOffs to one address all happen before a
// later TakeOver of it.
#if defined(__SANITIZE_THREAD__)
#define SUDOKU_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SUDOKU_TSAN 1
#endif
#endif

#ifdef SUDOKU_TSAN
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
// For a function whose own reads TSan cannot order: a loop body that oneTBB
// copied into a task of its own on another thread, whose captured values are
// read before the first TakeOver can be reached. Functions it calls are still
// checked (GCC and Clang do not inline across the attribute).
#define SUDOKU_TSAN_UNCHECKED __attribute__((no_sanitize("thread")))
#else
#define SUDOKU_TSAN_UNCHECKED
#endif

namespace sudoku {

inline void HandOff([[maybe_unused]] const void* address) {
#ifdef SUDOKU_TSAN
  __tsan_release(const_cast<void*>(address));
#endif
}

inline void TakeOver([[maybe_unused]] const void* address) {
#ifdef SUDOKU_TSAN
  __tsan_acquire(const_cast<void*>(address));
#endif
}

}  // namespace sudoku
