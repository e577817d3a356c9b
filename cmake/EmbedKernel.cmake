# Script mode: turns an OpenCL C source into a C++ source that holds its text and its SHA-256,
# so the binaries carry their kernels and results are keyed by the exact source they measured.
# Usage: cmake -DINPUT=x.cl -DOUTPUT=x.cpp -DNAME=xgemm [-DFUNCTION=name] -P EmbedKernel.cmake
# The generated function is detail::<FUNCTION>() (default <NAME>_kernel_source) returning a KernelSource.
if(NOT FUNCTION)
  set(FUNCTION "${NAME}_kernel_source")
endif()
file(READ "${INPUT}" source)
string(SHA256 digest "${source}")
string(SUBSTRING "${digest}" 0 16 digest)
# A raw string cannot hold more than 65535 characters on some compilers; split it into pieces.
string(LENGTH "${source}" length)
set(pieces "")
set(offset 0)
while(offset LESS length)
  string(SUBSTRING "${source}" ${offset} 12000 piece)
  string(APPEND pieces "    R\"gemmtune_cl(${piece})gemmtune_cl\"\n")
  math(EXPR offset "${offset} + 12000")
endwhile()
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT}; do not edit.
#include \"dispatch/kernel_sources.hpp\"

namespace gemmtune::detail {

const KernelSource& ${FUNCTION}() {
  static const KernelSource source{
    \"${NAME}\",
${pieces}    ,
    \"${digest}\"};
  return source;
}

}  // namespace gemmtune::detail
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
