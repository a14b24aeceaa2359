// The `convert` executable: see tools/commands.h and the README's "Tools"
// section.
#include <iostream>

#include "tools/commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::ConvertMain(sudoku::Arguments(argc, argv),
                             {std::cin, std::cout, std::cerr});
}
