# Writes engine/build_info.h from build_info.h.in with the git revision of this
# build (run by the sudoku_build_info target on every build, in script mode).
#
# In: INPUT, OUTPUT, SOURCE_DIR, GIT_EXECUTABLE (may be empty), PROJECT_VERSION,
# COMPILER, SUDOKU_BUILD_FLAGS.
set(SUDOKU_GIT_REVISION "")
if(GIT_EXECUTABLE)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE SUDOKU_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
endif()
if(NOT SUDOKU_GIT_REVISION)
  set(SUDOKU_GIT_REVISION "unknown")
endif()
# configure_file leaves OUTPUT (and its time stamp) alone when the text is the
# same, so what includes it is not rebuilt.
configure_file(${INPUT} ${OUTPUT} @ONLY)
