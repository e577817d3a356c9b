// Turns the PTX that NVIDIA's OpenCL compiler emits into PTX for an architecture it cannot target.
#pragma once

#include <string>

namespace gemmtune {

// The marker that hides an instruction from the compiler: ptxas for sm_90 refuses sm_90a's
// instructions (wgmma), so a kernel writes each inside its inline asm as a comment,
// "// SM90A: wgmma.mma_async ... {%0, ...};", whose operands the compiler still substitutes.
inline constexpr const char* ptx_hidden_instruction_marker = "// SM90A: ";

// A directive of the kernel's own (".maxnreg 168", which setmaxnreg needs: the registers a work-item
// has at launch) written in its body as "// SM90A ENTRY: .maxnreg 168": OpenCL C cannot write the
// performance directives that stand between a kernel's parameters and its body, so the pass moves it
// there.
inline constexpr const char* ptx_entry_directive_marker = "// SM90A ENTRY: ";

// In a hidden instruction, KERNEL_ARGUMENT_<n> stands for the PTX name of argument n (from 0) of the
// kernel whose body holds it ("<entry>_param_<n>" in NVIDIA's PTX): the address of a by-value
// argument in param space, which OpenCL C cannot write (a tensor map, kernels/xgemm_wgmma.cl).
inline constexpr const char* ptx_kernel_argument_token = "KERNEL_ARGUMENT_";

// `ptx` (as the driver's CL_PROGRAM_BINARIES gives it: NULs at its end are dropped) with its
// `.target` directive naming `target` (for example "sm_90a") and every hidden instruction
// uncommented: every marker is taken out of each line that holds it, and the kernel arguments its
// instructions name written in. Each entry directive is written once before the `{` that opens the
// body of the kernel whose body holds it (its line stays, a comment). Throws
// BuildError when the text has no `.target` directive (not PTX, or a driver that emits something
// else), no marker (nothing to uncover: the family's kernel and its pass disagree) or a marker
// inside another comment (it would stay hidden), or a kernel argument or an entry directive outside
// a kernel's body.
std::string retarget_ptx(std::string ptx, const std::string& target);

}  // namespace gemmtune
