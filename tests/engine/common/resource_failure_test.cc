// Tests for FindResourceShortage: memory and threads told from bugs.
#include "engine/common/resource_failure.h"

#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <system_error>

namespace sudoku {
namespace {

template <typename Error>
std::optional<ResourceShortage> Of(const Error& error) {
  return FindResourceShortage(std::make_exception_ptr(error));
}

TEST(ResourceShortage, TellsMemoryAndThreadsFromBugs) {
  ASSERT_TRUE(Of(std::bad_alloc()));
  EXPECT_EQ(Of(std::bad_alloc())->Text(),
            "out of memory (an allocation failed)");
  const auto thread = Of(std::system_error(
      std::make_error_code(std::errc::resource_unavailable_try_again)));
  ASSERT_TRUE(thread);
  EXPECT_EQ(thread->what, "a thread could not be started");
  // oneTBB's own words when pthread_create fails.
  // The detail points into the exception, which must outlive the shortage.
  const std::exception_ptr tbb_error = std::make_exception_ptr(
      std::runtime_error(
          "pthread_create has failed: Resource temporarily unavailable"));
  const auto tbb = FindResourceShortage(tbb_error);
  ASSERT_TRUE(tbb);
  EXPECT_EQ(tbb->Text(),
            "a thread could not be started (pthread_create has failed: "
            "Resource temporarily unavailable)");
  EXPECT_FALSE(Of(std::runtime_error("something else")));
  EXPECT_FALSE(Of(std::logic_error("a bug")));
  EXPECT_FALSE(
      Of(std::system_error(std::make_error_code(std::errc::invalid_argument))));
  EXPECT_FALSE(FindResourceShortage(nullptr));
}

}  // namespace
}  // namespace sudoku
