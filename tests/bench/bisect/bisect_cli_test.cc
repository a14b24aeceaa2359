// bench bisect end to end, on git repositories the tests generate: a small C
// plugin (bisect/toy_solver.c) over 16 commits whose node counts change at
// one commit, or whose speed drops 10% at one; a process strategy's history;
// histories that cannot be bisected; and a Ctrl-C. Afterwards each
// repository must be as it was.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "engine/common/text_format.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku::testing {
namespace {

namespace fs = std::filesystem;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kEasy = kSource + "/datasets/easy.txt";
const std::string kBuildToy =
    "cc -std=c99 -O2 -shared -fPIC -I. toy_solver.c -o libtoy.so";

// A shell command's exit code and standard output.
struct Shell {
  int exit_code;
  std::string out;
};

Shell Run(const std::string& command) {
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) {
    out.append(buffer, n);
  }
  const int status = pclose(pipe);
  if (out.ends_with('\n')) out.pop_back();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// A git repository in a fresh folder, its history written commit by commit.
// Git reads no configuration but the repository's, so that a person's
// settings (signing, hooks) cannot change what the tests see.
class Repo {
 public:
  explicit Repo(const std::string& name) : path_(TempPath(name)) {
    setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    fs::remove_all(path_);
    fs::create_directories(path_);
    Git("init -q -b main");
  }

  const std::string& path() const { return path_; }

  void Write(const std::string& file, const std::string& text) const {
    std::ofstream(path_ + "/" + file) << text;
  }
  void Copy(const std::string& from, const std::string& file) const {
    fs::copy_file(from, path_ + "/" + file,
                  fs::copy_options::overwrite_existing);
  }
  // Commits everything as "revision N", N counted from 1; returns the hash.
  std::string Commit() {
    Git("add -A");
    Git("-c user.name=test -c user.email=test@example.com commit -q -m "
        "'revision " +
        std::to_string(hashes_.size() + 1) + "'");
    hashes_.push_back(Git("rev-parse HEAD").out);
    return hashes_.back();
  }
  // The hash of revision `n` (from 1).
  const std::string& Hash(int n) const { return hashes_.at(n - 1); }

  Shell Git(const std::string& args) const {
    return Run("git -C '" + path_ + "' " + args);
  }

  // What a bisection must leave: the branch checked out as before, no
  // change, no bisection under way.
  void ExpectAsItWas() const {
    EXPECT_EQ(Git("symbolic-ref --short HEAD").out, "main");
    EXPECT_EQ(Git("status --porcelain --untracked-files=no").out, "");
    EXPECT_NE(Run("cd '" + path_ + "' && git bisect log").exit_code, 0);
  }

 private:
  const std::string path_;
  std::vector<std::string> hashes_;
};

// The toy plugin's history: `commits` commits, each writing toy_config.h
// from `config(n)`; the plugin itself, its ABI header and .gitignore come
// with the first.
Repo ToyHistory(const std::string& name, int commits,
                const std::function<std::string(int)>& config) {
  Repo repo(name);
  repo.Copy(kSource + "/tests/bench/bisect/toy_solver.c", "toy_solver.c");
  repo.Copy(kSource + "/strategies/sudoku_strategy_abi.h",
            "sudoku_strategy_abi.h");
  repo.Write(".gitignore", "libtoy.so\n");
  for (int n = 1; n <= commits; ++n) {
    repo.Write("toy_config.h", config(n));
    repo.Commit();
  }
  return repo;
}

std::string Config(int n, int descending, int slowdown_pct) {
  return "/* revision " + std::to_string(n) + " */\n#define TOY_DESCENDING " +
         std::to_string(descending) + "\n#define TOY_SLOWDOWN_PCT " +
         std::to_string(slowdown_pct) + "\n";
}

// bench bisect in `repo`, with a temporary folder of the test's own that
// must be empty again afterwards.
BenchRun Bisect(const Repo& repo, const std::string& args) {
  const std::string tmp =
      TempPath(fs::path(repo.path()).filename().string() + "-tmp");
  fs::create_directories(tmp);
  const BenchRun run = BenchUnder(
      "cd '" + repo.path() + "' && TMPDIR='" + tmp + "' ", "bisect " + args);
  EXPECT_TRUE(fs::is_empty(tmp)) << "bisect left its temporary folder";
  return run;
}

TEST(BisectCli, NamesTheCommitWhoseNodeCountsChanged) {
  // Revision 11 tries digits from 9 down: every search after it differs.
  Repo repo = ToyHistory("nodes", 16,
                         [](int n) { return Config(n, n >= 11 ? 1 : 0, 0); });
  const std::string changed = TempPath("nodes-changed.csv");
  const BenchRun run =
      Bisect(repo, "--good HEAD~15 --build '" + kBuildToy +
                       "' --plugin libtoy.so -s toy --per-puzzle " + changed +
                       " -- " + kEasy);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(
      Has(run.out, "first bad commit: " + repo.Hash(11) + " revision 11\n"))
      << run.out;
  EXPECT_TRUE(Has(run.out, "easy.txt toy: nodes_total ")) << run.out;
  EXPECT_TRUE(Has(run.err, "told apart by node and outcome counts")) << run.err;
  // One run per commit: GOOD, BAD and four between for 14 candidates.
  EXPECT_TRUE(Has(run.err, "6 commits tested")) << run.err;
  // The ledger: every puzzle whose work changed, none whose work did not.
  const std::vector<std::string> rows = Lines(ReadFile(changed));
  ASSERT_GT(rows.size(), 1u);
  EXPECT_EQ(rows[0], "file,line,good_outcome,good_nodes,bad_outcome,bad_nodes");
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = Fields(rows[i]);
    ASSERT_EQ(f.size(), 6u) << rows[i];
    EXPECT_TRUE(f[2] != f[4] || f[3] != f[5]) << rows[i];
  }
  EXPECT_TRUE(Has(run.out, "the work of " + Grouped(rows.size() - 1) +
                               " of 5,000 puzzles changed"))
      << run.out;
  repo.ExpectAsItWas();
}

