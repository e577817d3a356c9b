// Checks a device's GEMM result against OpenBLAS on the host, with a tolerance that grows with K.
#pragma once

#include <vector>

#include "dispatch/gemm_problem.hpp"

namespace gemmtune {

struct CheckResult {
  double max_abs_error = 0;  // largest |device - OpenBLAS| over the elements of C
  double worst_ratio = 0;    // largest |device - OpenBLAS| / tolerance; above 1 fails
  bool ok = true;            // every element within tolerance, and no element outside C changed
  std::string first_failure; // where and how it failed, when it did
};

// `c_before` is C before the call and `c_after` after it, both as whole buffers (offset and the gaps
// between leading dimensions included). Element (i, j) may differ from OpenBLAS by
//   2 * (K + 2) * epsilon * (|alpha| * (|op(A)| |op(B)|)(i, j) + |beta| * |C(i, j)|),
// the classic forward error bound of a dot product, applied to both results. Elements outside C
// must be unchanged bit for bit. With beta == 0, C's old values (NaN included) do not count.
template <typename Real>
CheckResult check_against_openblas(const GemmArguments& arguments, Real alpha, Real beta,
                                   const std::vector<Real>& a, const std::vector<Real>& b,
                                   const std::vector<Real>& c_before,
                                   const std::vector<Real>& c_after);

// The comparison behind check_against_openblas, for any source of expected values:
// `expected` is the reference result (whole buffer, as c_after) and `magnitude` holds
// |alpha| * (|op(A)| |op(B)|)(i, j) at each element of C.
template <typename Real>
CheckResult compare_with_reference(const GemmArguments& arguments, Real beta,
                                   const std::vector<Real>& c_before, const std::vector<Real>& c_after,
                                   const std::vector<Real>& expected, const std::vector<Real>& magnitude);


}  // namespace gemmtune
