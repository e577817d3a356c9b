# Warnings as errors on the project's own targets (never on imported ones).
function(gemmtune_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
endfunction()
