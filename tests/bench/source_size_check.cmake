# Fails when a C or C++ source under bench/ is over MAX_LINES lines: each feature of the CLI keeps a file of its own (bench/README.md).
#
#   cmake -DSOURCE_DIR=... -DMAX_LINES=600 -P source_size_check.cmake
file(GLOB_RECURSE sources ${SOURCE_DIR}/bench/*.cc ${SOURCE_DIR}/bench/*.h ${SOURCE_DIR}/bench/*.c)
set(over "")
foreach(source IN LISTS sources)
  file(READ ${source} content)
  string(REGEX REPLACE "[^\n]" "" newlines "${content}")
  string(LENGTH "${newlines}" count)
  if(count GREATER MAX_LINES)
    file(RELATIVE_PATH name ${SOURCE_DIR} ${source})
    string(APPEND over "\n  ${name}: ${count} lines")
  endif()
endforeach()
if(over)
  message(FATAL_ERROR "bench/ sources over ${MAX_LINES} lines (split them by feature):${over}")
endif()
list(LENGTH sources checked)
message(STATUS "${checked} bench/ sources, none over ${MAX_LINES} lines")
