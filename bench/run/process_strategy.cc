// Process strategies (bench --exec): one child process per worker thread,
// asked one puzzle per line and distrusted: a death, a garbled line or a
// silence past the timeout is an error for that puzzle and a fresh process
// for the next.
#include "bench/run/process_strategy.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

#include "bench/run/process_reply.h"
#include "bench/run/spawn_group.h"
#include "engine/common/stop_request.h"
#include "engine/input/input.h"

namespace sudoku {
namespace {

// The longest reply line read: an answer needs about 120 bytes.
constexpr size_t kMaxReply = 1024;
// The request: 81 cells, the limit and the budget, spaces and a newline.
constexpr size_t kMaxRequest = 128;
// Processes in a row that die or answer garbage before their first answer,
// after which a thread stops starting new ones (a command that cannot work
// would otherwise be started once per puzzle). A timeout does not count: a
// slow process is not a broken one.
constexpr int kFailedStartsBeforeGivingUp = 3;
// Processes in a row that time out before their first answer, after which a
// thread starts no more: a process that never flushes its output looks like
// this, and would otherwise cost the timeout on every puzzle.
constexpr int kSilentStartsBeforeGivingUp = 2;
// How long a process that timed out before its first answer gets to answer
// once its input is closed: the answers a process holds in an unflushed
// buffer come out when it exits.
constexpr double kFlushProbeS = 1;
constexpr std::string_view kUnflushed =
    "it answered only when its input was closed: it does not flush its "
    "output after each answer (Python: print(..., flush=True); C: "
    "fflush(stdout))";
// How long a process that closed its output may take to exit before it is
// killed, so that its own exit status can be reported.
constexpr auto kExitGrace = std::chrono::seconds(1);
// Extra seconds a fresh process gets for its first answer: starting an
// interpreter or a virtual machine is not the puzzle's time, and on a busy
// machine it can outlast a timeout meant for one puzzle.
constexpr double kStartUpAllowanceS = 10;

using Clock = std::chrono::steady_clock;

// "exit status 3", "killed by signal 9", from a waitpid status.
std::string DescribeExit(int status) {
  if (WIFSIGNALED(status)) {
    return "killed by signal " + std::to_string(WTERMSIG(status));
  }
  const int code = WEXITSTATUS(status);
  std::string text = "exit status " + std::to_string(code);
  if (code == 127) text += ": the shell found no such command";
  if (code == 126) text += ": the shell could not run the command";
  return text;
}

// One running process, and bench's end of the Unix socket that is both its
// standard input and output. A socket rather than pipes so that writing to
// a process that died is an EPIPE error (MSG_NOSIGNAL), not a SIGPIPE that
// would end bench. The process leads a process group of its own, so that
// stopping it also stops whatever its shell started.
class Process {
 public:
  // kStopped: a stop signal came while waiting (engine/common/stop_request.h).
  enum class Read {
    kLine, kClosed, kTimedOut, kTooLong, kTwoLines, kUnasked, kStopped };

  Process() = default;
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process() { Stop(); }

