// Every program's outputs through the one writer (issue 43 items 1, 2, 4;
// docs/cli.md, "How outputs are written"): a refused run keeps earlier
// outputs byte for byte; two live writers of one target never splice (the
// second is refused, naming the first); '-' read from a redirect of an
// output is refused; write errors (a file-size limit, a folder removed)
// exit 2 naming the file; a new run over a checkpoint is refused; an empty
// path is a usage error; '-' carries the data alone; a plugin's chdir()
// loses no dataset; a FIFO output without a reader hears SIGTERM. Each case runs in a fresh copy of one folder of
// inputs; after it, every input is what it was and nothing half-written
// (a temporary, a lock) is left.
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
  const char* command;  // bash; $BENCH, $GEN, ... name the programs
  int exit_code;
  const char* says;     // on standard error
  const char* changes;  // the one input the case may change ("" none)
};

// keep.*: earlier outputs a refused run must leave as they were.
constexpr const char* kSetup =
    "$GEN -n 20 --seed 3 -o good.txt && $GEN -n 300 --seed 4 -o big.txt && "
    "$BENCH -q good.txt --csv keep.csv && cp keep.csv keep2.csv && "
    "$BENCH -q --shard 1/1 --stats part.json good.txt && "
    "printf 'keep\\n' > keep.txt && cp keep.txt keep.html && "
    "cp keep.txt keep.json && cp keep.txt keep.md && cp keep.txt ck.json && "
    "mkfifo fifo";