TEST(BisectCli, NamesTheCommitThatMadeItTenPercentSlower) {
  // Revision 6 spins for 10% of each solve; its searches are unchanged.
  // 5,000 easy puzzles in batches of 16 give --ab 156 pairs, and an interval
  // about 2 points wide on a loaded 2-core machine; 5% sits halfway between
  // the builds, several interval widths from either.
  Repo repo = ToyHistory("speed", 16,
                         [](int n) { return Config(n, 0, n >= 6 ? 10 : 0); });
  const std::string changed = TempPath("speed-changed.csv");
  const BenchRun run =
      Bisect(repo, "--good HEAD~15 --build '" + kBuildToy +
                       "' --plugin libtoy.so -s toy --max-slowdown 5 "
                       "--batch 16 --per-puzzle " +
                       changed + " -- " + kEasy);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(
      Has(run.out, "first bad commit: " + repo.Hash(6) + " revision 6\n"))
      << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "wholly beyond the allowed 5% slower")) << run.out;
  EXPECT_TRUE(Has(run.err, "told apart by bench --ab")) << run.err;
  EXPECT_EQ(ReadFile(changed),
            "file,line,good_outcome,good_nodes,bad_outcome,bad_nodes\n");
  repo.ExpectAsItWas();
}

TEST(BisectCli, AProcessStrategysHistory) {
  // The Python example process, its digit order reversed at revision 4.
  Repo repo("process");
  const std::string solver = ReadFile(kSource + "/bench/exec/solver.py");
  const std::string ascending = "for d in range(1, 10):";
  ASSERT_TRUE(Has(solver, ascending));
  std::string descending = solver;
  descending.replace(descending.find(ascending), ascending.size(),
                     "for d in range(9, 0, -1):");
  for (int n = 1; n <= 6; ++n) {
    repo.Write("solver.py", (n >= 4 ? descending : solver) + "# revision " +
                                std::to_string(n) + "\n");
    repo.Write(".gitignore", "solver\n");
    repo.Commit();
  }
  const BenchRun run =
      Bisect(repo,
             "--good HEAD~5 --build 'cp solver.py solver && chmod +x solver' "
             "--exec solver -s py -- --limit 2 --max-nodes 2000 " +
                 kSource + "/datasets/edge-cases.txt");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "first bad commit: " + repo.Hash(4)))
      << run.out << run.err;
  repo.ExpectAsItWas();
}

TEST(BisectCli, ACommitThatDoesNotBuildNextToTheChangeIsUndecided) {
  // Revision 10 does not compile and revision 11 changes the search: git
  // cannot tell which of the two was first, and bisect says so.
  Repo repo = ToyHistory("unbuilt", 16, [](int n) {
    return Config(n, n >= 11 ? 1 : 0, 0) +
           (n == 10 ? "#error revision 10 does not build\n" : "");
  });
  const BenchRun run =
      Bisect(repo, "--good HEAD~15 --build '" + kBuildToy +
                       "' --plugin libtoy.so -s toy -- " + kEasy);
  EXPECT_EQ(run.exit_code, 3) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "UNDECIDED: the first bad commit is one of these 2"))
      << run.out;
  EXPECT_TRUE(Has(run.out, repo.Hash(10) + " revision 10\n    tested skipped"))
      << run.out;
  EXPECT_TRUE(Has(run.out, repo.Hash(11) + " revision 11\n    tested bad"))
      << run.out;
  EXPECT_TRUE(Has(run.out, "the build failed (exit 1)")) << run.out;
  repo.ExpectAsItWas();
}

