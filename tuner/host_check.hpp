// Checks a device's GEMM result against OpenBLAS on the host, with a tolerance that grows with K.
#pragma once

#include <string>
#include <vector>

#include "core/precision.hpp"
#include "dispatch/gemm_problem.hpp"
#include "tuner/host_matrix.hpp"

namespace gemmtune {

struct CheckResult {
  double max_abs_error = 0;  // largest |device - OpenBLAS| over the elements of C
  double worst_ratio = 0;    // largest |device - OpenBLAS| / tolerance; above 1 fails
  bool ok = true;            // every element within tolerance, and no element outside C changed
  std::string first_failure; // where and how it failed, when it did
};

// Judges element (i, j) of C: it fails where |value - expected| exceeds `tolerance` or is NaN, and
// the first failure is named in `result`.
void judge_element(CheckResult& result, std::size_t i, std::size_t j, double value, double expected, double tolerance);

// `a`, `b`, `c_before` (C before the call) and `c_after` (after it) are whole buffers (offset and the
// gaps between leading dimensions included) of one precision's storage type. The reference is
// OpenBLAS's GEMM in the precision's accumulator type (sgemm, dgemm for fp64) over the operands the
// precision multiplies (fp16 and bf16 decoded exactly, tf32 rounded to TF32). Element (i, j) may
// differ from it by
//   2 * (K + 2) * eps * (|alpha| * (|op(A)| |op(B)|)(i, j) + |beta| * |C(i, j)|) + smallest normal,
// the classic forward error bound of a dot product, applied to both results, eps the precision's
// (core/precision.hpp). Elements outside C must be unchanged bit for bit. With beta == 0, C's old
// values (NaN included) do not count.
CheckResult check_against_openblas(const GemmArguments& arguments, double alpha, double beta, const HostMatrix& a,
                                   const HostMatrix& b, const HostMatrix& c_before, const HostMatrix& c_after);

// The same for fp32 (float) or fp64 (double) data.
template <typename Real>
CheckResult check_against_openblas(const GemmArguments& arguments, Real alpha, Real beta, const std::vector<Real>& a,
                                   const std::vector<Real>& b, const std::vector<Real>& c_before,
                                   const std::vector<Real>& c_after) {
  constexpr Precision precision = sizeof(Real) == 8 ? Precision::Double : Precision::Single;
  return check_against_openblas(arguments, alpha, beta, HostMatrix(precision, a), HostMatrix(precision, b),
                                HostMatrix(precision, c_before), HostMatrix(precision, c_after));
}

// The comparison behind check_against_openblas, for any source of expected values: `c_before` and
// `c_after` in the storage type of the precision; `expected`, the reference result (whole buffer,
// as c_after), and `magnitude`, |alpha| * (|op(A)| |op(B)|)(i, j) at each element of C, in any type.
CheckResult compare_with_reference(const GemmArguments& arguments, double beta, const HostMatrix& c_before,
                                   const HostMatrix& c_after, const HostMatrix& expected, const HostMatrix& magnitude);

}  // namespace gemmtune
