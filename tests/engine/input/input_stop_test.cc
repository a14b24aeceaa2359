// Tests for the stop request and Input's waits: a FIFO that no one writes to
// is opened without waiting, and its wait ends on the request. A binary of
// its own: the request, once made, is the process's for good.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "engine/common/stop_request.h"
#include "engine/input/input.h"
#include "tests/fixtures.h"

namespace sudoku {
namespace {

bool Readable(int fd) {
  pollfd p{fd, POLLIN, 0};
  return poll(&p, 1, 0) == 1;
}

TEST(InputStop, AWaitForAFifoEndsOnTheStopRequest) {
  PrepareStopRequest();
  ASSERT_GE(StopWakeFd(), 0);
  EXPECT_FALSE(Readable(StopWakeFd()));
  EXPECT_EQ(StopSignal(), 0);
  const std::string fifo = testing::TempPath("silent.fifo");
  unlink(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // Whether the request comes before the wait or during it, the wait ends.
  std::thread requester([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_TRUE(RequestStop(SIGINT));
  });
  Input input(fifo);  // opened at once; its first bytes are waited for
  LineCut cut = LineCut::kWhole;
  EXPECT_THROW(input.NextLine(cut), InputInterrupted);
  requester.join();
  EXPECT_EQ(StopSignal(), SIGINT);
  EXPECT_TRUE(Readable(StopWakeFd()));
  // The first request stands.
  EXPECT_FALSE(RequestStop(SIGTERM));
  EXPECT_EQ(StopSignal(), SIGINT);
  // A regular file never waits, so it reads on: the reader decides when to
  // stop (at its next batch).
  Input file(testing::WriteTempFile("after.txt", "one\ntwo\n"));
  EXPECT_EQ(*file.NextLine(cut), "one");
  EXPECT_EQ(*file.NextLine(cut), "two");
  EXPECT_FALSE(file.NextLine(cut).has_value());
}

}  // namespace
}  // namespace sudoku
