// The `shuffle` executable, a door: parse, resolve and rewrite the puzzles
// (tools/shuffle/shuffle_command.h).
#include <iostream>

#include "tools/shuffle/shuffle_command.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::ShuffleMain(sudoku::Arguments(argc, argv),
                             {std::cin, std::cout, std::cerr});
}
