// The pre-pass that transposes a call's operands into a workspace before the main kernel runs.
#include "dispatch/operand_transposition.hpp"

#include <algorithm>

#include "core/precision.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/program_cache.hpp"

namespace gemmtune {
namespace {

constexpr std::size_t alignment = 8;  // elements: the widest vector load the families align for

// One stored operand: `rows` x `columns` row-major with leading dimension `ld`, from `offset`.
struct Stored {
  std::size_t rows, columns, offset, ld;
};

// A as stored: op(A) is m x k, so A is m x k, or k x m where transposed.
Stored stored_a(const RowMajorGemm& p) { return p.trans_a ? Stored{p.k, p.m, p.a_offset, p.lda} : Stored{p.m, p.k, p.a_offset, p.lda}; }

// B as stored: op(B) is k x n, so B is k x n, or n x k where transposed.
Stored stored_b(const RowMajorGemm& p) { return p.trans_b ? Stored{p.n, p.k, p.b_offset, p.ldb} : Stored{p.k, p.n, p.b_offset, p.ldb}; }

// Elements a transposed operand takes: its columns become rows of round_up(rows) elements.
std::size_t transposed_elements(const Stored& operand) { return operand.columns * round_up(operand.rows, alignment); }

// Whether the operand changes its transposition without a copy: a vector whose elements lie one
// after another (one row, or one column of leading dimension 1) is the same memory read either
// way, given the other leading dimension.
bool reinterpretable(const Stored& operand) { return operand.rows == 1 || (operand.columns == 1 && operand.ld == 1); }

// Which operands the pre-pass copies: those that change transposition and are no such vector.
OperandTransposition copied(const RowMajorGemm& p, OperandTransposition which) {
  return {which.a && !reinterpretable(stored_a(p)), which.b && !reinterpretable(stored_b(p))};
}

}  // namespace

OperandTransposition operands_to_transpose(const RowMajorGemm& problem, Layout layout,
                                           const std::optional<std::string>& runs) {
  if (!runs) return {};
  // In the kernel's row-major view a column-major call's operands have traded places.
  const bool runs_a = (*runs)[layout == Layout::RowMajor ? 0 : 1] == 'T';
  const bool runs_b = (*runs)[layout == Layout::RowMajor ? 1 : 0] == 'T';
  return {runs_a != problem.trans_a, runs_b != problem.trans_b};
}

bool copies_operands(const RowMajorGemm& problem, OperandTransposition which) {
  return static_cast<bool>(copied(problem, which));
}

RowMajorGemm transposed_problem(const RowMajorGemm& problem, OperandTransposition which) {
  RowMajorGemm run = problem;
  // A vector read the other way: the same elements, its stored rows now its length.
  if (which.a) run.trans_a = !problem.trans_a, run.lda = std::max<std::size_t>(1, stored_a(problem).rows);
  if (which.b) run.trans_b = !problem.trans_b, run.ldb = std::max<std::size_t>(1, stored_b(problem).rows);
  const OperandTransposition copies = copied(problem, which);
  if (!copies) return run;
  run.swapped = false;
  if (copies.a) {
    run.a_offset = 0;
    run.lda = round_up(stored_a(problem).rows, alignment);
  }
  if (copies.b) {
    run.b_offset = copies.a ? round_up(transposed_elements(stored_a(problem)), alignment) : 0;
    run.ldb = round_up(stored_b(problem).rows, alignment);
  }
  return run;
}

std::size_t transposition_elements(const RowMajorGemm& problem, OperandTransposition which) {
  const OperandTransposition copies = copied(problem, which);
  const RowMajorGemm run = transposed_problem(problem, which);
  return copies.b ? run.b_offset + transposed_elements(stored_b(problem))
                  : copies.a ? transposed_elements(stored_a(problem)) : 0;
}

cl::Kernel transposition_kernel(ProgramCache& programs, const cl::Context& context, const cl::Device& device,
                                Precision precision) {
  // A copy: 32-bit storage as fp32, so that tf32's rounding is the main kernel's business.
  const Precision plain = precision_info(precision).storage_bytes == 4 ? Precision::Single : precision;
  const std::string options = "-DPRECISION=" + std::to_string(precision_info(plain).kernel_code);
  return cl::Kernel(programs.get(context, device, utility_kernel("operand_transpose"), options), "pack_operand");
}

RowMajorGemm enqueue_transposition(const cl::CommandQueue& queue, cl::Kernel& transpose, const RowMajorGemm& problem,
                                   OperandTransposition which, Precision precision, cl_mem& a, cl_mem& b,
                                   PackingWorkspace& workspace, cl::Buffer& held, std::vector<cl::Event>* done) {
  if (problem.swapped) std::swap(a, b);
  const RowMajorGemm run = transposed_problem(problem, which);
  const auto element_bytes = static_cast<std::size_t>(precision_info(precision).storage_bytes);
  const std::vector<cl::Event> reads =
      workspace.reserve(queue, transposition_elements(problem, which) * element_bytes, "the transposed operands of this problem");
  held = workspace.buffer;
  // pack_operand writes `rows` x `depth` row-major from an operand stored depth x rows
  // (k_contiguous 0): the stored operand's columns become rows, no tiles, no padding rows.
  const auto enqueue = [&](const Stored& from, cl_mem source, std::size_t packed_offset, std::size_t packed_ld) {
    cl::Event event;
    enqueue_pack_operand(queue, transpose,
                         {from.columns, from.rows, false, 0, source, from.offset, from.ld, held(), packed_offset,
                          from.columns, from.rows, packed_ld, 0, 1},
                         reads, done ? &event : nullptr);
    if (done) done->push_back(std::move(event));
  };
  const OperandTransposition copies = copied(problem, which);
  if (copies.a) enqueue(stored_a(problem), a, run.a_offset, run.lda);
  if (copies.b) enqueue(stored_b(problem), b, run.b_offset, run.ldb);
  if (copies.a) a = held();
  if (copies.b) b = held();
  return run;
}

}  // namespace gemmtune
