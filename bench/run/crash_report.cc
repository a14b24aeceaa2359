// The crash handler, the exit guard and the terminate handler: the puzzles
// in flight, formatted without allocating, then death as a failure.
#include "bench/run/crash_report.h"

#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "engine/common/atomic_output.h"
#include "engine/common/exit_codes.h"
#include "engine/common/resource_failure.h"
#include "engine/pipeline/in_flight.h"
#include "engine/pipeline/interrupt.h"

namespace sudoku {
namespace {

// Collects text in a fixed buffer and writes it to standard error with
// write(2): a signal handler may not use malloc, stdio or the locale.
class StderrWriter {
 public:
  StderrWriter() = default;
  StderrWriter(const StderrWriter&) = delete;
  StderrWriter& operator=(const StderrWriter&) = delete;
  ~StderrWriter() { Flush(); }

  StderrWriter& operator<<(std::string_view text) {
    for (const char c : text) {
      if (size_ == sizeof(buffer_)) Flush();
      buffer_[size_++] = c;
    }
    return *this;
  }
  StderrWriter& operator<<(uint64_t number) {
    char digits[20];  // 2^64 has 20 decimal digits
    size_t count = 0;
    do {
      digits[count++] = static_cast<char>('0' + number % 10);
      number /= 10;
    } while (number != 0);
    while (count > 0) *this << std::string_view(&digits[--count], 1);
    return *this;
  }

