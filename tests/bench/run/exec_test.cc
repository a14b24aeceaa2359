// Tests of process strategies (bench --exec): the Python and compiled examples
// end to end, processes that die, garble, stall or lie, refused arguments; and
// in process, the request and reply lines and one process per thread.
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/run/process_reply.h"
#include "bench/run/process_strategy.h"
#include "engine/input/puzzle.h"
#include "engine/report/csv_reader.h"
#include "strategies/registry.h"
#include "tests/bench/bench_runner.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

using testing::Bench;
using testing::BenchRun;
using testing::Has;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kSolverPy = "python3 " + kSource + "/bench/exec/solver.py";
const std::string kFaultyPy =
    "python3 " + kSource + "/tests/bench/run/exec/faulty.py";
const std::string kExecBands = EXEC_BANDS;

// The first `count` puzzles of datasets/easy.txt, one a line.
std::vector<std::string> EasyPuzzles(size_t count) {
  std::ifstream in(kSource + "/datasets/easy.txt");
  std::vector<std::string> puzzles;
  std::string line;
  while (puzzles.size() < count && std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') puzzles.push_back(line.substr(0, 81));
  }
  EXPECT_EQ(puzzles.size(), count);
  return puzzles;
}

std::string Lines(const std::vector<std::string>& puzzles) {
  std::string text;
  for (const std::string& p : puzzles) text += p + "\n";
  return text;
}

// A puzzle as a request carries it: '0' for an empty cell.
std::string AsRequested(std::string puzzle) {
  for (char& ch : puzzle) {
    if (ch == '.') ch = '0';
  }
  return puzzle;
}

// One strategy's row of a CSV report, read by the engine's reader.
ReportRow CsvRow(const std::string& csv_path, const std::string& strategy) {
  for (const ReportEntry& entry : ReadCsvReportFile(csv_path)) {
    if (entry.row.strategy == strategy) return entry.row;
  }
  ADD_FAILURE() << "no row for " << strategy << " in " << ReadFile(csv_path);
  return {};
}

// Every count of a row adds up to its puzzles: each line in exactly one.
void ExpectEveryLineCounted(const ReportRow& r) {
  EXPECT_EQ(r.solved + r.multiple + r.no_solution + r.over_budget + r.invalid +
                r.malformed + r.wrong + r.errors,
            r.puzzles);
}

// strategy -> line -> "outcome nodes", from a --per-puzzle file.
std::map<std::string, std::map<std::string, std::string>> PerPuzzle(
    const std::string& path) {
  std::map<std::string, std::map<std::string, std::string>> seen;
  std::istringstream lines(ReadFile(path));
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) f.push_back(field);
    EXPECT_EQ(f.size(), 6u) << line;
    if (f.size() == 6) seen[f[2]][f[1]] = f[3] + " " + f[5];
  }
  return seen;
}

// The reply line both ways: what --isolate's child writes reads back the
// same, the optional fifth field included.
TEST(ProcessReply, FormatsWhatItParses) {
  SolveResult r;
  r.outcome = Outcome::kSolved;
  r.solutions = 1;
  r.nodes = 12;
  r.guessed = false;
  ASSERT_FALSE(ParseGrid(testing::kSampleSolution, r.solution));
  const std::string line = FormatProcessReply(r);
  EXPECT_EQ(line.back(), '\n');
  SolveResult back;
  ASSERT_TRUE(ParseProcessReply(line.substr(0, line.size() - 1), back));
  EXPECT_EQ(back.outcome, Outcome::kSolved);
  EXPECT_EQ(back.solution, r.solution);
  EXPECT_EQ(back.nodes, 12u);
  EXPECT_EQ(back.solutions, 1u);
  EXPECT_FALSE(back.guessed);
  // Four fields claim nothing about guessing; a fifth must be 0 or 1.
  ASSERT_TRUE(ParseProcessReply("over_budget - 10 0", back));
  EXPECT_TRUE(back.guessed);
  EXPECT_FALSE(ParseProcessReply("over_budget - 10 0 2", back));
  EXPECT_FALSE(ParseProcessReply("over_budget - 10 0 1 x", back));
  // An outcome the protocol has no word for is written so it is refused.
  r.outcome = static_cast<Outcome>(7);
  EXPECT_FALSE(ParseProcessReply(FormatProcessReply(r), back));
}

