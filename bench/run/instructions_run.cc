// bench --instructions[=N]: instructions per puzzle over an evenly spaced
// sample, one strategy at a time: the processor's counter in this process,
// or callgrind in a child `bench` run under valgrind.
#include "bench/run/instructions_run.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/common/exit_codes.h"
#include "engine/common/file_identity.h"
#include "engine/common/stop_request.h"
#include "engine/input/puzzle.h"
#include "engine/pipeline/driver.h"
#include "engine/pipeline/instruction_count.h"
#include "engine/report/report.h"

extern char** environ;

namespace sudoku {

void InstructionSampler::Reset() {
  stride_ = 1;
  seen_ = 0;
  kept_.clear();
}

void InstructionSampler::OnRecord(const std::string& /*path*/,
                                  const PuzzleRecord& record,
                                  std::span<const PuzzleOutcome> /*outcomes*/) {
  // A wrong reference answer leaves a valid puzzle, solved in the pass.
  if (record.status != RecordStatus::kPuzzle &&
      record.status != RecordStatus::kReferenceWrong) {
    return;
  }
  if (seen_++ % stride_ != 0) return;
  kept_.push_back(record.puzzle);
  if (kept_.size() < std::max<size_t>(2 * size_, kKeptAtLeast)) return;
  // 0, s, 2s, ... become 0, 2s, 4s, ...
  for (size_t i = 0; 2 * i < kept_.size(); ++i) kept_[i] = kept_[2 * i];
  kept_.resize((kept_.size() + 1) / 2);
  stride_ *= 2;
}

std::vector<Grid> InstructionSampler::Sample() const {
  const uint64_t kept = kept_.size();
  const uint64_t taken = std::min<uint64_t>(kept, size_);
  std::vector<Grid> sample;
  for (uint64_t k = 0; k < taken; ++k) sample.push_back(kept_[k * kept / taken]);
  return sample;
}

std::optional<uint64_t> CallgrindTotal(const std::string& callgrind_out) {
  std::ifstream in(callgrind_out);
  std::string line;
  std::optional<uint64_t> total;
  while (std::getline(in, line)) {
    for (const char* key : {"totals:", "summary:"}) {
      if (line.rfind(key, 0) == 0) {
        total = std::strtoull(line.c_str() + std::strlen(key), nullptr, 10);
      }
    }
  }
  return total;
}

namespace {

constexpr const char* kBuildV3 =
    "build one valgrind can run: cmake --preset x86-64-v3 && cmake --build "
    "--preset x86-64-v3, then run build-x86-64-v3/bench/bench";

// The strategies' -march is native on a CPU with AVX-512, which Debian 12's
// valgrind (3.19) stops on with SIGILL.
bool NativeOnAvx512() {
  return CurrentManifest().build_flags.find("-march=native") !=
             std::string::npos &&
         __builtin_cpu_supports("avx512f");
}

// The child's wait status. A stop requested meanwhile (a SIGTERM sent to
// bench alone never reaches valgrind) ends the child too, so that the run
// stops now rather than after a count nobody will read.
int AwaitChild(pid_t pid) {
  int status = 0;
  bool ended = false;
  while (true) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) return status;
    if (!ended && StopSignal() != 0) {
      kill(pid, SIGTERM);
      ended = true;
    }
    // Wakes at a stop (the descriptor stays readable after it, so then
    // only the timeout), else looks again in 100 ms.
    pollfd wake{StopWakeFd(), POLLIN, 0};
    poll(&wake, ended || wake.fd < 0 ? 0 : 1, 100);
  }
}

