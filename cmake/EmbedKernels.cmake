# Script mode: turns every kernels/*.cl (and the family description kernels/NAME.json beside it,
# where there is one) into one C++ source holding their texts and the SHA-256 of each source, so
# the binaries carry their kernels and results are keyed by the exact source they measured.
# Usage: cmake -DKERNEL_DIR=kernels -DOUTPUT=x.cpp -P EmbedKernels.cmake
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

set(entries "")
foreach(source IN LISTS sources)
  get_filename_component(name "${source}" NAME_WE)
  file(READ "${source}" text)
  string(SHA256 digest "${text}")
  string(SUBSTRING "${digest}" 0 16 digest)
  as_raw_string("${text}" text_pieces)
  set(description "")
  if(EXISTS "${KERNEL_DIR}/${name}.json")
    file(READ "${KERNEL_DIR}/${name}.json" description)
  endif()
  as_raw_string("${description}" description_pieces)
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
