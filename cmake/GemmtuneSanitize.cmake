# Sanitized build trees: GEMMTUNE_SANITIZE (the whole suite) and GEMMTUNE_FUZZ (libFuzzer, clang).
# Every target of the tree is instrumented, libraries included, since the code under test lives there.
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
  # Tests that cap a program's memory choose a cap the sanitizers allow (tests/cli/files_test.cpp).
  add_compile_definitions(GEMMTUNE_SANITIZED)
  if(GEMMTUNE_FUZZ)
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
  add_library(gemmtune_sanitizer_options OBJECT ${CMAKE_CURRENT_LIST_DIR}/sanitizer_options.cpp)
  gemmtune_warnings(gemmtune_sanitizer_options)
  target_compile_definitions(gemmtune_sanitizer_options
                             PRIVATE GEMMTUNE_LSAN_SUPPRESSIONS="${CMAKE_CURRENT_LIST_DIR}/lsan_suppressions.txt")
endif()

# Links the sanitizers' settings (sanitizer_options.cpp) into every program under `directory`; called
# once every target exists.
function(gemmtune_sanitize_programs directory)
  if(NOT TARGET gemmtune_sanitizer_options)
    return()
  endif()
  gemmtune_targets_under(${directory} targets)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_link_libraries(${target} PRIVATE gemmtune_sanitizer_options)
    endif()
  endforeach()
endfunction()