  bool running() const { return pid_ > 0; }
  bool Start(const std::string& command, std::string& error);
  bool Send(const char* data, size_t size);
  // One reply line, without its line break, into `line` (valid until the
  // next read); waits at most `timeout_s`.
  Read ReadLine(double timeout_s, std::string_view& line);
  // Output nobody asked for yet: a late second line for the last puzzle,
  // which would otherwise be read as the next puzzle's answer. True, with
  // the bytes in `line`, when there is some; an ended output is left to
  // Send and ReadLine.
  bool Unasked(std::string_view& line);
  // Kills the process group and reaps the process; says how it ended.
  std::string Stop();
  // After its output closed: how the process ended, given a moment to exit
  // by itself, then stopped.
  std::string Ended();
  // After a timeout: closes the process's input and waits briefly; true when
  // an answer then comes, which a process that does not flush its output
  // gives only as it exits.
  bool AnswersWhenInputEnds();

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  char reply_[kMaxReply];
};

bool Process::Start(const std::string& command, std::string& error) {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    error =
        "cannot start: socketpair: " + std::system_category().message(errno);
    return false;
  }
  // Every descriptor bench opens is close-on-exec or closed here, so that a
  // process holds no other thread's socket and sees its input end.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
#endif
  const SpawnInOwnGroup attributes;
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  pid_t pid = -1;
  const int failed = posix_spawn(&pid, "/bin/sh", &actions, attributes.get(),
                                 const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(ends[1]);
  if (failed != 0) {
    close(ends[0]);
    error = "cannot start /bin/sh: " + std::system_category().message(failed);
    return false;
  }
  pid_ = pid;
  fd_ = ends[0];
  return true;
}

bool Process::Send(const char* data, size_t size) {
  while (size > 0) {
    const ssize_t sent = send(fd_, data, size, MSG_NOSIGNAL);
    if (sent < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += sent;
    size -= static_cast<size_t>(sent);
  }
  return true;
}

Process::Read Process::ReadLine(double timeout_s, std::string_view& line) {
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(timeout_s));
  size_t have = 0;
  for (;;) {
    const auto left =
        std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    const int wait_ms =
        static_cast<int>(std::clamp<int64_t>(left.count(), 0, INT_MAX));
    // The stop request too: a process that loops is killed at once, not
    // abandoned running when bench gives up on it (bench/run/stop_watchdog.h).
    pollfd ready[2] = {{fd_, POLLIN, 0}, {StopWakeFd(), POLLIN, 0}};
    const int events = poll(ready, ready[1].fd >= 0 ? 2 : 1, wait_ms);
    if (events < 0 && errno == EINTR) continue;
    if (events == 0) return Read::kTimedOut;
    if (events > 0 && (ready[1].revents & POLLIN) != 0) return Read::kStopped;
    const ssize_t got =
        events < 0 ? -1 : recv(fd_, reply_ + have, sizeof(reply_) - have, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return Read::kClosed;
    const void* end =
        std::memchr(reply_ + have, '\n', static_cast<size_t>(got));
    have += static_cast<size_t>(got);
    if (end != nullptr) {
      size_t length = static_cast<const char*>(end) - reply_;
      const bool more = length + 1 < have;
      if (length > 0 && reply_[length - 1] == '\r') --length;
      line = std::string_view(reply_, length);
      return more ? Read::kTwoLines : Read::kLine;
    }
    if (have == sizeof(reply_)) {
      line = std::string_view(reply_, have);
      return Read::kTooLong;
    }
  }
}

bool Process::Unasked(std::string_view& line) {
  pollfd ready{fd_, POLLIN, 0};
  if (poll(&ready, 1, 0) <= 0) return false;
  const ssize_t got = recv(fd_, reply_, sizeof(reply_), MSG_DONTWAIT);
  if (got <= 0) return false;
  const void* end = std::memchr(reply_, '\n', static_cast<size_t>(got));
  line = std::string_view(
      reply_, end == nullptr ? static_cast<size_t>(got)
                             : static_cast<size_t>(
                                   static_cast<const char*>(end) - reply_));
  return true;
}

std::string Process::Stop() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  if (pid_ <= 0) return "not running";
  // The group first, while the unreaped leader still holds its id.
  kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return DescribeExit(status);
}

bool Process::AnswersWhenInputEnds() {
  if (fd_ < 0 || shutdown(fd_, SHUT_WR) != 0) return false;
  std::string_view line;
  const Read read = ReadLine(kFlushProbeS, line);
  return read == Read::kLine || read == Read::kTwoLines ||
         read == Read::kTooLong;
}

std::string Process::Ended() {
  const auto give_up = Clock::now() + kExitGrace;
  siginfo_t info{};
  for (;;) {
    info.si_pid = 0;
    const int checked = waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT);
    if (checked < 0 && errno != EINTR) break;
    if (checked == 0 && info.si_pid == pid_) return Stop();
    if (Clock::now() >= give_up) {
      Stop();
      return "it closed its output but kept running; killed";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return Stop();
}

// One process strategy's state on one thread.
struct Slot {
  std::string command;  // what `process` runs
  Process process;
  std::string error;      // why the last puzzle went unanswered
  int failed_starts = 0;  // processes in a row broken before answering
  int silent_starts = 0;  // processes in a row timed out before answering
  bool unflushed = false;  // one answered only once its input was closed
  bool answered = false;  // the running process has answered once
};

// Each thread's processes, indexed by Spec::slot: started on the thread's
// first puzzle for that strategy, stopped when the thread ends.
class ThreadProcesses {
 public:
  Slot& Get(const ProcessStrategies::Spec& spec) {
    if (spec.slot >= slots_.size()) slots_.resize(spec.slot + 1);
    std::unique_ptr<Slot>& slot = slots_[spec.slot];
    // Another set of process strategies (tests make several) may have
    // used this slot for another command.
    if (slot == nullptr || slot->command != spec.command) {
      slot = std::make_unique<Slot>();
      slot->command = spec.command;
    }
    return *slot;
  }

 private:
  std::vector<std::unique_ptr<Slot>> slots_;
};

thread_local ThreadProcesses thread_processes;

// `PUZZLE LIMIT BUDGET\n`: 81 digits, 0 for an empty cell; '-' for no
// budget.
size_t FormatRequest(const Grid& givens, uint32_t limit, uint64_t budget,
                     char (&request)[kMaxRequest]) {
  char* at = request;
  for (uint8_t digit : givens) *at++ = static_cast<char>('0' + digit);
  const size_t room = kMaxRequest - kCells;
  const int tail = budget == kUnlimitedNodes
                       ? std::snprintf(at, room, " %u -\n", limit)
                       : std::snprintf(at, room, " %u %llu\n", limit,
                                       static_cast<unsigned long long>(budget));
  return kCells + static_cast<size_t>(tail);
}

// Shows a reply as it came, cut short, with control bytes escaped.
std::string Quoted(std::string_view text) {
  constexpr size_t kShown = 100;
  std::string out = "'";
  for (char ch : text.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(ch);
    if (std::isprint(byte)) {
      out += ch;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "\\x%02x", byte);
      out += hex;
    }
  }
  return out + (text.size() > kShown ? "'..." : "'");
}

std::string SecondsText(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g s", seconds);
  return text;
}

// Says why the puzzle went unanswered, and stops the process so that the
// next puzzle gets a fresh one.
void Fail(Slot& slot, Process::Read read, std::string_view line,
          double timeout_s) {
  switch (read) {
    case Process::Read::kClosed:
      slot.error = "process died (" + slot.process.Ended() + ")";
      break;
    case Process::Read::kTimedOut:
      slot.error = "timed out after " + SecondsText(timeout_s) +
                   (slot.answered ? ""
                                  : " on its first puzzle, start-up "
                                    "included") +
                   " (killed)";
      if (!slot.answered) {
        ++slot.silent_starts;
        if (slot.process.AnswersWhenInputEnds()) {
          slot.unflushed = true;
          slot.error += "; " + std::string(kUnflushed);
        }
      }
      break;
    case Process::Read::kTooLong:
      slot.error = "answered garbage: a line longer than " +
                   std::to_string(kMaxReply) + " bytes: " + Quoted(line);
      break;
    case Process::Read::kTwoLines:
      slot.error = "answered garbage: more than one line for one puzzle: " +
                   Quoted(line);
      break;
    case Process::Read::kUnasked:
      slot.error =
          "answered garbage: a line before this puzzle was asked "
          "(a second reply to the last one?): " +
          Quoted(line);
      break;
    case Process::Read::kLine:
      slot.error = "answered garbage: " + Quoted(line);
      break;
    case Process::Read::kStopped:  // not accounted (puzzle_solver.cc)
      slot.error = "stopped by a signal (killed)";
      break;
  }
  slot.process.Stop();
  if (!slot.answered && read != Process::Read::kTimedOut) ++slot.failed_starts;
}

bool KeepsGivens(const Grid& givens, const Grid& solution) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (givens[cell] != 0 && givens[cell] != solution[cell]) return false;
  }
  return true;
}

