// Test hook for `dlx`: whether this thread's dancing-links matrix is exactly as
// built.
#pragma once

namespace sudoku::dlx {

// True when the calling thread's exact-cover matrix (see dlx.cc) equals a
// freshly built one, link for link and count for count. `dlx` must restore
// its matrix after every puzzle, whatever the outcome; tests call this
// between solves. Builds the thread's matrix if it does not exist yet.
bool MatrixIsPristine();

}  // namespace sudoku::dlx
