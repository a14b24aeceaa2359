// JSON values built with nlohmann::json, laid out as the project's JSON files
// are: one line per row, so a diff of two files shows which rows moved.
#include "engine/common/json_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace sudoku {
namespace {

// Scalars as nlohmann writes them; bytes that are not UTF-8 (a file name can
// hold any) become U+FFFD rather than an exception.
std::string Scalar(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool Integral(double value) {
  return value == std::floor(value) && std::fabs(value) < 1e18;
}

}  // namespace

Json JsonNumber(double value) {
  if (!std::isfinite(value)) return nullptr;
  if (Integral(value)) return static_cast<int64_t>(value);
  // Ten significant digits say more than any timing here can tell.
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.10g", value);
  const double rounded = std::strtod(buffer, nullptr);
  if (Integral(rounded)) return static_cast<int64_t>(rounded);
  return rounded;
}

std::string OneLine(const Json& value,
                    std::initializer_list<std::string_view> own_line,
                    std::string_view indent) {
  std::string text;
  if (value.is_object()) {
    text = "{";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) {
        const bool breaks =
            std::find(own_line.begin(), own_line.end(), key) != own_line.end();
        text += breaks ? ",\n" + std::string(indent) : ", ";
      }
      first = false;
      text += Scalar(key) + ": " + OneLine(member);
    }
    return text + "}";
  }
  if (value.is_array()) {
    text = "[";
    for (size_t i = 0; i < value.size(); ++i) {
      text += (i ? ", " : "") + OneLine(value[i]);
    }
    return text + "]";
  }
  return Scalar(value);
}

std::string LinePerElement(const Json& array, std::string_view indent,
                           std::string_view close_indent,
                           std::initializer_list<std::string_view> own_line,
                           std::string_view member_indent) {
  std::string text = "[";
  for (size_t i = 0; i < array.size(); ++i) {
    text += (i ? ",\n" : "\n") + std::string(indent) +
            OneLine(array[i], own_line, member_indent);
  }
  return text + "\n" + std::string(close_indent) + "]";
}

std::string MembersOnLines(const Json& object, std::string_view list,
                           std::initializer_list<std::string_view> own_line) {
  std::string out = "{";
  bool first = true;
  for (const auto& [key, value] : object.items()) {
    out += std::string(first ? "\n  " : ",\n  ") + OneLine(key) + ": " +
           (key == list ? LinePerElement(value, "    ", "  ", own_line, "     ")
                        : OneLine(value));
    first = false;
  }
  return out + "\n}\n";
}

}  // namespace sudoku