const Case kCases[] = {
    // A run refused because a later output cannot be opened.
    {"$BENCH -q --csv keep.csv --per-puzzle keep.txt --html /nonexistent/x "
     "good.txt",
     2, "cannot write /nonexistent/x", ""},
    {"$BENCH -q --csv keep.csv --stats /nonexistent/x good.txt", 2,
     "cannot write /nonexistent/x", ""},
    {"$BENCH merge -q part.json --csv keep.csv --html /nonexistent/x", 2,
     "cannot write /nonexistent/x", ""},
    {"$BENCH compare keep.csv keep2.csv --json keep.json --markdown keep.md "
     "--html /nonexistent/x",
     2, "cannot write /nonexistent/x", ""},
    {"$CORPUS check --good keep.txt --bad /nonexistent/x good.txt", 2,
     "cannot write /nonexistent/x", ""},
    {"$CORPUS dupes --groups keep.txt -o /nonexistent/x good.txt", 2,
     "cannot write /nonexistent/x", ""},
    // A run whose one output fails replaces none.
    {"$BENCH -q --csv keep.csv --per-puzzle /dev/full good.txt", 2,
     "writing /dev/full failed", ""},
    // Two live writers of one target: the second refused, naming the first.
    {"$BENCH -q --csv busy.csv fifo & heeding $!; sleep 1; $BENCH -q --csv busy.csv "
     "good.txt; code=$?; kill -TERM $!; wait $!; exit $code",
     2, "busy.csv is being written by another run (pid ", ""},
    {"$GEN -n 1000000000 -o busy.txt & sleep 1; $GEN -n 5 -o busy.txt; "
     "code=$?; kill -TERM $!; wait $!; exit $code",
     2, "busy.txt is being written by another run (pid ", ""},
    {"(sleep 3; cat good.txt) | $SHUFFLE -o keep.txt - & sleep 1; "
     "$CONVERT --to sdk -o keep.txt good.txt; code=$?; kill -TERM $!; "
     "wait $!; exit $code",
     2, "keep.txt is being written by another run (pid ", ""},
    // '-' known by what it is: standard input redirected from an output.
    {"$BENCH -q --csv good.txt - < good.txt", 2,
     "--csv good.txt names the same file as the dataset - (standard input, ",
     ""},
    {"$SHUFFLE -o good.txt - < good.txt", 2, "good.txt", ""},
    {"$CONVERT --to sdk -o good.txt - < good.txt", 2, "good.txt", ""},
    {"$CORPUS canon -o good.txt - < good.txt", 2, "good.txt", ""},
    // Write errors name the file: a file-size limit, a folder removed.
    {"ulimit -f 4; $BENCH -q --csv keep.csv --per-puzzle pp.csv big.txt", 2,
     "writing pp.csv failed: File too large", ""},
    {"ulimit -f 4; $GEN -n 1000 -o made.txt", 2,
     "writing made.txt failed: File too large", ""},
    {"mkdir sub; $BENCH -q --csv sub/r.csv fifo & heeding $!; sleep 1; rm -r sub; "
     "cat good.txt > fifo; wait $!",
     2, "writing sub/r.csv failed", ""},
    {"mkdir sub; (sleep 2; cat good.txt) | $SHUFFLE -o sub/r.txt - & "
     "sleep 1; rm -r sub; wait $!",
     2, "writing sub/r.txt failed", ""},
    // A checkpoint belongs to the run that made it.
    {"$BENCH -q --checkpoint ck.json good.txt", 2,
     "--checkpoint ck.json exists", ""},
    {"$BENCH -q --checkpoint ck.json --overwrite-checkpoint good.txt", 0, "",
     "ck.json"},
    // A plugin's chdir() cannot move an output: the checkpoint written at
    // the stop it asks for is where the command line named it.
    {"$BENCH -q -t 1 --plugin $CHDIR -s chdir --checkpoint ck2.json "
     "--checkpoint-every 0 --csv r.csv $PWD/big.txt; test $? = 130 && "
     "test -s ck2.json && test -s r.csv",
     0, "checkpoint written to ck2.json", ""},
    // An empty path names no file.
    {"$BENCH -q --csv '' good.txt", 2, "empty path", ""},
    {"$GEN -n 1 -o ''", 2, "empty path", ""},
    {"$BENCH compare keep.csv keep2.csv --json ''", 2, "empty path", ""},
    {"$CORPUS check --good '' good.txt", 2, "empty path", ""},
    // '-' is standard output, never a file named '-'.
    {"$BENCH merge -q part.json --csv - | grep -q dataset", 0, "", ""},
    {"$BENCH compare keep.csv keep2.csv --json - | grep -q verdict", 0, "", ""},
    // With an output on standard output, the console text goes to standard
    // error: standard output is the data alone.
    {"$BENCH compare keep.csv keep2.csv --json - 2>/dev/null | "
     "python3 -m json.tool >/dev/null",
     0, "", ""},
    {"$BENCH compare keep.csv keep2.csv --bencher - 2>/dev/null | "
     "python3 -m json.tool >/dev/null",
     0, "", ""},
    {"$BENCH compare keep.csv keep2.csv --html - 2>/dev/null | head -c 9 | "
     "grep -qx '<!DOCTYPE'",
     0, "", ""},
    {"$BENCH merge part.json --csv - 2>/dev/null | head -c 8 | "
     "grep -qx 'dataset,'",
     0, "", ""},
    {"$BENCH history add --db h.db --commit aaaa keep.csv >/dev/null && "
     "$BENCH history check --db h.db --json - 2>/dev/null | "
     "python3 -m json.tool >/dev/null && "
     "$BENCH history show --db h.db --bencher - 2>/dev/null | "
     "python3 -m json.tool >/dev/null && "
     "$BENCH history --db h.db --html - 2>/dev/null | head -c 9 | "
     "grep -qx '<!DOCTYPE'",
     0, "", ""},
    // An output that cannot be standard output is refused naming its option.
    {"$BENCH -q --checkpoint - good.txt", 2,
     "bench: --checkpoint: standard output cannot hold a checkpoint", ""},
    // A plugin's chdir() between datasets or as it loads cannot lose a
    // relative dataset: each is opened by the absolute path the plan made
    // of it before any plugin loaded, and still named as given.
    {"cp good.txt g2.txt && $BENCH -q -t 1 --plugin $CHDIR -s wander "
     "--csv w.csv good.txt g2.txt && grep -q '^g2.txt,wander,' w.csv && "
     "! grep -q \"$PWD\" w.csv",
     0, "", ""},
    {"CHDIR_PLUGIN_AT_LOAD=1 $BENCH -q --plugin $CHDIR -s wander "
     "--checkpoint ck4.json --csv w.csv good.txt && "
     "grep -q '^good.txt,wander,' w.csv && test ! -e /tmp/ck4.json",
     0, "", ""},
    {"CHDIR_PLUGIN_AT_LOAD=1 $BENCH -q --plugin $CHDIR -s wander --csv "
     "$PWD/good.txt good.txt",
     2, "names the same file as the dataset good.txt", ""},
    {"CHDIR_PLUGIN_AT_LOAD=1 $BENCH -q --plugin $CHDIR -s wander good.txt "
     "missing.txt",
     2, "bench: cannot open missing.txt: No such file", ""},
    // Two --resume of one checkpoint at once: the second is refused, naming
    // the first, and the per-puzzle file has every puzzle once.
    {"$BENCH -q -t 1 --batch 10 --plugin $SLOW -s slow --checkpoint ck5.json "
     "--checkpoint-every 0 --per-puzzle pp.csv big.txt & heeding $!; sleep 1; "
     "kill -INT $!; wait $!; test -s ck5.json || exit 9; "
     "$BENCH --resume ck5.json >/dev/null & heeding $!; sleep 1; "
     "$BENCH --resume ck5.json; code=$?; kill -INT $!; wait $!; "
     "$BENCH --resume ck5.json >/dev/null 2>&1 || exit 8; "
     "test $(grep -c '' pp.csv) = 301 && "
     "test $(cut -d, -f2 pp.csv | sort -u | wc -l) = 301 && exit $code",
     2, "pp.csv is being written by another run (pid ", ""},
    // A FIFO output with no reader: a stop signal is heard while bench
    // waits for one, and the earlier output is left as it was.
    {"$BENCH -q --csv keep.csv --html fifo good.txt & pid=$!; heeding $pid; sleep 1; "
     "kill -TERM $pid; sleep 3; kill -KILL $pid 2>/dev/null; wait $pid",
     143, "", ""},
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

// Runs `command` with bash in `folder`; the exit code, standard error in
// `err`.
int Shell(const fs::path& folder, const std::string& command,
          std::string& err) {
  const std::string script =
      sudoku::testing::HeedingShellFunction() + "cd '" + folder.string() + "' && export BENCH='" +
      std::string(BENCH_BINARY) + "' GEN='" + GEN_BINARY + "' SHUFFLE='" +
      SHUFFLE_BINARY + "' CONVERT='" + CONVERT_BINARY + "' CORPUS='" +
      CORPUS_BINARY + "' CHDIR='" + CHDIR_PLUGIN + "' SLOW='" + SLOW_PLUGIN +
      "' && (" + command +
      ") > ../stdout.log 2> ../stderr.log";
  const fs::path script_file = folder / ".." / "case.sh";
  std::ofstream(script_file) << script << "\n";
  const int status = std::system(("bash " + script_file.string()).c_str());
  err = Read(folder / ".." / "stderr.log");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(OneWriter, EveryProgramWritesWholeOrNotAtAll) {
  const fs::path root =
      fs::temp_directory_path() / ("one_writer_" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "base");
  std::string err;
  ASSERT_EQ(Shell(root / "base", kSetup, err), 0) << err;
  const std::map<std::string, std::string> inputs = Snapshot(root / "base");
  int index = 0;
  for (const Case& c : kCases) {
    const fs::path folder = root / ("case" + std::to_string(index++));
    // cp -a: the FIFO too, which std::filesystem::copy refuses.
    ASSERT_EQ(std::system(("cp -a '" + (root / "base").string() + "' '" +
                           folder.string() + "'")
                              .c_str()),
              0);
    const int code = Shell(folder, c.command, err);
    EXPECT_EQ(code, c.exit_code) << c.command << "\n" << err;
    EXPECT_NE(err.find(c.says), std::string::npos) << c.command << "\n" << err;
    const std::map<std::string, std::string> now = Snapshot(folder);
    for (const auto& [name, bytes] : inputs) {
      if (name == c.changes) continue;
      const auto is = now.find(name);
      EXPECT_TRUE(is != now.end() && is->second == bytes)
          << c.command << " changed or removed " << name;
    }
    for (const auto& entry : fs::directory_iterator(folder)) {
      const std::string name = entry.path().filename();
      EXPECT_TRUE(name.find(".tmp-") == std::string::npos &&
                  !name.ends_with(".lock") && name != "-")
          << c.command << " left " << name;
    }
    fs::remove_all(folder);
  }
  fs::remove_all(root);
}

}  // namespace
}  // namespace sudoku
