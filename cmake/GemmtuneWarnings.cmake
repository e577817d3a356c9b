# Warnings as errors on the project's own targets (never on imported ones).
function(gemmtune_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
  # GCC 12 warns falsely on "literal" + std::string (its bug 105329, -Wrestrict), and whether it
  # does depends on inlining, so an unrelated change can turn it on: off for GCC before 13.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
    # Likewise -Warray-bounds on std::string's inlined copies (bounds beyond any object) where a
    # unity build puts several files' string code in one translation unit: off there only.
    if(GEMMTUNE_UNITY_BUILD)
      target_compile_options(${target} PRIVATE -Wno-array-bounds)
    endif()
  endif()
endfunction()
