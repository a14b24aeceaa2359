// The `corpus` executable, a door: parse, resolve and run the subcommand
// (tools/corpus/corpus_command.h).
#include <iostream>

#include "tools/corpus/corpus_command.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return sudoku::CorpusMain(sudoku::Arguments(argc, argv),
                            {std::cin, std::cout, std::cerr});
}
