// Vocabulary types shared by the public API: layouts, transpositions, precisions, configurations.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace gemmtune {

enum class Layout { RowMajor, ColMajor };
enum class Transpose { No, Yes };
enum class Precision { Single = 32, Double = 64 };

// Where the dispatcher found the configuration it uses, best first.
enum class ConfigSource { Exact, Nearest, Fallback, Default };

// Kernel parameter name -> value, e.g. {"TSM", 64}. Ordered so that printing is canonical.
using KernelConfig = std::map<std::string, std::int64_t>;

std::string to_string(Layout layout);        // "row" | "col"
std::string to_string(ConfigSource source);  // "exact" | "nearest" | "fallback" | "default"
std::string to_string(Precision precision);  // "32" | "64"
// Two letters for op(A) and op(B): "NN", "NT", "TN" or "TT".
std::string transpose_code(Transpose a, Transpose b);

}  // namespace gemmtune
