# Precompiled headers for the project's targets of several source files: the standard library,
# Boost and OpenCL headers nearly every file includes (and GoogleTest's in the test programs) are
# parsed once per target instead of once per file, which is most of the build's time in a file
# that includes them. A target's own headers stay out: editing one rebuilds only what includes it.
# GEMMTUNE_PRECOMPILE_HEADERS=OFF builds without them (to check that each file includes what it
# uses).
option(GEMMTUNE_PRECOMPILE_HEADERS "Precompile the common outside headers of targets of several files" ON)

set(gemmtune_precompiled_common
    <algorithm> <chrono> <cstddef> <cstdint> <filesystem> <functional> <map> <memory> <optional>
    <set> <sstream> <string> <string_view> <vector> <boost/json.hpp>)

# Adds them to every target under `directory` with at least `minimum_sources` C++ files (a target
# of fewer gains less than its header costs to build); called once every target exists.
function(gemmtune_precompile_headers directory minimum_sources)
  if(NOT GEMMTUNE_PRECOMPILE_HEADERS)
    return()
  endif()
  gemmtune_targets_under(${directory} targets)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY)$")
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    list(LENGTH sources source_count)
    if(source_count LESS minimum_sources)
      continue()
    endif()
    set(headers ${gemmtune_precompiled_common})
    get_target_property(libraries ${target} LINK_LIBRARIES)
    if(libraries MATCHES "Boost::program_options")
      list(APPEND headers <boost/program_options.hpp>)
    endif()
    if(libraries MATCHES "OpenCL::OpenCL|(^|;)gemmtune(;|$)")
      list(APPEND headers "${PROJECT_SOURCE_DIR}/dispatch/opencl.hpp")
    endif()
    if(libraries MATCHES "GTest::")
      list(APPEND headers <gtest/gtest.h>)
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
    # GCC 12 then warns falsely from inside the standard library's string code that the target
    # inlines (-Wstringop-overflow, -Wstringop-overread: bounds beyond any object), which it does
    # not when the same headers are included as text.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-stringop-overflow -Wno-stringop-overread)
    endif()
  endforeach()
endfunction()
