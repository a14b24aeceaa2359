// The `corpus` executable: see tools/commands.h and docs/corpus.md.
#include <iostream>

#include "tools/commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::CorpusMain(sudoku::Arguments(argc, argv),
                            {std::cin, std::cout, std::cerr});
}
