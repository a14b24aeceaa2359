// Tests of the one writer: the target untouched until Commit, a second live
// writer refused naming the first, write errors kept with their reason, the
// temporary gone on failure, resume from a temporary or the target.
#include "engine/common/atomic_output.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/common/file_identity.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;
using testing::TempPath;
using testing::WriteTempFile;

// A fresh, empty folder for one test.
fs::path Folder(const std::string& name) {
  const fs::path folder = TempPath("atomic_" + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

// The names in `folder`, to see that nothing is left behind.
std::vector<std::string> Names(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(AtomicOutput, TheTargetIsUntouchedUntilCommit) {
  const fs::path folder = Folder("commit");
  const std::string target = (folder / "r.csv").string();
  WriteTempFile("atomic_commit/r.csv", "old\n");
  std::string error;
  auto out = AtomicOutput::Open(target, error);
  ASSERT_NE(out, nullptr) << error;
  out->stream() << "new\n";
  std::string flushed;
  ASSERT_TRUE(out->Flush(flushed)) << flushed;
  EXPECT_EQ(ReadFile(target), "old\n");
  EXPECT_EQ(out->position(), 4u);
  ASSERT_TRUE(out->Commit(error)) << error;
  EXPECT_EQ(ReadFile(target), "new\n");
  EXPECT_EQ(Names(folder), std::vector<std::string>{"r.csv"});
}

TEST(AtomicOutput, DroppedWithoutCommitLeavesTheTargetAndNoTrace) {
  const fs::path folder = Folder("drop");
  const std::string target = (folder / "keep.csv").string();
  WriteTempFile("atomic_drop/keep.csv", "baseline\n");
  {
    std::string error;
    auto out = AtomicOutput::Open(target, error);
    ASSERT_NE(out, nullptr) << error;
    out->stream() << "half";
  }
  EXPECT_EQ(ReadFile(target), "baseline\n");
  EXPECT_EQ(Names(folder), std::vector<std::string>{"keep.csv"});
}

TEST(AtomicOutput, ASecondLiveWriterIsRefusedNamingTheFirst) {
  const fs::path folder = Folder("lock");
  const std::string target = (folder / "r.csv").string();
  std::string error;
  auto first = AtomicOutput::Open(target, error);
  ASSERT_NE(first, nullptr) << error;
  auto second = AtomicOutput::Open(target, error);
  EXPECT_EQ(second, nullptr);
  EXPECT_NE(error.find(target + " is being written by another run (pid " +
                       std::to_string(getpid()) + ": "),
            std::string::npos)
      << error;
  // Through a link, or another spelling, it is the same target.
  fs::create_symlink(target, folder / "link.csv");
  EXPECT_EQ(AtomicOutput::Open((folder / "link.csv").string(), error), nullptr);
  first->stream() << "one\n";
  ASSERT_TRUE(first->Commit(error)) << error;
  auto third = AtomicOutput::Open(target, error);
  EXPECT_NE(third, nullptr) << error;
}

TEST(AtomicOutput, ALockFileThatIsNotOneIsNotWrittenOver) {
  const fs::path folder = Folder("not_lock");
  WriteTempFile("atomic_not_lock/.r.csv.lock", "a dataset\n");
  std::string error;
  EXPECT_EQ(AtomicOutput::Open((folder / "r.csv").string(), error), nullptr);
  EXPECT_NE(error.find("is not an output lock"), std::string::npos) << error;
  EXPECT_EQ(ReadFile((folder / ".r.csv.lock").string()), "a dataset\n");
}

TEST(AtomicOutput, ASymbolicLinkIsFollowedDanglingOrNot) {
  const fs::path folder = Folder("link");
  fs::create_symlink("real.csv", folder / "link.csv");  // dangling
  EXPECT_EQ(ResolveOutputPath((folder / "link.csv").string()),
            (fs::canonical(folder) / "real.csv").string());
  std::string error;
  auto out = AtomicOutput::Open((folder / "link.csv").string(), error);
  ASSERT_NE(out, nullptr) << error;
  out->stream() << "x\n";
  ASSERT_TRUE(out->Commit(error)) << error;
  EXPECT_TRUE(fs::is_symlink(folder / "link.csv"));
  EXPECT_EQ(ReadFile((folder / "real.csv").string()), "x\n");
}

TEST(AtomicOutput, AFileSizeLimitIsAnErrorNamingTheFile) {
  const fs::path folder = Folder("limit");
  const std::string target = (folder / "big.txt").string();
  WriteTempFile("atomic_limit/big.txt", "before\n");
  std::string error;
  auto out = AtomicOutput::Open(target, error);  // ignores SIGXFSZ
  ASSERT_NE(out, nullptr) << error;
  rlimit old{};
  getrlimit(RLIMIT_FSIZE, &old);
  rlimit small = old;
  small.rlim_cur = 1000;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  out->stream() << std::string(200000, 'x');
  const bool committed = out->Commit(error);
  setrlimit(RLIMIT_FSIZE, &old);
  EXPECT_FALSE(committed);
  EXPECT_EQ(error, "writing " + target + " failed: File too large");
  EXPECT_EQ(ReadFile(target), "before\n");
  EXPECT_EQ(Names(folder), std::vector<std::string>{"big.txt"});
}

TEST(AtomicOutput, AFolderRemovedMidRunIsAnError) {
  const fs::path folder = Folder("gone");
  const std::string target = (folder / "r.csv").string();
  std::string error;
  auto out = AtomicOutput::Open(target, error);
  ASSERT_NE(out, nullptr) << error;
  out->stream() << "rows\n";
  fs::remove_all(folder);
  EXPECT_FALSE(out->Commit(error));
  EXPECT_NE(error.find("writing " + target + " failed"), std::string::npos)
      << error;
}

TEST(AtomicOutput, ADeviceIsWrittenInPlace) {
  std::string error;
  auto null = AtomicOutput::Open("/dev/null", error);
  ASSERT_NE(null, nullptr) << error;
  EXPECT_FALSE(null->replaces());
  null->stream() << "gone\n";
  EXPECT_TRUE(null->Commit(error)) << error;
  auto full = AtomicOutput::Open("/dev/full", error);
  ASSERT_NE(full, nullptr) << error;
  full->stream() << "x\n";
  EXPECT_FALSE(full->Commit(error));
  EXPECT_EQ(error, "writing /dev/full failed: No space left on device");
}

TEST(AtomicOutput, AFolderOrAMissingFolderCannotBeWritten) {
  const fs::path folder = Folder("folder");
  std::string error;
  EXPECT_EQ(AtomicOutput::Open(folder.string(), error), nullptr);
  EXPECT_EQ(error, "cannot write " + folder.string() + ": Is a directory");
  EXPECT_EQ(AtomicOutput::Open("/nonexistent-dir/x", error), nullptr);
  EXPECT_EQ(error,
            "cannot write /nonexistent-dir/x: No such file or directory");
  EXPECT_EQ(AtomicOutput::Open("", error), nullptr);
  EXPECT_EQ(AtomicOutput::Open("-", error), nullptr);
  EXPECT_FALSE(fs::exists("-"));
}

TEST(AtomicOutput, ReplaceKeepsTheLockBetweenReplacements) {
  const fs::path folder = Folder("replace");
  const std::string target = (folder / "ck.json").string();
  std::string error;
  auto out = AtomicOutput::Open(target, error);
  ASSERT_NE(out, nullptr) << error;
  ASSERT_TRUE(out->Replace("first\n", error)) << error;
  EXPECT_EQ(ReadFile(target), "first\n");
  EXPECT_EQ(AtomicOutput::Open(target, error), nullptr);  // still locked
  ASSERT_TRUE(out->Replace("second\n", error)) << error;
  EXPECT_EQ(ReadFile(target), "second\n");
  out->Discard(/*also_target=*/true);
  EXPECT_TRUE(Names(folder).empty());
}

TEST(AtomicOutput, AppendStartsFromTheTarget) {
  const fs::path folder = Folder("append");
  const std::string target = (folder / "summary.md").string();
  WriteTempFile("atomic_append/summary.md", "# one\n");
  std::string error;
  AtomicOutput::Options options;
  options.append = true;
  auto out = AtomicOutput::Open(target, options, error);
  ASSERT_NE(out, nullptr) << error;
  out->stream() << "# two\n";
  ASSERT_TRUE(out->Commit(error)) << error;
  EXPECT_EQ(ReadFile(target), "# one\n# two\n");
}

TEST(AtomicOutput, ResumeContinuesTheRecordedTemporaryOrElseTheTarget) {
  const fs::path folder = Folder("resume");
  const std::string target = (folder / "pp.csv").string();
  std::string error, temporary;
  {
    AtomicOutput::Options kept;
    kept.keep_on_signal = true;
    auto out = AtomicOutput::Open(target, kept, error);
    ASSERT_NE(out, nullptr) << error;
    out->stream() << "a\nb\npartial";
    ASSERT_TRUE(out->Flush(error)) << error;
    temporary = out->temporary();
  }  // a run that stopped: its temporary stays, for --resume
  ASSERT_TRUE(fs::exists(temporary));
  AtomicOutput::Options options;
  options.resume = true;
  options.continued = temporary;
  options.continued_length = 4;
  auto out = AtomicOutput::Open(target, options, error);
  ASSERT_NE(out, nullptr) << error;
  EXPECT_EQ(out->position(), 4u);
  out->stream() << "c\n";
  ASSERT_TRUE(out->Commit(error)) << error;
  EXPECT_EQ(ReadFile(target), "a\nb\nc\n");
  // The temporary gone (renamed), the target holds the bytes.
  options.continued_length = 6;
  auto again = AtomicOutput::Open(target, options, error);
  ASSERT_NE(again, nullptr) << error;
  again->stream() << "d\n";
  ASSERT_TRUE(again->Commit(error)) << error;
  EXPECT_EQ(ReadFile(target), "a\nb\nc\nd\n");
  // A file shorter than recorded changed since.
  options.continued_length = 100;
  EXPECT_EQ(AtomicOutput::Open(target, options, error), nullptr);
  EXPECT_NE(error.find("fewer than the 100 the checkpoint recorded"),
            std::string::npos)
      << error;
  // A recorded name that is not this target's temporary is not continued.
  const std::string other =
      WriteTempFile("atomic_resume/data.txt", "puzzles\n");
  options.continued = other;
  options.continued_length = 2;
  auto safe = AtomicOutput::Open(target, options, error);
  ASSERT_NE(safe, nullptr) << error;
  safe->Discard();
  EXPECT_EQ(ReadFile(other), "puzzles\n");
}

TEST(AtomicOutput, TheSignalPathRemovesTemporariesButAKeptOne) {
  const fs::path folder = Folder("signal");
  std::string error;
  auto dropped = AtomicOutput::Open((folder / "a.csv").string(), error);
  AtomicOutput::Options kept_options;
  kept_options.keep_on_signal = true;
  auto kept =
      AtomicOutput::Open((folder / "b.csv").string(), kept_options, error);
  auto renamed = AtomicOutput::Open((folder / "c.csv").string(), error);
  ASSERT_TRUE(dropped && kept && renamed) << error;
  renamed->stream() << "partial\n";
  ASSERT_TRUE(renamed->Flush(error));
  const std::string kept_name = kept->temporary();
  CommitOutputFromSignal(renamed->descriptor());
  AbandonOutputsFromSignal();
  EXPECT_EQ(ReadFile((folder / "c.csv").string()), "partial\n");
  EXPECT_EQ(Names(folder), (std::vector<std::string>{
                               fs::path(kept_name).filename(), "c.csv"}));
}

// What the writer writes is what the clash check compares: a dangling
// link's target, and '-' by what its descriptor is.
TEST(OutputIdentity, ADanglingLinkAndARedirectedStandardInputAreKnown) {
  const fs::path folder = Folder("identity");
  fs::create_symlink("real.csv", folder / "link.csv");
  const NamedPath outputs[] = {{"--csv", (folder / "link.csv").string()},
                               {"--html", (folder / "real.csv").string()}};
  EXPECT_TRUE(FindPathClash({}, outputs).has_value());

  const std::string input = WriteTempFile("atomic_identity/x.txt", "1\n");
  const int saved = dup(STDIN_FILENO);
  ASSERT_EQ(std::freopen(input.c_str(), "r", stdin) != nullptr, true);
  const NamedPath in[] = {{"the dataset", "-"}};
  const NamedPath out[] = {{"--csv", input}};
  const auto clash = FindPathClash(in, out);
  const std::string said = clash ? DescribeClash(*clash) : "";
  dup2(saved, STDIN_FILENO);
  close(saved);
  EXPECT_NE(said.find("the dataset - (standard input, " +
                      fs::canonical(input).string() + ")"),
            std::string::npos)
      << said;
}

}  // namespace
}  // namespace sudoku
