// The `convert` executable, a door: parse, resolve and convert the puzzles
// (tools/convert/convert_command.h).
#include <iostream>

#include "tools/convert/convert_command.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::ConvertMain(sudoku::Arguments(argc, argv),
                             {std::cin, std::cout, std::cerr});
}
