// The hostile-input suite's table (issue 35; docs/testing.md): for every
// program (bench and its subcommands, gen, shuffle, convert, corpus and its
// subcommands, corpus_rate), one row per hostile case - bad files, bad
// values, outputs on inputs, write failures, memory limits, damaged history
// databases - each run as a shell command in a folder of inputs, asserting
// the exit code, a message naming the file or option, and that every input
// is byte for byte what it was.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

#include "tests/bench/hostile/heeding.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

struct Case {
  const char* command;  // sh; $BENCH, $GEN, ... name the programs
  int exit_code;
  const char* says;  // on standard error
};

// The inputs every row may read: puzzles, a CSV report, a history database,
// and the hostile ones (binary, empty, a cut gzip, a folder, a FIFO).
constexpr const char* kSetup =
    "$GEN -n 20 --seed 3 -o good.txt && $BENCH -q good.txt --csv report.csv "
    "&& cp report.csv report2.csv && $BENCH history add --db history.db "
    "--commit aaaa report.csv >/dev/null && head -c 3000 /dev/urandom > "
    "binary.dat && : > empty.txt && gzip -c good.txt | head -c 100 > cut.gz "
    "&& mkdir folder && mkfifo fifo && printf 'not sqlite at all' > "
    "damaged.db && head -c 8192 history.db > cut.db && awk 'BEGIN{for(i=0;"
    "i<200000;i++)printf \"1\"}' > longline.txt";

const Case kCases[] = {
    // Bad files, each program.
    {"$BENCH missing.txt", 2, "missing.txt"},
    {"$BENCH folder", 2, "folder"},
    {"$BENCH --strict binary.dat", 2, "binary.dat"},
    {"$BENCH cut.gz", 2, "cut.gz"},
    {"$GEN -n 1 -o folder", 2, "folder"},
    {"$SHUFFLE missing.txt", 2, "missing.txt"},
    {"$SHUFFLE folder", 2, "folder"},
    {"$SHUFFLE cut.gz", 2, "cut.gz"},
    {"$CONVERT --to sdk missing.txt", 2, "missing.txt"},
    {"$CONVERT --to sdk binary.dat", 2, "binary.dat: no row is a puzzle"},
    {"$CONVERT --to sdk longline.txt", 2, "longline.txt: no row is a puzzle"},
    {"$CORPUS canon missing.txt", 2, "missing.txt"},
    {"$CORPUS dupes binary.dat", 2, "binary.dat: no row is a puzzle"},
    {"$CORPUS leak --train good.txt --test missing.txt", 2, "missing.txt"},
    {"$CORPUS card cut.gz", 2, "cut.gz"},
    {"$BENCH compare report.csv missing.csv", 2, "missing.csv"},
    {"$BENCH compare report.csv binary.dat", 2, "binary.dat"},
    {"$BENCH compare report.csv empty.txt", 2, "empty.txt"},
    {"$BENCH merge missing.json", 2, "missing.json"},
    {"$BENCH merge binary.dat", 2, "binary.dat"},
    {"$BENCH history add --db history.db --commit bbbb binary.dat", 2,
     "binary.dat"},
    {"$BENCH history add --db history.db --commit bbbb folder", 2, "folder"},
    {"$RATE missing.txt bitmask", 2, "missing.txt"},
    // Damaged history databases.
    {"$BENCH history show --db damaged.db", 2, "damaged.db"},
    {"$BENCH history check --db damaged.db", 2, "damaged.db"},
    {"$BENCH history add --db damaged.db --commit bbbb report.csv", 2,
     "damaged.db"},
    {"$BENCH history show --db cut.db", 2, "cut.db"},
    {"$BENCH history show --db folder", 2, "folder"},
    // Bad values (every option's range: numeric_options_test, in process).
    {"$BENCH --max-nodes -5 good.txt", 2, "bench: --max-nodes: -5 is out"},
    {"$BENCH --exec-timeout nan good.txt", 2, "bench: --exec-timeout: 'nan'"},
    {"$BENCH --slowest -1 good.txt", 2, "bench: --slowest: -1 is out"},
    {"$BENCH compare --min-repeats -1 report.csv report2.csv", 2,
     "--min-repeats: -1 is out"},
    {"$BENCH history show --db history.db --lock-timeout inf", 2,
     "--lock-timeout: 'inf'"},
    {"$GEN -n -1", 2, "gen: --count: -1 is out of range (0 to 10^12)"},
    {"$GEN --budget 0 -n 1", 2, "gen: --budget: 0 is out of range (1 or more)"},
    {"$CONVERT --limit 99999999999999999999999999 --to sdk good.txt", 2,
     "(26 characters) is out of range (2 to 10^6)"},
    {"$CORPUS dupes --max-messages -1 good.txt", 2, "--max-messages: -1"},
    {"$RATE good.txt bitmask --limit -1", 2, "--limit: -1 is out of range"},
    {"$RATE good.txt bitmask --min-seconds nan", 2, "--min-seconds: 'nan'"},
    {"$BENCH --exec 'a b=cat' -s 'a b' good.txt", 2, "--exec: the strategy"},
    // Outputs on inputs, and on each other.
    {"$BENCH --csv good.txt good.txt", 2, "good.txt"},
    {"$BENCH --csv out.csv --html out.csv good.txt", 2, "out.csv"},
    {"$BENCH --checkpoint fifo good.txt", 2, "--checkpoint fifo"},
    {"$SHUFFLE -o good.txt good.txt", 2, "good.txt"},
    {"$CONVERT --to sdk -o good.txt good.txt", 2, "good.txt"},
    {"$CORPUS canon -o good.txt good.txt", 2, "good.txt"},
    {"$BENCH compare report.csv report2.csv --json report.csv", 2,
     "report.csv"},
    {"$BENCH history add --db report.csv --commit bbbb report.csv", 2,
     "report.csv"},
    // Write failures.
    {"$GEN -n 5 -o /dev/full", 2, "/dev/full"},
    {"$SHUFFLE -o /dev/full good.txt", 2, "/dev/full"},
    {"$CONVERT --to sdk -o /dev/full good.txt", 2, "/dev/full"},
    {"$CORPUS canon -o /dev/full good.txt", 2, "/dev/full"},
    {"$BENCH -q --csv /dev/full good.txt", 2, "/dev/full"},
    {"$GEN -n 5 > /dev/full", 2, "gen"},
    // A reader gone: death by SIGPIPE (141), as head's writers die.
    {"set -o pipefail; $GEN -n 100000 | head -c 1 > /dev/null", 141, ""},
    {"set -o pipefail; $SHUFFLE good.txt good.txt | true", 141, ""},
    // Memory or threads that cannot be had (ulimit -v, in KiB): exit 2, the
    // dataset named.
    {"ulimit -v 40000; $BENCH -q -t 2 good.txt", 2, "good.txt: "},
    // SIGTERM while blocked on a FIFO no one writes, and while working (a
    // background job of a script ignores SIGINT, so TERM stands for both).
    // `heeding` (heeding.h) waits until bench heeds stops.
    {"$BENCH fifo & heeding $!; sleep 0.3; kill -TERM $!; wait $!", 143, "interrupted"},
    {"$BENCH -q --repeat 1000 good.txt & heeding $!; sleep 0.3; kill -TERM $!; wait $!",
     143, "interrupted"},
    {"$SHUFFLE fifo & sleep 0.5; kill -TERM $!; wait $!", 143, ""},
    {"$CORPUS dupes fifo & sleep 0.5; kill -TERM $!; wait $!", 143, ""},
    {"$GEN -n 1000000000 -o made.txt & sleep 0.5; kill -TERM $!; wait $!", 143,
     ""},
};

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every regular file of the folder, by name, with its bytes.
std::map<std::string, std::string> Snapshot(const fs::path& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.is_regular_file()) {
      files[entry.path().filename()] = Read(entry.path());
    }
  }
  return files;
}

