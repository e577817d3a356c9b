// The pre-pass that runs a configuration under the transpositions it was measured with.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "dispatch/gemm_problem.hpp"
#include "dispatch/opencl.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

struct PackingWorkspace;
class ProgramCache;

// Which operands of a row-major problem (RowMajorGemm's A and B) the pre-pass transposes.
struct OperandTransposition {
  bool a = false, b = false;
  explicit operator bool() const { return a || b; }
};

// The operands whose transposition differs between `problem` and `runs` ("NN".."TT" in the
// call's `layout`, as ConfigChoice::runs_trans gives it); none where `runs` is empty.
OperandTransposition operands_to_transpose(const RowMajorGemm& problem, Layout layout,
                                           const std::optional<std::string>& runs);

// Whether the pre-pass copies an operand of `which`: one that is no vector of consecutive elements
// (one row, or one column of leading dimension 1), which is read the other way as it lies.
bool copies_operands(const RowMajorGemm& problem, OperandTransposition which);

// The problem the kernel runs once `which` are transposed: their transpositions flipped; a vector
// of consecutive elements read where it lies; every other one read from the workspace, A from its
// start and B after it, with leading dimensions and offsets multiples of 8 elements so that vector
// loads keep their widths, and then no longer swapped (enqueue_transposition puts the caller's
// buffers in the kernel's order). `problem` itself where `which` transposes nothing.
RowMajorGemm transposed_problem(const RowMajorGemm& problem, OperandTransposition which);

// The workspace the copied operands take, in elements.
std::size_t transposition_elements(const RowMajorGemm& problem, OperandTransposition which);

// The pre-pass's kernel (kernels/operand_transpose.cl's pack_operand) for a precision, plain
// copies of its storage type, built through `programs` (a BuildError where the driver refuses it).
cl::Kernel transposition_kernel(ProgramCache& programs, const cl::Context& context, const cl::Device& device,
                                Precision precision);

// Enqueues the pre-pass with `transpose` (operand_transpose.cl's pack_operand), where
// copies_operands(), from the caller's buffers `a` and `b` (in the caller's order, as enqueue_gemm
// takes them) into `workspace`, grown where too small, after the last kernel that read it; `held`
// keeps the workspace's buffer until the main kernel is enqueued, and `done`, where given, gets the
// pre-pass's events. Returns transposed_problem(), and sets `a` and `b` to the buffers the main kernel reads.
// The caller holds the workspace's mutex.
RowMajorGemm enqueue_transposition(const cl::CommandQueue& queue, cl::Kernel& transpose, const RowMajorGemm& problem,
                                   OperandTransposition which, Precision precision, cl_mem& a, cl_mem& b,
                                   PackingWorkspace& workspace, cl::Buffer& held, std::vector<cl::Event>* done);

}  // namespace gemmtune
