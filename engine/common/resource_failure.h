// Memory or a thread that could not be had, told apart from other failures,
// so a run that meets one ends with a message and its partial reports
// instead of std::terminate's abort.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

// What could not be had: `what` a fixed text, "out of memory (an allocation
// failed)" or "a thread could not be started"; `detail` the exception's own
// message ("pthread_create has failed: Resource temporarily unavailable"),
// empty for std::bad_alloc, valid while the exception lives.
struct ResourceShortage {
  std::string_view what;
  std::string_view detail;

  // "WHAT (DETAIL)", or "WHAT" without a detail.
  std::string Text() const;
};

// The shortage `error` reports: std::bad_alloc, or a thread start that
// failed (std::thread's std::system_error, oneTBB's std::runtime_error
// "pthread_create has failed: ..."). std::nullopt for any other exception,
// which is a bug and not the machine's limits. Allocates nothing, so a
// terminate handler may call it when memory has run out.
std::optional<ResourceShortage> FindResourceShortage(
    const std::exception_ptr& error);

}  // namespace sudoku
