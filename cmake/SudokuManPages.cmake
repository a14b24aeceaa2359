# Manual pages written at build time by each program from its own option definitions (`PROGRAM --man`), so that `man bench` says what --help says.
#
#   sudoku_man_page(TARGET NAME)   makes NAME.1 in the current binary directory from TARGET --man
#
# Run as a script (cmake -DPROGRAM=... -DOUTPUT=... -P SudokuManPages.cmake) it writes one page,
# and fails when the program does.
if(CMAKE_SCRIPT_MODE_FILE)
  execute_process(COMMAND ${PROGRAM} --man OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    file(REMOVE ${OUTPUT})
    message(FATAL_ERROR "${PROGRAM} --man: ${status}")
  endif()
  return()
endif()

function(sudoku_man_page target name)
  set(page ${CMAKE_CURRENT_BINARY_DIR}/${name}.1)
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}> -DOUTPUT=${page}
      -P ${PROJECT_SOURCE_DIR}/cmake/SudokuManPages.cmake
    DEPENDS ${target} ${PROJECT_SOURCE_DIR}/cmake/SudokuManPages.cmake
    COMMENT "Writing the manual page ${name}.1"
    VERBATIM)
  add_custom_target(${target}_man_page ALL DEPENDS ${page})
endfunction()
