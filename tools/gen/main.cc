// The `gen` executable, a door: parse, resolve and make the puzzles
// (tools/gen/gen_command.h); the README's "Tools" section shows it in use.
#include <iostream>

#include "tools/gen/gen_command.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::GenMain(sudoku::Arguments(argc, argv),
                         {std::cin, std::cout, std::cerr});
}