TEST(BenchExec, PythonExampleSolvesAndEveryAnswerVerifies) {
  const std::string data = WriteTempFile("exec_py.txt", Lines(EasyPuzzles(20)));
  const std::string csv = TempPath("exec_py.csv");
  const std::string per_puzzle = TempPath("exec_py_per_puzzle.csv");
  const BenchRun run = Bench(
      "--progress never --limit 2 -t 2 -s bitmask,py --exec 'py=" + kSolverPy +
      "' --csv " + csv + " --per-puzzle " + per_puzzle + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_FALSE(Has(run.err, "WRONG")) << run.err;
  auto row = CsvRow(csv, "py");
  EXPECT_EQ(row.puzzles, 20u);
  EXPECT_EQ(row.solved, 20u);  // under --limit 2: each proved unique
  EXPECT_EQ(row.errors, 0u);
  EXPECT_NE(row.nodes_total, 0u);
  ExpectEveryLineCounted(row);
  // The console says what the time of a process strategy measures.
  EXPECT_TRUE(Has(run.out,
                  "process strategies (py): time per puzzle is the "
                  "round trip"))
      << run.out;
  EXPECT_FALSE(Has(run.out, "errors")) << run.out;
  // Its search is the seed tree (row-major, digits ascending), bitmask's.
  const auto seen = PerPuzzle(per_puzzle);
  EXPECT_EQ(seen.at("py").size(), 20u);
  EXPECT_EQ(seen.at("py"), seen.at("bitmask"));
}

TEST(BenchExec, PythonExampleStopsAtTheBudget) {
  // 36 to 45 givens leave at least 36 cells, so 30 placements never suffice.
  const std::string data =
      WriteTempFile("exec_py_budget.txt", Lines(EasyPuzzles(10)));
  const std::string csv = TempPath("exec_py_budget.csv");
  const BenchRun run = Bench("-q --max-nodes 30 -s py --exec 'py=" + kSolverPy +
                             "' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  auto row = CsvRow(csv, "py");
  EXPECT_EQ(row.over_budget, 10u);
  EXPECT_EQ(row.nodes_max, 30u);
}

TEST(BenchExec, CompiledExampleSearchesExactlyAsTheBuiltInBands) {
  const std::string per_puzzle = TempPath("exec_bands_per_puzzle.csv");
  const BenchRun run = Bench(
      "-q --progress never --limit 2 --max-nodes 200000 -t 2 -s bands,cb "
      "--exec cb=" +
      kExecBands + " --per-puzzle " + per_puzzle + " " + kSource +
      "/datasets/mixed.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  auto seen = PerPuzzle(per_puzzle);
  EXPECT_EQ(seen["bands"].size(), 2000u);
  EXPECT_EQ(seen["cb"], seen["bands"]);
}

TEST(BenchExec, RoundsOfRepeatSearchAlikeThroughTheSameProcesses) {
  const std::string csv = TempPath("exec_repeat.csv");
  const BenchRun run =
      Bench("-q --repeat 3 -t 2 --limit 2 -s bands,cb --exec cb=" + kExecBands +
            " --csv " + csv + " " + kSource + "/datasets/edge-cases.txt");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const ReportRow row = CsvRow(csv, "cb");
  EXPECT_EQ(row.repeats, 3);
  EXPECT_EQ(row.nodes_total, CsvRow(csv, "bands").nodes_total);
  EXPECT_EQ(row.errors, 0u);
}

TEST(BenchExec, AProcessThatLiesIsCaughtAsWrong) {
  const std::string data =
      WriteTempFile("exec_wrong.txt", Lines(EasyPuzzles(3)));
  const std::string csv = TempPath("exec_wrong.csv");
  const BenchRun run = Bench("-q -s liar --exec 'liar=" + kFaultyPy +
                             " wrong' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":2: WRONG ANSWER from liar: returned a "
                                  "grid that is not a solution"))
      << run.err;
  auto row = CsvRow(csv, "liar");
  EXPECT_EQ(row.wrong, 3u);
  EXPECT_EQ(row.errors, 0u);
}

// A process that fails on the third of eight puzzles: that puzzle is an
// error named by file:line, a new process answers the rest, exit 1.
BenchRun RunFaulty(const std::string& mode, const std::string& name,
                   const std::string& options, const std::string& csv) {
  const std::vector<std::string> puzzles = EasyPuzzles(8);
  const std::string data =
      WriteTempFile("exec_" + name + ".txt", Lines(puzzles));
  const BenchRun run =
      Bench("--progress never -t 1 " + options + " -s " + name + " --exec '" +
            name + "=" + kFaultyPy + " " + mode + " " +
            AsRequested(puzzles[2]) + "' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  auto row = CsvRow(csv, name);
  EXPECT_EQ(row.errors, 1u);
  EXPECT_EQ(row.solved, 7u);
  EXPECT_EQ(row.wrong, 0u);
  ExpectEveryLineCounted(row);
  return run;
}

TEST(BenchExec, AProcessThatDiesIsAnErrorAndRestarted) {
  const std::string csv = TempPath("exec_dies.csv");
  const BenchRun run = RunFaulty("die", "dies", "", csv);
  EXPECT_TRUE(Has(run.err,
                  "exec_dies.txt:3: ERROR from dies: process died "
                  "(exit status 3)"))
      << run.err;
  // The console shows errors only when there are some, and says so.
  EXPECT_TRUE(Has(run.out, "wrong  errors")) << run.out;
  EXPECT_TRUE(Has(run.out, "ERROR: 1 puzzles left unanswered")) << run.out;
}

TEST(BenchExec, GarbageIsAnError) {
  const BenchRun run =
      RunFaulty("garbage", "garbles", "-q", TempPath("exec_garbage.csv"));
  EXPECT_TRUE(Has(run.err,
                  "exec_garbles.txt:3: ERROR from garbles: answered "
                  "garbage: 'the answer is 42'"))
      << run.err;
}

// A second reply that comes late is read as the next puzzle's answer (a line
// protocol cannot tell): that answer changes a given, which is WRONG, and a
// process whose answer contradicts its question is out of step, so it is
// restarted. (Should bench be slow enough to find the next puzzle's own
// reply behind it, the two lines are garbage: an error.) Either way that one
// puzzle, not a run of them.
TEST(BenchExec, ALateSecondReplyCostsOnePuzzleAndARestart) {
  const std::vector<std::string> puzzles = EasyPuzzles(8);
  const std::string data = WriteTempFile("exec_late.txt", Lines(puzzles));
  const std::string csv = TempPath("exec_late.csv");
  const BenchRun run =
      Bench("--progress never -t 1 -s late --exec 'late=" + kFaultyPy +
            " late " + AsRequested(puzzles[2]) + "' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err,
                  "exec_late.txt:4: WRONG ANSWER from late: returned "
                  "a grid that is not a solution (cell ") ||
              Has(run.err,
                  "exec_late.txt:4: ERROR from late: answered "
                  "garbage: more than one line for one puzzle"))
      << run.err;
  for (int line = 5; line <= 8; ++line) {
    EXPECT_FALSE(Has(run.err, "exec_late.txt:" + std::to_string(line) + ":"))
        << run.err;
  }
  auto row = CsvRow(csv, "late");
  EXPECT_EQ(row.solved, 7u);
  EXPECT_EQ(row.wrong + row.errors, 1u);
  ExpectEveryLineCounted(row);
}

TEST(BenchExec, TimeoutIsAnError) {
  // A correctness test: the sleeping process is killed and the run goes on.
  const BenchRun run = RunFaulty("sleep", "stalls", "-q --exec-timeout 1",
                                 TempPath("exec_timeout.csv"));
  EXPECT_TRUE(Has(run.err,
                  "exec_stalls.txt:3: ERROR from stalls: timed out "
                  "after 1 s (killed)"))
      << run.err;
}

// A process that answers without flushing gives its answers only as it
// exits: after the first timeout (start-up allowance included, about 11 s)
// bench closes its input, sees the answer come, says why, and starts no
// more processes on that thread instead of waiting the timeout per puzzle.
TEST(BenchExec, AProcessThatDoesNotFlushIsNamedAndNotRestarted) {
  const std::string data =
      WriteTempFile("exec_noflush.txt", Lines(EasyPuzzles(6)));
  const std::string csv = TempPath("exec_noflush.csv");
  const BenchRun run =
      Bench("-q -t 1 --exec-timeout 0.5 -s nf --exec 'nf=" + kFaultyPy +
            " noflush' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":1: ERROR from nf: timed out after 10.5 s "
                                  "on its first puzzle, start-up included "
                                  "(killed); it answered only when its input "
                                  "was closed: it does not flush its output"))
      << run.err;
  EXPECT_TRUE(Has(run.err, data + ":2: ERROR from nf: not restarted: it "
                                  "answered only when its input was closed"))
      << run.err;
  auto row = CsvRow(csv, "nf");
  EXPECT_EQ(row.errors, 6u);
  ExpectEveryLineCounted(row);
}

TEST(BenchExec, ACommandThatDoesNotExistIsNotRestartedForever) {
  const std::string data =
      WriteTempFile("exec_missing.txt", Lines(EasyPuzzles(6)));
  const std::string csv = TempPath("exec_missing.csv");
  const BenchRun run = Bench(
      "-q -t 1 -s nope --exec nope=/no/such/solver "
      "--csv " +
      csv + " " + data);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(Has(run.err, data + ":1: ERROR from nope: process died (exit "
                                  "status 127: the shell found no such "
                                  "command)"))
      << run.err;
  EXPECT_TRUE(Has(run.err, data + ":4: ERROR from nope: not restarted: its "
                                  "last 3 processes on this thread died or "
                                  "answered garbage before answering once"))
      << run.err;
  auto row = CsvRow(csv, "nope");
  EXPECT_EQ(row.errors, 6u);
  ExpectEveryLineCounted(row);
}

TEST(BenchExec, EachThreadHasAProcessOfItsOwn) {
  const std::string data =
      WriteTempFile("exec_threads.txt", Lines(EasyPuzzles(30)));
  const std::string pids = TempPath("exec_threads_pids.txt");
  std::remove(pids.c_str());
  const std::string csv = TempPath("exec_threads.csv");
  const BenchRun run = Bench(
      "-q -t 2 --batch 1 --limit 2 -s bitmask,py --exec 'py=" + kFaultyPy +
      " pid " + pids + "' --csv " + csv + " " + data);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(CsvRow(csv, "py").solved, 30u);
  std::istringstream lines(ReadFile(pids));
  std::set<std::string> started;
  std::string pid;
  while (std::getline(lines, pid)) started.insert(pid);
  // One per thread that solved something: never more than the threads.
  EXPECT_GE(started.size(), 1u);
  EXPECT_LE(started.size(), 2u);
}

TEST(BenchExec, ListSaysWhereEachCameFrom) {
  const BenchRun run = Bench("--list --exec 'py=" + kSolverPy + "'");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  // The command's first word is python3, whose file is hashed.
  EXPECT_TRUE(Has(run.out, "[exec: " + kSolverPy + ", sha256 ")) << run.out;
}

void ExpectRefused(const std::string& exec, const std::string& why) {
  const std::string puzzle =
      WriteTempFile("exec_refused.txt", testing::kSamplePuzzle + "\n");
  const BenchRun run = Bench(exec + " -s all " + puzzle);
  EXPECT_EQ(run.exit_code, 2) << exec;
  EXPECT_TRUE(Has(run.err, why)) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(BenchExec, BadArgumentsAreRefusedBeforeAnythingRuns) {
  ExpectRefused("--exec solver.py",
                "--exec 'solver.py': expected NAME=COMMAND");
  ExpectRefused("--exec =cat",
                "--exec '=cat': the strategy name before '=' "
                "is empty");
  ExpectRefused("--exec 'a,b=cat'", "'a,b' is a name bench cannot select");
  ExpectRefused("--exec all=cat", "'all' is a name bench cannot select");
  ExpectRefused("--exec 'x= '",
                "--exec 'x= ': the command after '=' is "
                "empty");
  ExpectRefused("--exec bands=cat",
                "--exec 'bands=cat': a strategy 'bands' "
                "is already defined (built in)");
  ExpectRefused("--exec x=cat --exec x=tac",
                "--exec 'x=tac': a strategy 'x' is already defined (exec: "
                "cat)");
  ExpectRefused("--exec x=cat --exec-timeout 0", "--exec-timeout");
}

// In process: what the request line says, and how each reply line reads.
class ProcessStrategiesTest : public ::testing::Test {
 protected:
  // A process strategy answering every request with `reply`.
  const Strategy& Replying(const std::string& reply) {
    std::string error;
    const std::string command =
        "while read request; do echo '" + reply + "'; done";
    EXPECT_TRUE(processes_.Add("r" + std::to_string(count_++) + "=" + command,
                               5, {}, error))
        << error;
    return processes_.strategies().back();
  }

  ProcessStrategies processes_;
  int count_ = 0;
};

TEST_F(ProcessStrategiesTest, TheRequestIsPuzzleLimitBudget) {
  const std::string seen = TempPath("exec_request.txt");
  std::string error;
  ASSERT_TRUE(processes_.Add("echo=while read r; do echo \"$r\" >>" + seen +
                                 "; echo no_solution; done",
                             5, {}, error))
      << error;
  std::remove(seen.c_str());
  const Strategy& s = processes_.strategies().back();
  const Grid puzzle = testing::ParsedGrid(testing::kSamplePuzzle);
  EXPECT_EQ(s.Solve(puzzle, 2, kUnlimitedNodes).outcome, Outcome::kNoSolution);
  EXPECT_EQ(s.Solve(puzzle, 1, 5000).outcome, Outcome::kNoSolution);
  const std::string digits = AsRequested(testing::kSamplePuzzle);
  EXPECT_EQ(ReadFile(seen), digits + " 2 -\n" + digits + " 1 5000\n");
}

TEST_F(ProcessStrategiesTest, ReadsEveryFieldOfAReply) {
  const std::string& grid = testing::kSampleSolution;
  const Grid solution = testing::ParsedGrid(grid);
  const Grid empty{};
  SolveResult r = Replying("solved " + grid + " 42 1").Solve(empty, 2, 100);
  EXPECT_EQ(r.outcome, Outcome::kSolved);
  EXPECT_EQ(r.solution, solution);
  EXPECT_EQ(r.nodes, 42u);
  EXPECT_EQ(r.solutions, 1u);
  r = Replying("multiple  " + grid + "\t").Solve(empty, 2, 100);
  EXPECT_EQ(r.outcome, Outcome::kMultiple);
  EXPECT_EQ(r.solutions, 2u);  // the default for multiple
  EXPECT_EQ(r.nodes, 0u);      // nodes not given
  r = Replying("no_solution").Solve(empty, 2, 100);
  EXPECT_EQ(r.outcome, Outcome::kNoSolution);
  EXPECT_EQ(r.solutions, 0u);
  r = Replying("over_budget - 7").Solve(empty, 2, 100);
  EXPECT_EQ(r.outcome, Outcome::kOverBudget);
  EXPECT_EQ(r.nodes, 7u);
  EXPECT_EQ(r.solutions, 0u);
}

TEST_F(ProcessStrategiesTest, AnythingElseIsGarbage) {
  const std::string& grid = testing::kSampleSolution;
  for (const std::string& reply :
       {std::string(""), std::string("solve " + grid),
        std::string("solved 123"), std::string("solved " + grid + "9"),
        std::string("solved " + grid + " -5"),
        std::string("solved " + grid + " 5 1 extra"), std::string("error"),
        std::string("SOLVED " + grid)}) {
    const Strategy& s = Replying(reply);
    EXPECT_EQ(s.Solve(Grid{}, 1, kUnlimitedNodes).outcome, Outcome::kError)
        << reply;
    EXPECT_EQ(s.last_error(s.context).substr(0, 17), "answered garbage:")
        << reply << ": " << s.last_error(s.context);
  }
}

// A line that is waiting before the next request is sent was nobody's
// answer (here, a second reply sent well after the first was read): it is
// garbage, on the puzzle about to be asked, and the process is restarted.
TEST_F(ProcessStrategiesTest, AReplyWaitingBeforeItsRequestIsGarbage) {
  std::string error;
  ASSERT_TRUE(processes_.Add(
      "late=read r; echo no_solution; sleep 0.2; echo no_solution; "
      "while read r; do echo no_solution; done",
      5, {}, error))
      << error;
  const Strategy& s = processes_.strategies().back();
  EXPECT_EQ(s.Solve(Grid{}, 1, kUnlimitedNodes).outcome, Outcome::kNoSolution);
  // Orders the events (the second line arrives first); asserts no time.
  std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_EQ(s.Solve(Grid{}, 1, kUnlimitedNodes).outcome, Outcome::kError);
  EXPECT_EQ(s.last_error(s.context),
            "answered garbage: a line before this puzzle was asked (a second "
            "reply to the last one?): 'no_solution'");
  // A fresh process answers the next one.
  EXPECT_EQ(s.Solve(Grid{}, 1, kUnlimitedNodes).outcome, Outcome::kNoSolution);
}

// Each thread starts a process of its own on its first puzzle and stops it
// when it ends.
TEST_F(ProcessStrategiesTest, OneProcessPerThreadStoppedWhenTheThreadEnds) {
  const std::string pids = TempPath("exec_thread_pids.txt");
  std::remove(pids.c_str());
  std::string error;
  // exec: the process bench starts is python itself, whose id it writes.
  ASSERT_TRUE(
      processes_.Add("p=exec " + kFaultyPy + " pid " + pids, 30, {}, error))
      << error;
  const Strategy& s = processes_.strategies().back();
  const Grid puzzle = testing::ParsedGrid(EasyPuzzles(1)[0]);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&] {
      for (int call = 0; call < 2; ++call) {
        EXPECT_EQ(s.Solve(puzzle, 2, kUnlimitedNodes).outcome,
                  Outcome::kSolved);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  std::istringstream lines(ReadFile(pids));
  std::vector<int> started;
  for (int pid; lines >> pid;) started.push_back(pid);
  ASSERT_EQ(started.size(), 2u);
  EXPECT_NE(started[0], started[1]);
  for (int pid : started) {
    errno = 0;
    EXPECT_EQ(kill(pid, 0), -1) << pid << " still runs";
    EXPECT_EQ(errno, ESRCH);
  }
}

}  // namespace
}  // namespace sudoku