TEST(BisectCli, NothingToFindWhenBadSearchesAndRunsAsGood) {
  Repo repo = ToyHistory("same", 3, [](int n) { return Config(n, 0, 0); });
  // Two builds of one source: their ratio is near 1, far inside 1000%.
  const BenchRun run = Bisect(repo, "--good HEAD~2 --build '" + kBuildToy +
                                        "' --plugin libtoy.so -s toy "
                                        "--max-slowdown 1000 --batch 16 -- " +
                                        kEasy);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(Has(run.out, "nothing to find")) << run.out;
  repo.ExpectAsItWas();
}

TEST(BisectCli, MisuseAndBrokenEndsExitTwoAndLeaveTheRepository) {
  Repo repo = ToyHistory("misuse", 3,
                         [](int n) { return Config(n, n >= 3 ? 1 : 0, 0); });
  const std::string toy =
      " --build '" + kBuildToy + "' --plugin libtoy.so -s toy -- " + kEasy;
  struct Case {
    std::string args, says;
  };
  const std::vector<Case> cases = {
      {"--good no-such-rev" + toy, "--good no-such-rev: no such commit"},
      {"--good HEAD --bad HEAD~2" + toy, "is not an ancestor of BAD"},
      {"--good HEAD~2 --bad HEAD~2" + toy, "are one commit"},
      {"--good HEAD~2 --build true -s toy -- " + kEasy,
       "--plugin PATH (a shared library) or --exec PATH"},
      {"--good HEAD~2" + toy + " --csv x.csv", "may not hold '--csv'"},
      {"--good HEAD~2 --build false --plugin libtoy.so -s toy -- " + kEasy,
       "GOOD " + repo.Hash(1).substr(0, 12) + ": the build failed (exit 1)"},
      {"--good HEAD~2 --build true --plugin libtoy.so -s toy -- " + kEasy,
       "the build succeeded but left no"},
      {"--good HEAD~2" + toy + " /no/such/file.txt", "bench failed (exit 2)"},
      {"--good HEAD~2 --plugin libtoy.so -s toy -- " + kEasy,
       "--build: required, not given"},
  };
  for (const Case& c : cases) {
    const BenchRun run = Bisect(repo, c.args);
    EXPECT_EQ(run.exit_code, 2) << c.args << "\n" << run.err;
    EXPECT_TRUE(Has(run.err, c.says)) << c.args << "\n" << run.err;
    repo.ExpectAsItWas();
  }
  // Uncommitted work would ride along to every commit checked out.
  repo.Write("toy_config.h", "/* work in progress */\n");
  const BenchRun dirty = Bisect(repo, "--good HEAD~2" + toy);
  EXPECT_EQ(dirty.exit_code, 2);
  EXPECT_TRUE(Has(dirty.err, "uncommitted changes")) << dirty.err;
  // Outside any repository.
  const BenchRun outside = BenchUnder("cd / && ", "bisect --good HEAD~2" + toy);
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_TRUE(Has(outside.err, "inside the solver's git work tree"))
      << outside.err;
}

// bench bisect started in `repo`, stopped by `signal` while revision 8's
// build runs; returns its exit code and leaves the build's pid in `build`.
int StopMidway(const Repo& repo, int signal, pid_t& build) {
  const std::string marker = TempPath("building-" + std::to_string(signal));
  fs::remove(marker);
  // Revision 8 is the first commit git bisect run tests (the middle of 16).
  const std::string build_command =
      kBuildToy + " && if grep -q 'revision 8 ' toy_config.h; then echo $$ > " +
      marker + "; sleep 300; fi";
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(repo.path().c_str()) != 0) _exit(127);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execl(BENCH_BINARY, BENCH_BINARY, "bisect", "--good", "HEAD~15", "--build",
          build_command.c_str(), "--plugin", "libtoy.so", "-s", "toy", "--",
          kEasy.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Not a timing: a bound so that a broken bisect fails instead of hanging.
  const auto give_up =
      std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (ReadFile(marker).empty() &&
         std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  build = std::atoi(ReadFile(marker).c_str());
  kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(BisectCli, ACtrlCOrSigtermStopsEverythingAndResetsTheRepository) {
  Repo repo = ToyHistory("stop", 16,
                         [](int n) { return Config(n, n >= 11 ? 1 : 0, 0); });
  const std::vector<std::pair<int, int>> stops = {{SIGINT, 130},
                                                  {SIGTERM, 143}};
  for (const auto& [signal, code] : stops) {
    pid_t build = 0;
    EXPECT_EQ(StopMidway(repo, signal, build), code);
    ASSERT_GT(build, 0) << "the build of revision 8 never started";
    // The build (a shell waiting on sleep 300) ended with bisect.
    EXPECT_NE(kill(build, 0), 0) << "the build outlived bisect";
    repo.ExpectAsItWas();
  }
}

}  // namespace
}  // namespace sudoku::testing
