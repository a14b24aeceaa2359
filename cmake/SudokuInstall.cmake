# What `cmake --install` puts under its prefix for other projects: the programs, the plugin ABI header, the shipped datasets, a CMake package and a pkg-config file.
#
#   bin/bench gen shuffle convert corpus
#   share/man/man1/bench.1 gen.1 shuffle.1 convert.1 corpus.1   (written at build time by `PROGRAM --man`)
#   include/sudoku-bench/sudoku_strategy_abi.h
#   share/sudoku-bench/datasets/*.txt, README.md   share/sudoku-bench/examples/example_c.c
#   lib/cmake/sudoku-bench/   find_package(sudoku-bench): sudoku-bench::bench (and ::gen,
#                             ::shuffle, ::convert, ::corpus), sudoku-bench::abi, sudoku_bench_add_plugin()
#   lib/pkgconfig/sudoku-bench.pc   Cflags for the header; variables bench and datasetsdir
#
# Every installed path is relative to the prefix, so an installed tree can move.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(sudoku_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/sudoku-bench)
set(sudoku_include_dir ${CMAKE_INSTALL_INCLUDEDIR}/sudoku-bench)
set(sudoku_data_dir ${CMAKE_INSTALL_DATADIR}/sudoku-bench)

# The ABI header alone, as an interface target: what a plugin builds against.
add_library(sudoku_abi INTERFACE)
target_include_directories(sudoku_abi INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/strategies>
  $<INSTALL_INTERFACE:${sudoku_include_dir}>)
set_target_properties(sudoku_abi PROPERTIES EXPORT_NAME abi)
foreach(tool gen shuffle convert corpus)
  set_target_properties(sudoku_${tool} PROPERTIES EXPORT_NAME ${tool})
endforeach()

install(TARGETS bench sudoku_gen sudoku_shuffle sudoku_convert sudoku_corpus sudoku_abi
  EXPORT sudoku-bench-targets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_BINARY_DIR}/bench/bench.1 ${PROJECT_BINARY_DIR}/tools/gen.1
  ${PROJECT_BINARY_DIR}/tools/shuffle.1 ${PROJECT_BINARY_DIR}/tools/convert.1
  ${PROJECT_BINARY_DIR}/tools/corpus.1
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/strategies/sudoku_strategy_abi.h
  DESTINATION ${sudoku_include_dir})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/datasets/ DESTINATION ${sudoku_data_dir}/datasets
  FILES_MATCHING PATTERN "*.txt" PATTERN "README.md")
install(FILES ${PROJECT_SOURCE_DIR}/bench/plugins/example_c.c
  DESTINATION ${sudoku_data_dir}/examples)

install(EXPORT sudoku-bench-targets NAMESPACE sudoku-bench::
  FILE sudoku-benchTargets.cmake DESTINATION ${sudoku_package_dir})
set(SUDOKU_BENCH_DATASETS_DIR ${sudoku_data_dir}/datasets)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/sudoku-benchConfig.cmake.in
  ${PROJECT_BINARY_DIR}/sudoku-benchConfig.cmake
  INSTALL_DESTINATION ${sudoku_package_dir}
  PATH_VARS SUDOKU_BENCH_DATASETS_DIR)
# 0.x: a minor release may change anything, so only the same minor matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sudoku-benchConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/sudoku-benchConfig.cmake
  ${PROJECT_BINARY_DIR}/sudoku-benchConfigVersion.cmake
  DESTINATION ${sudoku_package_dir})

# The .pc file finds the prefix from its own place (pkg-config's pcfiledir),
# not from CMAKE_INSTALL_PREFIX, which `cmake --install --prefix` overrides.
file(RELATIVE_PATH SUDOKU_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_CURRENT_LIST_DIR}/sudoku-bench.pc.in
  ${PROJECT_BINARY_DIR}/sudoku-bench.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/sudoku-bench.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