SolveResult SolveThroughProcess(const void* context, const Grid& givens,
                                uint32_t solution_limit, uint64_t node_budget) {
  const auto& spec = *static_cast<const ProcessStrategies::Spec*>(context);
  Slot& slot = thread_processes.Get(spec);
  SolveResult result;
  result.outcome = Outcome::kError;
  if (!slot.process.running()) {
    if (slot.failed_starts >= kFailedStartsBeforeGivingUp) {
      slot.error = "not restarted: its last " +
                   std::to_string(kFailedStartsBeforeGivingUp) +
                   " processes on this thread died or answered garbage "
                   "before answering once";
      return result;
    }
    if (slot.unflushed) {
      slot.error = "not restarted: " + std::string(kUnflushed);
      return result;
    }
    if (slot.silent_starts >= kSilentStartsBeforeGivingUp) {
      slot.error = "not restarted: its last " +
                   std::to_string(kSilentStartsBeforeGivingUp) +
                   " processes on this thread timed out before answering "
                   "once; a process that does not flush its output after "
                   "each answer looks like this";
      return result;
    }
    slot.answered = false;
    if (!slot.process.Start(spec.command, slot.error)) {
      ++slot.failed_starts;
      return result;
    }
  }
  char request[kMaxRequest];
  const size_t size =
      FormatRequest(givens, solution_limit, node_budget, request);
  std::string_view line;
  const double timeout_s =
      spec.timeout_s + (slot.answered ? 0 : kStartUpAllowanceS);
  const Process::Read read = slot.process.Unasked(line)
                                 ? Process::Read::kUnasked
                             : slot.process.Send(request, size)
                                 ? slot.process.ReadLine(timeout_s, line)
                                 : Process::Read::kClosed;
  if (read == Process::Read::kLine && ParseProcessReply(line, result)) {
    slot.answered = true;
    slot.failed_starts = 0;
    slot.silent_starts = 0;
    // A solution that changes a given is WRONG (the engine says so), and
    // likely the answer to another puzzle: a process out of step, which
    // would answer every later request with the reply to the one before.
    if (result.solutions > 0 && !KeepsGivens(givens, result.solution)) {
      slot.process.Stop();
    }
    return result;
  }
  Fail(slot, read, line, timeout_s);
  result = SolveResult{};
  result.outcome = Outcome::kError;
  return result;
}

