// Which exceptions mean that memory or a thread could not be had.
#include "engine/common/resource_failure.h"

#include <new>
#include <stdexcept>
#include <system_error>

namespace sudoku {

std::string ResourceShortage::Text() const {
  std::string text(what);
  if (!detail.empty()) text.append(" (").append(detail).append(")");
  return text;
}

std::optional<ResourceShortage> FindResourceShortage(
    const std::exception_ptr& error) {
  constexpr std::string_view kThread = "a thread could not be started";
  if (error == nullptr) return std::nullopt;
  try {
    std::rethrow_exception(error);
  } catch (const std::bad_alloc&) {
    return ResourceShortage{"out of memory (an allocation failed)", ""};
  } catch (const std::system_error& e) {
    const std::error_condition condition = e.code().default_error_condition();
    if (condition == std::errc::resource_unavailable_try_again ||
        condition == std::errc::not_enough_memory) {
      return ResourceShortage{kThread, e.what()};
    }
  } catch (const std::runtime_error& e) {
    // oneTBB says so in its message alone (its handle_perror).
    if (std::string_view(e.what()).starts_with("pthread_create")) {
      return ResourceShortage{kThread, e.what()};
    }
  } catch (...) {
  }
  return std::nullopt;
}

}  // namespace sudoku