class InstructionsRunner : public PassRunner {
 public:
  InstructionsRunner(const RunPlan& plan, Observers& observers,
                     std::unique_ptr<PassRunner> inner)
      : plan_(plan), inner_(std::move(inner)) {
    auto sampler =
        std::make_unique<InstructionSampler>(plan.instructions.sample);
    sampler_ = sampler.get();
    observers.Add(std::move(sampler));
    const auto missing = InstructionCounterMissing();
    const std::string& by = plan.instructions.by;
    how_ = by == "callgrind" || (by == "auto" && missing)
               ? InstructionCount::kCallgrind
               : InstructionCount::kCounter;
    if (how_ == InstructionCount::kCounter && missing) {
      // Asked for by name: an error, said once, before any pass.
      std::cerr << "bench: --instructions-by counter: no instruction counter ("
                << *missing << "); --instructions-by callgrind counts "
                << "under valgrind\n";
      failed_ = true;
    } else if (missing && by == "auto") {
      std::cerr << "bench: --instructions: no instruction counter (" << *missing
                << "); counting under valgrind's callgrind\n";
    }
  }

  DatasetPass Run(size_t index, const std::string& path,
                  Observers& observers) override {
    sampler_->Reset();
    DatasetPass pass = inner_->Run(index, path, observers);
    if (!failed_ && pass.result.read_error.empty() &&
        pass.result.interrupted_by == 0) {
      Count(pass);
    }
    return pass;
  }
  void AfterReport(const std::string& path, const DatasetPass& pass,
                   std::ostream& console, ExitCode& exit_code) override {
    inner_->AfterReport(path, pass, console, exit_code);
    if (failed_) exit_code.Raise(kExitUsage);
  }
  void SayError(const std::string& error) override { inner_->SayError(error); }
  void Finish(ExitCode& exit_code) override {
    inner_->Finish(exit_code);
    if (failed_) exit_code.Raise(kExitUsage);
  }

 private:
  void Count(DatasetPass& pass);
  std::optional<uint64_t> CountByCounter(const Strategy& strategy,
                                         const std::string& sample);
  std::optional<uint64_t> CountByCallgrind(const Strategy& strategy,
                                           const std::string& sample,
                                           const std::string& dir);
  bool IsProcess(const Strategy& strategy) const {
    return std::ranges::find(plan_.instructions.exec_names,
                             std::string(strategy.name)) !=
           plan_.instructions.exec_names.end();
  }

  const RunPlan& plan_;
  std::unique_ptr<PassRunner> inner_;
  InstructionSampler* sampler_;  // one of the run's observers
  InstructionCount how_;
  bool failed_ = false;  // said once; no further dataset is tried
};

// A stop requested while counting: the pass stands, its count is missing,
// so the reports are partial (and the exit code the signal's).
void MarkInterrupted(DatasetPass& pass, int signal) {
  pass.result.interrupted_by = signal;
  for (ReportRow& row : pass.rows) row.complete = false;
  std::cerr << "bench: --instructions: interrupted while counting; the "
               "strategies not counted yet have instructions_per_puzzle "
               "empty\n";
}

void InstructionsRunner::Count(DatasetPass& pass) {
  namespace fs = std::filesystem;
  const std::vector<Grid> drawn = sampler_->Sample();
  if (drawn.empty()) return;
  std::error_code no_tmpdir;  // TMPDIR naming no folder: /tmp
  fs::path tmp = fs::temp_directory_path(no_tmpdir);
  if (no_tmpdir) tmp = "/tmp";
  std::string dir_template = (tmp / "bench-instructions-XXXXXX").string();
  if (mkdtemp(dir_template.data()) == nullptr) {
    std::cerr << "bench: --instructions: no temporary folder: "
              << std::strerror(errno) << '\n';
    failed_ = true;
    return;
  }
  const std::string dir = dir_template;
  const std::string sample = dir + "/sample.txt";
  std::ofstream out(sample);
  for (const Grid& grid : drawn) out << FormatGrid(grid) << '\n';
  out.close();
  std::error_code ignored;
  if (!out) {  // a sample cut short would count too few puzzles
    std::cerr << "bench: --instructions: cannot write " << sample << '\n';
    failed_ = true;
    fs::remove_all(dir, ignored);
    return;
  }
  const size_t sampled = drawn.size();
  for (const Strategy* strategy : plan_.run.strategies) {
    if (failed_ || IsProcess(*strategy)) continue;
    const auto total = how_ == InstructionCount::kCounter
                           ? CountByCounter(*strategy, sample)
                           : CountByCallgrind(*strategy, sample, dir);
    if (const int signal = StopSignal(); signal != 0) {
      MarkInterrupted(pass, signal);
      break;
    }
    if (!total) continue;
    for (ReportRow& row : pass.rows) {
      if (row.strategy != strategy->name) continue;
      row.instructions_per_puzzle =
          static_cast<double>(*total) / static_cast<double>(sampled);
      row.instructions_by =
          how_ == InstructionCount::kCounter ? "counter" : "callgrind";
      row.instructions_sample = sampled;
    }
  }
  fs::remove_all(dir, ignored);
}