std::string_view LastError(const void* context) {
  const auto& spec = *static_cast<const ProcessStrategies::Spec*>(context);
  return thread_processes.Get(spec).error;
}

// The regular file the command's first word names: a path as it is, a bare
// name searched in PATH as the shell would; empty when there is none (a
// shell builtin, a quoted word, a missing file).
std::string CommandFile(const std::string& command) {
  const size_t start = command.find_first_not_of(" \t");
  if (start == std::string::npos) return "";
  const size_t end = command.find_first_of(" \t;|&<>", start);
  const std::string word = command.substr(start, end - start);
  if (word.empty() || word.find_first_of("'\"$`\\=") != std::string::npos) {
    return "";
  }
  std::error_code ignored;
  if (word.find('/') != std::string::npos) {
    return std::filesystem::is_regular_file(word, ignored) ? word : "";
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
  while (!dirs.empty()) {
    const size_t colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    dirs = colon == std::string_view::npos ? "" : dirs.substr(colon + 1);
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + word;
    if (std::filesystem::is_regular_file(candidate, ignored) &&
        access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

}  // namespace

bool ProcessStrategies::Add(const std::string& spec, double timeout_s,
                            std::span<const Strategy* const> taken,
                            std::string& error) {
  const std::string where = "--exec '" + spec + "': ";
  const size_t equals = spec.find('=');
  if (equals == std::string::npos) {
    error = where + "expected NAME=COMMAND";
    return false;
  }
  const std::string name = spec.substr(0, equals);
  const std::string command = spec.substr(equals + 1);
  if (name.empty()) {
    error = where + "the strategy name before '=' is empty";
    return false;
  }
  // A blank or a control character would break the console table, the CSV
  // and --strategy's list.
  if (std::ranges::any_of(
          name, [](unsigned char c) { return c <= ' ' || c == 0x7f; })) {
    error = "--exec: the strategy name before '=' has a space or a control "
            "character";
    return false;
  }
  if (name == "all" || name.find(',') != std::string::npos) {
    error = where + "'" + name +
            "' is a name bench cannot select ('all' and ',' are reserved)";
    return false;
  }
  if (command.find_first_not_of(" \t") == std::string::npos) {
    error = where + "the command after '=' is empty";
    return false;
  }
  std::string_view clash;
  for (const Strategy* s : taken) {
    if (s->name == name) clash = s->origin.empty() ? "built in" : s->origin;
  }
  for (const Spec& s : specs_) {
    if (s.name == name) clash = s.origin;
  }
  if (!clash.empty()) {
    error = where + "a strategy '" + name + "' is already defined (" +
            std::string(clash) + ")";
    return false;
  }
  std::string sha256;
  if (const std::string file = CommandFile(command); !file.empty()) {
    try {
      sha256 = Input::FileSha256Hex(file);
    } catch (const InputError&) {
      // Unreadable (execute-only, say): the report says nothing of it.
    }
  }
  const Spec& added = specs_.emplace_back(
      Spec{name, command, std::string(kExecOrigin) + command, sha256,
           timeout_s, specs_.size()});
  Strategy row = RowFor(added);
  row.summary = "a process speaking bench's line protocol, one per thread";
  // The protocol asks a process to stop after LIMIT solutions, so that
  // `solved` under a limit of 2 is a proof of uniqueness
  // (docs/process-protocol.md).
  row.capabilities = kCountsSolutions;
  row.node_unit = "node (as the process reports it)";
  rows_.push_back(row);
  return true;
}

void ProcessStrategies::AddServed(const Strategy& loaded,
                                  const std::string& command,
                                  double timeout_s) {
  const Spec& added = specs_.emplace_back(
      Spec{std::string(loaded.name), command, std::string(loaded.origin),
           std::string(loaded.origin_sha256), timeout_s, specs_.size()});
  Strategy row = RowFor(added);
  row.summary = loaded.summary;
  row.capabilities = loaded.capabilities;
  row.node_unit = loaded.node_unit;
  row.origin_build = loaded.origin_build;
  rows_.push_back(row);
}

Strategy ProcessStrategies::RowFor(const Spec& spec) const {
  Strategy row{};
  row.name = spec.name;
  row.solve = nullptr;
  row.context_solve = SolveThroughProcess;
  row.context = &spec;
  row.origin = spec.origin;
  row.origin_sha256 = spec.sha256;
  row.last_error = LastError;
  row.solves_elsewhere = true;
  return row;
}

bool IsProcessStrategy(const Strategy& strategy) {
  return strategy.context_solve == SolveThroughProcess;
}

std::string RoundTripNote(std::span<const Strategy* const> strategies) {
  std::string names;
  for (const Strategy* s : strategies) {
    if (IsProcessStrategy(*s)) {
      names += (names.empty() ? "" : ", ") + std::string(s->name);
    }
  }
  if (names.empty()) return "";
  return "  process strategies (" + names +
         "): time per puzzle is the round trip (writing the request, the "
         "process's work, reading its answer); a thread's first puzzle also "
         "starts the process\n";
}

}  // namespace sudoku
