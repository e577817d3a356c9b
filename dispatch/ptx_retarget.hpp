// Turns the PTX that NVIDIA's OpenCL compiler emits into PTX for an architecture it cannot target.
#pragma once

#include <string>

namespace gemmtune {

// The marker that hides an instruction from the compiler: ptxas for sm_90 refuses sm_90a's
// instructions (wgmma), so a kernel writes each inside its inline asm as a comment,
// "// SM90A: wgmma.mma_async ... {%0, ...};", whose operands the compiler still substitutes.
inline constexpr const char* ptx_hidden_instruction_marker = "// SM90A: ";

// `ptx` (as the driver's CL_PROGRAM_BINARIES gives it: NULs at its end are dropped) with its
// `.target` directive naming `target` (for example "sm_90a") and every hidden instruction
// uncommented: every marker is taken out of each line that holds it. Throws
// BuildError when the text has no `.target` directive (not PTX, or a driver that emits something
// else), no marker (nothing to uncover: the family's kernel and its pass disagree) or a marker
// inside another comment (it would stay hidden).
std::string retarget_ptx(std::string ptx, const std::string& target);

}  // namespace gemmtune
