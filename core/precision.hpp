// The precisions gemmtune knows, as one table: storage, arithmetic, OpenCL and host types, tolerance.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "gemmtune/types.hpp"

namespace gemmtune {

struct PrecisionInfo {
  Precision precision;
  std::string_view code;         // stable text: the database's, the command line's and JSON's name
  std::string_view summary;      // for help texts and `gemmtune kernels`
  int storage_bytes;             // one element of A, B or C in memory
  std::string_view products;     // precision of the products: fp16, bf16, tf32, fp32 or fp64
  int product_terms;             // products per pair of elements: 3 for 3xTF32 (big and small parts)
  // A precision of the same storage at least as accurate, whose kernels may serve this one where
  // the database shows them faster (tf32 and 3xtf32 by fp32), or empty. Never the other way: the
  // dispatcher never lowers a call's precision.
  std::string_view stronger;
  std::string_view accumulation; // precision of the sums: fp32 or fp64
  std::string_view opencl_type;  // element type in kernels; fp16 and bf16 travel as 16-bit integers
  std::string_view extension;    // OpenCL extension the device must report, or empty
  std::string_view host_type;    // element type on the host
  double epsilon;                // machine epsilon of the result's accuracy, for the check's tolerance
  int kernel_code;               // the value kernels see as -DPRECISION
};

// Every row, in a fixed order.
std::span<const PrecisionInfo> precision_table();
const PrecisionInfo& precision_info(Precision precision);
// "fp32" and also "32"/"64" (the codes of earlier versions); nothing for an unknown text.
std::optional<Precision> precision_from_code(std::string_view code);

// The row's `stronger` precision, if any.
std::optional<Precision> stronger_precision(Precision precision);

// The precision whose type holds the sums, alpha and beta, and a reference result: fp32 (float) or
// fp64 (double), from the row's accumulation.
Precision accumulator_precision(Precision precision);

// The smallest normal number of the precision's storage type (fp16's 2^-14; bf16 and tf32 have
// float's exponent range): below it a result's relative bound gives way to an absolute one.
double smallest_normal(Precision precision);

// The tolerance unit of one element: 2 (K + 2) eps, the forward error bound of a dot product of
// length K; element (i, j) may differ by this times (|alpha| (|op(A)| |op(B)|)(i, j) + |beta| |C(i, j)|).
double tolerance_unit(Precision precision, std::size_t k);

}  // namespace gemmtune
