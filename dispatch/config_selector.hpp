// Chooses the configuration for one problem on one device: exact, nearest, fallback, default.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune {

struct LearnedModel;

// A time as a choice's detail writes it: "12.5 us" below a millisecond, else "3.25 ms".
std::string format_seconds(double seconds);

// Whether two choices run a call alike: the same family and configuration, computed in the same
// precision, transpositions and layout (their sources and details may differ).
bool runs_alike(const ConfigChoice& a, const ConfigChoice& b);

// Reads the tuning database (read-only) and walks the chain
//   exact:    this device key, kernel hash, precision, and the row-major problem the kernel runs
//             (a column-major call is the row-major one with A and B traded: either layout's
//             tuning serves both);
//   nearest:  among every configuration this device and its siblings have measured (each
//             problem's fastest few, of every shape, transposition and family), the one the
//             performance model (core/performance_model.hpp), fitted to this device's
//             measurements, predicts fastest for this problem, a measurement far from it, or of
//             a sibling, trusted less. Siblings: the same model under another driver or platform,
//             and devices of the same architecture (db::architecture_key). Reported as nearest
//             when this device's measurement wins, as fallback naming the sibling otherwise;
//   fallback: the best of this vendor and type, whatever the shape;
//   default:  the defaults of the family of highest default priority that serves the problem and
//             whose defaults run here.
// Every database entry is checked against the device's limits first and skipped when it breaks a
// rule; entries of another kernel source are never seen (the queries filter by the hash).
// Never throws for the database: a missing file means defaults, an unusable one means defaults
// with the reason in ConfigChoice::detail. Thread-safe: each choose() opens its own connection,
// because a SQLite connection must not be shared between threads.
class ConfigSelector {
 public:
  ConfigSelector(DeviceFingerprint device, DeviceLimits limits, std::filesystem::path database);

  // Where C of an NN or TT call is a vector (M or N of 1) whose elements lie one after another
  // (`c_contiguous`: a dense C's do; a column of C with a leading dimension over 1 does not), the
  // call computed as C^T, TT as NN and NN as TT, is ranked beside it (ConfigChoice::runs_layout),
  // and a measurement of either problem is exact.
  ConfigChoice choose(const GemmShape& shape, bool c_contiguous = true) const;
  // The choice and, where it is a prediction, the model's next best configurations, up to `count`
  // in all, best first, and where these are all of one family the best of another after them
  // (trial_picks(), core/performance_model.hpp): what a handle's first calls of the shape time
  // (dispatch/candidate_trials.hpp). A measurement of the problem itself, the vendor's best and
  // the defaults come alone.
  std::vector<ConfigChoice> candidates(const GemmShape& shape, std::size_t count, bool c_contiguous = true) const;
  // Whether choose() and candidates() rank the call computed as C^T beside it: an NN or TT call
  // whose C is a vector of consecutive elements. Elsewhere `c_contiguous` changes nothing.
  static bool ranks_transposed_c(const GemmShape& shape, bool c_contiguous);
  // The default level without the families named: what runs when the chosen configuration's
  // program failed to build. Throws InvalidArgument when no other family runs the problem.
  ConfigChoice default_without(const GemmShape& shape, const std::set<std::string>& failed_families) const;

  const std::filesystem::path& database() const { return database_; }

  // How many of each tuned problem's fastest configurations the model chooses among.
  static constexpr int observations_per_problem = 8;

 private:
  std::shared_ptr<const LearnedModel> model_for(const db::Database& database, Precision precision) const;

  DeviceFingerprint device_;
  DeviceLimits limits_;
  std::filesystem::path database_;
  mutable std::mutex models_mutex_;
  mutable std::pair<std::int64_t, std::int64_t> models_stamp_{-1, -1};  // the file's time and size
  mutable std::map<int, std::shared_ptr<const LearnedModel>> models_;  // by precision
};

}  // namespace gemmtune
