// JSON values built with nlohmann::json, laid out as the project's JSON files
// are: one line per row, so a diff of two files shows which rows moved.
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace sudoku {

// Members keep the order they were added in, as people read them.
using Json = nlohmann::ordered_json;

// A number as every JSON output writes it: integral values without a
// decimal point, others to ten significant digits, and null where JSON has
// no number (NaN, infinities).
Json JsonNumber(double value);

// `value` on one line, `{"a": 1, "b": [2, 3]}`. Members of the outer object
// named in `own_line` start a new line, `indent` deep.
std::string OneLine(const Json& value,
                    std::initializer_list<std::string_view> own_line = {},
                    std::string_view indent = "");

// An array with each element on its own line, `indent` deep, and the closing
// bracket on a line `close_indent` deep.
std::string LinePerElement(
    const Json& array, std::string_view indent, std::string_view close_indent,
    std::initializer_list<std::string_view> own_line = {},
    std::string_view member_indent = "");

// An object with each member on its line, and the array member `list` with
// each element on its own few lines (their members named in `own_line`
// starting new ones), as the project's JSON verdicts are laid out.
std::string MembersOnLines(const Json& object, std::string_view list,
                           std::initializer_list<std::string_view> own_line);

}  // namespace sudoku
