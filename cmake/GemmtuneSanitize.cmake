# Sanitized build trees: GEMMTUNE_SANITIZE (the whole suite) and GEMMTUNE_FUZZ (libFuzzer, clang).
# Every target of the tree is instrumented, libraries included, since the parsers under test live there.
if(GEMMTUNE_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "GEMMTUNE_FUZZ needs clang's libFuzzer: configure with -DCMAKE_CXX_COMPILER=clang++")
endif()

if(GEMMTUNE_SANITIZE OR GEMMTUNE_FUZZ)
  # Any undefined behaviour fails the test that shows it, as a memory error does; line tables only
  # keep reports readable without full debug information.
  set(gemmtune_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all)
  add_compile_options(${gemmtune_sanitizers} -fno-omit-frame-pointer
                      $<IF:$<CXX_COMPILER_ID:Clang>,-gline-tables-only,-g1>)
  add_link_options(${gemmtune_sanitizers})
  if(GEMMTUNE_FUZZ)
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
endif()
