# Script mode: turns every kernels/*.cl (and the family description kernels/NAME.json beside it,
# where there is one) into one C++ source holding their texts and the SHA-256 of each text, so
# the binaries carry their kernels and results are keyed by the exact source they measured.
#
# A kernel's includes are utility kernels (a .cl without a description) whose texts go before its
# own, in the order named: a family names them in its description ("includes": ["NAME", ...]), a
# utility kernel, which has no description, on a line of its own, "// includes: NAME, ...". The
# text embedded, compiled and hashed is the combined one, so a kernel without includes keeps the
# hash of its own file.
# Usage: cmake -DKERNEL_DIR=kernels -DOUTPUT=x.cpp -P EmbedKernels.cmake
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
file(GLOB sources "${KERNEL_DIR}/*.cl")
list(SORT sources)

# A raw string cannot hold more than 65535 characters on some compilers; split it into pieces.
function(as_raw_string text out)
  string(LENGTH "${text}" length)
  set(pieces "")
  set(offset 0)
  while(offset LESS length)
    string(SUBSTRING "${text}" ${offset} 12000 piece)
    string(APPEND pieces "      R\"gemmtune_cl(${piece})gemmtune_cl\"\n")
    math(EXPR offset "${offset} + 12000")
  endwhile()
  if(pieces STREQUAL "")
    set(pieces "      \"\"\n")
  endif()
  set(${out} "${pieces}" PARENT_SCOPE)
endfunction()

# The names a kernel includes, from its description or, for a utility kernel, its includes line.
function(includes_of name out)
  set(names "")
  if(DEFINED description_${name})
    string(JSON type ERROR_VARIABLE missing TYPE "${description_${name}}" includes)
    if(NOT missing AND NOT type STREQUAL "ARRAY")
      message(FATAL_ERROR "kernels/${name}.json: \"includes\" must be an array of utility kernels' names")
    endif()
    string(JSON count ERROR_VARIABLE missing LENGTH "${description_${name}}" includes)
    if(NOT missing AND count GREATER 0)
      math(EXPR last "${count} - 1")
      foreach(i RANGE ${last})
        string(JSON included GET "${description_${name}}" includes ${i})
        list(APPEND names "${included}")
      endforeach()
    endif()
  elseif("${text_${name}}" MATCHES "(^|\n)// includes: ([A-Za-z0-9_, ]+)\n")
    string(REPLACE "," ";" listed "${CMAKE_MATCH_2}")
    foreach(included IN LISTS listed)
      string(STRIP "${included}" included)
      list(APPEND names "${included}")
    endforeach()
  endif()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

set(names "")
foreach(source IN LISTS sources)
  get_filename_component(name "${source}" NAME_WE)
  list(APPEND names "${name}")
  file(READ "${source}" text_${name})
  if(EXISTS "${KERNEL_DIR}/${name}.json")
    file(READ "${KERNEL_DIR}/${name}.json" description_${name})
  endif()
endforeach()

set(entries "")
foreach(name IN LISTS names)
  includes_of(${name} included_names)
  set(text "")
  foreach(included IN LISTS included_names)
    if(NOT included IN_LIST names OR DEFINED description_${included})
      message(FATAL_ERROR "kernels/${name}: includes '${included}', which is not a utility kernel of ${KERNEL_DIR}")
    endif()
    includes_of(${included} nested)
    if(nested)
      message(FATAL_ERROR "kernels/${name}: includes '${included}', which has includes of its own")
    endif()
    string(APPEND text "${text_${included}}")
  endforeach()
  string(APPEND text "${text_${name}}")
  string(SHA256 digest "${text}")
  string(SUBSTRING "${digest}" 0 16 digest)
  as_raw_string("${text}" text_pieces)
  as_raw_string("${description_${name}}" description_pieces)
  string(APPEND entries "  {\"${name}\",\n${text_pieces}    ,\n    \"${digest}\",\n${description_pieces}  },\n")
endforeach()

file(WRITE "${OUTPUT}.tmp" "// Generated from ${KERNEL_DIR}/*.cl and *.json; do not edit.
#include \"dispatch/kernel_registry.hpp\"

namespace gemmtune::detail {

std::span<const EmbeddedKernel> embedded_kernels() {
  static const EmbeddedKernel kernels[] = {
${entries}  };
  return kernels;
}

}  // namespace gemmtune::detail
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
