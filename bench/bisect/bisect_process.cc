// bench bisect's child processes, each in a process group of its own that
// SIGINT and SIGTERM are forwarded to.
#include "bench/bisect/bisect_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "bench/run/spawn_group.h"
#include "engine/pipeline/interrupt.h"

extern char** environ;

namespace sudoku {
namespace {

// The one state the handler touches: lock-free atomics.
std::atomic<int> g_stop_signal{0};
std::atomic<pid_t> g_child_group{0};
static_assert(std::atomic<pid_t>::is_always_lock_free);

void OnStopSignal(int signal) {
  int none = 0;
  g_stop_signal.compare_exchange_strong(none, signal);
  const pid_t group = g_child_group.load();
  if (group > 0) kill(-group, signal);
}

// Blocks the stop signals while in scope, so that a child's group is known
// before the handler can be asked to forward a signal to it.
class StopSignalsHeld {
 public:
  StopSignalsHeld() {
    sigset_t stops;
    sigemptyset(&stops);
    for (const int signal : kStopSignals) sigaddset(&stops, signal);
    pthread_sigmask(SIG_BLOCK, &stops, &before_);
  }
  ~StopSignalsHeld() { pthread_sigmask(SIG_SETMASK, &before_, nullptr); }

 private:
  sigset_t before_;
};

// True once no process of group `group` is left.
bool GroupGone(pid_t group) { return kill(-group, 0) != 0 && errno == ESRCH; }

// After a stop: the group's other processes (a build's compiler, the bench
// step under git bisect run) end on the signal; those that do not within
// 10 s are killed, so that none writes into the repository after it is
// reset. Their parent may have died first (git on Ctrl-C): bisect is their
// subreaper (InstallBisectSignals) and reaps them here, since a zombie is
// still found by kill().
void AwaitGroup(pid_t group) {
  using Clock = std::chrono::steady_clock;
  const auto kill_at = Clock::now() + std::chrono::seconds(10);
  const auto give_up = kill_at + std::chrono::seconds(2);
  bool killed = false;
  while (!GroupGone(group) && Clock::now() < give_up) {
    while (waitpid(-group, nullptr, WNOHANG) > 0) {
    }
    if (!killed && Clock::now() > kill_at) {
      kill(-group, SIGKILL);
      killed = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

void InstallBisectSignals() {
  HandleStopSignals(&OnStopSignal);
  // Orphans of a child (the step git bisect run started, when git dies on
  // a Ctrl-C) become bisect's to wait for and reap, not init's.
  prctl(PR_SET_CHILD_SUBREAPER, 1);
}

int BisectStopSignal() { return g_stop_signal.load(); }

std::string ChildEnd::Describe() const {
  if (!started) return "could not be started";
  if (signal != 0) return "killed by signal " + std::to_string(signal);
  return "exit " + std::to_string(exit_code);
}

ChildEnd RunChild(const Child& child) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null",
                                   O_RDONLY, 0);
  if (!child.output.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO,
                                     child.output.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  }
  if (!child.errors.empty()) {
    if (child.errors == child.output) {
      posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    } else {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO,
                                       child.errors.c_str(),
                                       O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
  }
  if (!child.cwd.empty()) {
    posix_spawn_file_actions_addchdir_np(&actions, child.cwd.c_str());
  }
  // A group of its own, which a stop is forwarded to; SIGINT and SIGTERM,
  // handled here, are back at their defaults after the exec.
  const SpawnInOwnGroup attributes;
  std::vector<char*> argv;
  for (const std::string& word : child.argv) {
    argv.push_back(const_cast<char*>(word.c_str()));
  }
  argv.push_back(nullptr);
  pid_t pid = -1;
  int failed;
  {
    StopSignalsHeld held;
    failed = posix_spawnp(&pid, argv[0], &actions, attributes.get(),
                          argv.data(), environ);
    if (failed == 0 && child.stoppable) {
      g_child_group.store(pid);
      // A stop that came before the group existed is forwarded now.
      if (const int signal = g_stop_signal.load()) kill(-pid, signal);
    }
  }
  posix_spawn_file_actions_destroy(&actions);
  ChildEnd end;
  if (failed != 0) {
    end.started = false;
    return end;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  {
    StopSignalsHeld held;
    if (child.stoppable) g_child_group.store(0);
  }
  if (child.stoppable && g_stop_signal.load() != 0) AwaitGroup(pid);
  if (WIFSIGNALED(status)) {
    end.signal = WTERMSIG(status);
  } else {
    end.exit_code = WEXITSTATUS(status);
  }
  return end;
}

GitResult Git(const std::vector<std::string>& args, const std::string& cwd,
              const std::string& scratch, bool stoppable) {
  Child child;
  child.argv = {"git"};
  child.argv.insert(child.argv.end(), args.begin(), args.end());
  child.cwd = cwd;
  child.output = scratch + ".out";
  child.errors = scratch + ".err";
  child.stoppable = stoppable;
  GitResult result;
  result.end = RunChild(child);
  result.out = FileText(child.output);
  if (result.out.ends_with('\n')) result.out.pop_back();
  result.err = FileText(child.errors);
  return result;
}

std::string FileText(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string LastLines(const std::string& path, int lines) {
  std::vector<std::string> kept;
  std::istringstream in(FileText(path));
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    kept.push_back(line);
    if (kept.size() > static_cast<size_t>(lines)) kept.erase(kept.begin());
  }
  std::string tail;
  for (const std::string& line : kept) tail += "    " + line + "\n";
  return tail;
}

}  // namespace sudoku