 private:
  void Flush() {
    size_t written = 0;
    while (written < size_) {
      const ssize_t n =
          write(STDERR_FILENO, buffer_ + written, size_ - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // nowhere left to report to
      written += static_cast<size_t>(n);
    }
    size_ = 0;
  }

  char buffer_[1024];
  size_t size_ = 0;
};

struct CrashSignal {
  int number;
  std::string_view name;
};
constexpr CrashSignal kCrashSignals[] = {{SIGSEGV, "SIGSEGV"},
                                         {SIGBUS, "SIGBUS"},
                                         {SIGILL, "SIGILL"},
                                         {SIGFPE, "SIGFPE"},
                                         {SIGABRT, "SIGABRT"}};

std::string_view SignalName(int number) {
  for (const CrashSignal& signal : kCrashSignals) {
    if (signal.number == number) return signal.name;
  }
  return "a signal";
}

// As many records as engine/pipeline/in_flight.cc keeps: about 12 KiB of stack,
// within the alternate stack below.
constexpr size_t kMaxReported = 256;

// "bench: WHAT while solving:", WHAT written by `headline`, then the puzzles
// in flight, the calling thread's marked "(the `thread` thread)".
template <typename Headline>
void WriteInFlight(const Headline& headline, std::string_view thread) {
  InFlightPuzzle puzzles[kMaxReported];
  const size_t count = ReadInFlight(puzzles, kMaxReported);
  StderrWriter err;
  err << "bench: ";
  headline(err);
  err << (count == 0 ? " while no puzzle was being solved\n"
                     : " while solving:\n");
  for (size_t i = 0; i < count; ++i) {
    const InFlightPuzzle& p = puzzles[i];
    err << "  " << p.strategy << " on " << p.path << ":" << p.line;
    if (p.this_thread) err << " (the " << thread << " thread)";
    err << "\n";
  }
  if (const uint64_t unrecorded = UnrecordedThreads()) {
    err << "  and whatever " << unrecorded
        << " more threads, unrecorded, may have been solving\n";
  }
}

// The thread writing the report; 0 before any crash.
std::atomic<pid_t> reporter{0};

// The crash-time CSV: two texts, one published for the handler while the
// other is rewritten. The handler sets `crashing` before it reads the
// published one, and PublishCrashCsv stops writing once it is set, so the
// text the handler reads is never the one being written.
std::atomic<int> crash_csv_fd{-1};
std::string crash_csv[2];
std::atomic<int> crash_csv_published{-1};
std::atomic<bool> crashing{false};

// The process that installed the handlers. A plugin may fork(), and its
// child inherits the handlers, the exit guard and the CSV's descriptor: a
// child that crashes or calls exit() is not the run ending, and must not
// write over the report its parent finished (or is finishing).
std::atomic<pid_t> run_process{0};

bool InRunProcess() { return getpid() == run_process.load(); }

// `before`: what ended the run ("the crash", "exit()"), for the message.
// The outputs' temporaries are cleaned up here too, whatever the CSV.
void WriteCrashCsv(std::string_view before) {
  if (!InRunProcess()) return;
  crashing.store(true);
  const int fd = crash_csv_fd.load();
  const int index = crash_csv_published.load();
  // Every other output's temporary goes: its target stays as it was.
  struct Abandon {
    ~Abandon() { AbandonOutputsFromSignal(); }
  } abandon;
  if (fd < 0 || index < 0) return;
  const std::string& text = crash_csv[index];
  if (ftruncate(fd, 0) != 0) return;
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = pwrite(fd, text.data() + written, text.size() - written,
                             static_cast<off_t>(written));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    written += static_cast<size_t>(n);
  }
  // The partial report, marked complete=false, replaces the target whole.
  CommitOutputFromSignal(fd);
  StderrWriter err;
  err << "bench: the CSV report holds what was accounted before " << before
      << " (complete=false on the dataset in progress)\n";
}

// SA_NODEFER lets a fault inside the handler itself (reading a record that
// moved on) back in at once: that thread then skips the report and dies.
void OnCrash(int signal) {
  const auto self = static_cast<pid_t>(syscall(SYS_gettid));
  pid_t first = 0;
  if (!InRunProcess()) {
    // A plugin's child: it dies by its signal, unreported.
  } else if (reporter.compare_exchange_strong(first, self)) {
    WriteInFlight(
        [signal](StderrWriter& err) {
          err << "crashed with " << SignalName(signal);
        },
        "crashing");
    WriteCrashCsv("the crash");
  } else if (first != self) {
    for (;;) pause();  // another thread is reporting, and ends the process
  }
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigaction(signal, &default_action, nullptr);
  raise(signal);
  _exit(128 + signal);  // only if the signal was somehow held back
}

// Set while an ExitGuard lives.
std::atomic<bool> exit_guarded{false};

// exit() while a run is in progress: a plugin gave up the process. Its
// status must not pass for the run's.
void OnExit(int status, void*) {
  if (!exit_guarded.load() || !InRunProcess()) return;
  const auto self = static_cast<pid_t>(syscall(SYS_gettid));
  pid_t first = 0;
  if (!reporter.compare_exchange_strong(first, self)) {
    for (;;) pause();  // a crash or failure is being reported
  }
  const auto code = static_cast<uint64_t>(status & 0xff);
  WriteInFlight(
      [code](StderrWriter& err) { err << "exit(" << code << ") was called"; },
      "exiting");
  WriteCrashCsv("exit()");
  {
    StderrWriter err;
    err << "bench: the run did not finish: exit status "
        << static_cast<uint64_t>(kExitUsage) << ", not " << code << "\n";
  }
  _exit(kExitUsage);
}

}  // namespace

void AbandonSolves(int signal, std::string_view grace) {
  const auto self = static_cast<pid_t>(syscall(SYS_gettid));
  pid_t first = 0;
  if (!reporter.compare_exchange_strong(first, self)) {
    for (;;) pause();  // a crash or failure is being reported
  }
  InFlightPuzzle puzzles[kMaxReported];
  const size_t count = ReadInFlight(puzzles, kMaxReported);
  {
    const char* name = sigabbrev_np(signal);
    StderrWriter err;
    err << "bench: stopped by SIG" << (name != nullptr ? name : "NAL")
        << "; abandoned the solves still running " << grace
        << " after it:\n";
    for (size_t i = 0; i < count; ++i) {
      err << "  " << puzzles[i].strategy << " on " << puzzles[i].path << ":"
          << puzzles[i].line << "\n";
    }
  }
  WriteCrashCsv("the stop");
  _exit(InterruptExitCode(signal));
}

namespace {

std::terminate_handler previous_terminate = nullptr;

// An exception that nothing caught: when it says memory or a thread could
// not be had, the run ends as a failure that says so, not as an abort.
[[noreturn]] void OnTerminate() {
  const auto shortage = FindResourceShortage(std::current_exception());
  const auto self = static_cast<pid_t>(syscall(SYS_gettid));
  pid_t first = 0;
  if (shortage && reporter.compare_exchange_strong(first, self)) {
    WriteInFlight(
        [&shortage](StderrWriter& err) {
          err << shortage->what;
          if (!shortage->detail.empty()) err << " (" << shortage->detail << ")";
        },
        "failing");
    WriteCrashCsv("the failure");
    _exit(kExitUsage);
  }
  if (shortage && first != self) {
    for (;;) pause();  // another thread is reporting
  }
  if (previous_terminate != nullptr) previous_terminate();
  std::abort();
}

}  // namespace

ExitGuard::ExitGuard() { exit_guarded.store(true); }

ExitGuard::~ExitGuard() { exit_guarded.store(false); }

void SetCrashCsvFile(int fd) { crash_csv_fd.store(fd); }

void PublishCrashCsv(std::string_view text) {
  if (crashing.load()) return;
  const int next = crash_csv_published.load() == 0 ? 1 : 0;
  crash_csv[next].assign(text);
  crash_csv_published.store(next);
}

void InstallCrashReport() {
  run_process.store(getpid());
  // Room for the handler even when the main thread's own stack overflowed.
  static char alternate_stack[64 * 1024];
  stack_t stack{};
  stack.ss_sp = alternate_stack;
  stack.ss_size = sizeof(alternate_stack);
  sigaltstack(&stack, nullptr);

  struct sigaction action {};
  action.sa_handler = OnCrash;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_ONSTACK | SA_NODEFER;
  for (const CrashSignal& signal : kCrashSignals) {
    sigaction(signal.number, &action, nullptr);
  }
  previous_terminate = std::set_terminate(OnTerminate);
  on_exit(OnExit, nullptr);
}

}  // namespace sudoku
