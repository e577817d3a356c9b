// Vocabulary types shared by the public API: layouts, transpositions, precisions, configurations.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace gemmtune {

enum class Layout { RowMajor, ColMajor };
enum class Transpose { No, Yes };
// The element types of A, B and C and the arithmetic of the products (core/precision.hpp has the
// table: storage, accumulation, tolerance). Single3xTF32 is FP32 computed as three TF32 products.
enum class Precision { Half, BFloat16, TF32, Single, Single3xTF32, Double };

// Where the dispatcher found the configuration it uses, best first.
enum class ConfigSource { Exact, Nearest, Fallback, Default };

// Kernel parameter name -> value, e.g. {"TSM", 64}. Ordered so that printing is canonical.
using KernelConfig = std::map<std::string, std::int64_t>;

std::string to_string(Layout layout);        // "row" | "col"
std::string to_string(ConfigSource source);  // "exact" | "nearest" | "fallback" | "default"
std::string to_string(Precision precision);  // "fp16", "bf16", "tf32", "fp32", "3xtf32", "fp64"
// Two letters for op(A) and op(B): "NN", "NT", "TN" or "TT".
std::string transpose_code(Transpose a, Transpose b);

}  // namespace gemmtune