std::optional<uint64_t> InstructionsRunner::CountByCounter(
    const Strategy& strategy, const std::string& sample) {
  RunOptions run = plan_.run;
  run.strategies = {&strategy};
  run.reference = -1;
  run.threads = 1;
  run.slowest = 0;
  run.max_lines = 0;
  run.shard = Shard{};
  run.count_instructions = InstructionCount::kCounter;
  RunObserver quiet;
  ResetCountedInstructions();
  RunDataset(sample, run, quiet);
  return CountedInstructions();
}

std::optional<uint64_t> InstructionsRunner::CountByCallgrind(
    const Strategy& strategy, const std::string& sample,
    const std::string& dir) {
  const std::string out = dir + "/callgrind.out";
  const std::string log = dir + "/child.log";
  std::vector<std::string> args = {"valgrind",
                                   "--tool=callgrind",
                                   "--collect-atstart=no",
                                   "--callgrind-out-file=" + out,
                                   ThisProgram(),
                                   "--instructions-child",
                                   "-q",
                                   "-t",
                                   "1",
                                   "-s",
                                   std::string(strategy.name),
                                   "--limit",
                                   std::to_string(plan_.run.solution_limit)};
  if (plan_.run.max_nodes != kUnlimitedNodes) {
    args.insert(args.end(),
                {"--max-nodes", std::to_string(plan_.run.max_nodes)});
  }
  for (const std::string& plugin : plan_.instructions.plugins) {
    args.insert(args.end(), {"--plugin", plugin});
  }
  args.push_back(sample);
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int spawn_error =
      posix_spawnp(&pid, "valgrind", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error != 0) {
    std::cerr << "bench: --instructions: no instruction counter and valgrind "
                 "cannot be started ("
              << std::strerror(spawn_error)
              << "): instructions_per_puzzle left empty; install valgrind\n";
    failed_ = true;
    return std::nullopt;
  }
  const int status = AwaitChild(pid);
  if (StopSignal() != 0) return std::nullopt;
  std::ifstream log_in(log);
  std::stringstream log_text;
  log_text << log_in.rdbuf();
  const bool sigill =
      (WIFSIGNALED(status) && WTERMSIG(status) == SIGILL) ||
      log_text.str().find("unhandled instruction") != std::string::npos;
  const auto total = CallgrindTotal(out);
  if (sigill || !total) {
    std::cerr << "bench: --instructions: valgrind could not run "
              << strategy.name
              << (sigill ? " (an instruction it cannot decode, SIGILL)"
                         : " (no callgrind totals)")
              << (NativeOnAvx512() ? "; this build is -march=native on an "
                                     "AVX-512 CPU"
                                   : "")
              << "; " << kBuildV3 << '\n';
    failed_ = true;
    return std::nullopt;
  }
  return total;
}

}  // namespace

std::unique_ptr<PassRunner> MakeInstructionsRunner(
    const RunPlan& plan, Observers& observers,
    std::unique_ptr<PassRunner> inner) {
  return std::make_unique<InstructionsRunner>(plan, observers,
                                              std::move(inner));
}

}  // namespace sudoku
