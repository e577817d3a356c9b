// What `gemmtune report` draws from `gemmtune bench --json` files: gemmtune against each peer per
// shape and per problem class, and how the dispatcher chose each shape's configuration.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemmtune::report {

// One timed call of one peer on one shape, as `gemmtune bench --json` writes it under "results".
struct BenchResult {
  std::int64_t m = 0, n = 0, k = 0;
  std::string trans, problem_class, peer;
  bool ok = false;
  double seconds = 0;           // positive where ok
  std::string config_source;    // gemmtune's only: exact, nearest, fallback or default
};

struct BenchRun {
  std::string source;  // the file, for messages and titles
  std::string device, date, commit;
  std::string timing;  // how its calls were timed: "per-call" (every file before --timing) or "stream"
  std::vector<BenchResult> results;
};

// The most bytes a bench file may have (README, "Input limits and output files").
inline constexpr std::size_t bench_file_limit = std::size_t{64} << 20;

// Reads `gemmtune bench --json` output. Throws gemmtune::InvalidArgument, one line naming `source`,
// the result (counted from 0) and the field, for text that is not such a file. A result without a
// "class" (files written before classes existed) gets the class problem_class() gives its shape.
BenchRun parse_bench(const std::string& text, const std::string& source);

// {"source", "device", "date", "commit", "peers": [every peer but gemmtune, in order of appearance],
//  "shapes": [{"m", "n", "k", "trans", "class", "config_source", "gemmtune_tflops" (absent where
//              gemmtune failed), "peers": {PEER: {"tflops", "ratio"}}}],
//  "classes": [{"class", "problems", "peers": {PEER: {"compared", "geomean", "slower"}}}]}
// "ratio" is gemmtune's speed over the peer's (above 1: gemmtune faster), present where both
// succeeded; "geomean" is their geometric mean over a class's shapes. Classes in the order of
// problem_classes(), those with shapes only, then "all".
boost::json::object bench_comparison(const BenchRun& run);

// One point per shape gemmtune ran: {"device", "precision", "trans", "m", "n", "k", "kind", "origin"},
// kind "tuned" (the dispatcher had an exact entry), "predicted" (nearest or fallback: ranked by the
// performance model) or "default"; origin the bench file.
boost::json::array bench_coverage(const BenchRun& run);

}  // namespace gemmtune::report