// Runs `command` in `folder` with the programs named; returns the exit code,
// standard error in `err`.
int Shell(const fs::path& folder, const std::string& command,
          std::string& err) {
  const std::string script =
      sudoku::testing::HeedingShellFunction() + "cd '" + folder.string() + "' && export BENCH='" +
      std::string(BENCH_BINARY) + "' GEN='" + GEN_BINARY + "' SHUFFLE='" +
      SHUFFLE_BINARY + "' CONVERT='" + CONVERT_BINARY + "' CORPUS='" +
      CORPUS_BINARY + "' RATE='" + RATE_BINARY + "' && (" + command +
      ") < /dev/null > stdout.log 2> ../stderr.log";
  const fs::path script_file = folder / ".." / "case.sh";
  std::ofstream(script_file) << script << "\n";
  const int status = std::system(("bash " + script_file.string()).c_str());
  err = Read(folder / ".." / "stderr.log");
  fs::remove(folder / "stdout.log");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

TEST(HostileTable, EveryProgramRefusesEveryClassAndLeavesItsInputsAlone) {
  const fs::path root = fs::temp_directory_path() /
                        ("hostile_table_" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "in");
  std::string err;
  ASSERT_EQ(Shell(root / "in", kSetup, err), 0) << err;
  const std::map<std::string, std::string> inputs = Snapshot(root / "in");
  for (const Case& c : kCases) {
    // A sanitizer's shadow memory cannot be mapped under an address-space
    // limit (ASan ends with SIGSEGV first): faults_test skips the same.
    if (kSanitized && std::string_view(c.command).starts_with("ulimit -v")) {
      continue;
    }
    const int code = Shell(root / "in", c.command, err);
    EXPECT_EQ(code, c.exit_code) << c.command << "\n" << err;
    EXPECT_NE(err.find(c.says), std::string::npos) << c.command << "\n" << err;
    // Inputs unchanged, byte for byte; what a refused run made, removed.
    for (const auto& [name, bytes] : Snapshot(root / "in")) {
      const auto was = inputs.find(name);
      if (was == inputs.end()) {
        fs::remove(root / "in" / name);
        continue;
      }
      EXPECT_TRUE(bytes == was->second) << c.command << " changed " << name;
    }
    for (const auto& [name, bytes] : inputs) {
      EXPECT_TRUE(fs::exists(root / "in" / name)) << c.command << " removed "
                                                   << name;
    }
  }
  fs::remove_all(root);
}

}  // namespace
}  // namespace sudoku
