// Chooses the kernel family and configuration for one problem on one device: exact, nearest,
// fallback, default.
#include "dispatch/config_selector.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "core/precision.hpp"
#include "db/record_validation.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/learned_model.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string format_shape(std::int64_t m, std::int64_t n, std::int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

std::string format_gflops(double gflops) {
  std::ostringstream text;
  text.precision(gflops < 10 ? 3 : 0);
  text << std::fixed << gflops << " GFLOP/s";
  return text.str();
}

std::string format_problem(const Observation& seen) {
  return format_shape(seen.problem.m, seen.problem.n, seen.problem.k) + " " + seen.trans + " (" + seen.family->name() + ")";
}

// For a variant, what differs from the configuration that ran: " with KSPLIT=8 where KSPLIT=1 ran".
std::string variant_note(const Observation& seen) {
  std::string asked, ran;
  for (const auto& [name, value] : seen.config) {
    const auto measured = seen.measured_config.find(name);
    if (measured == seen.measured_config.end() || measured->second == value) continue;
    asked += (asked.empty() ? "" : ",") + name + '=' + std::to_string(value);
    ran += (ran.empty() ? "" : ",") + name + '=' + std::to_string(measured->second);
  }
  return seen.is_variant() ? " with " + asked + " where " + ran + " ran" : "";
}

// A choice and the time it was measured or predicted to take.
struct TimedChoice {
  ConfigChoice choice;
  double seconds = 0;
};

// Walks database entries for one shape over every family that serves it, counting the entries it
// had to skip so the detail can say so.
class Chooser {
 public:
  Chooser(const DeviceFingerprint& device, const DeviceLimits& limits, const GemmShape& shape)
      : device_(device), limits_(limits), shape_(shape), trans_(transpose_code(shape.trans_a, shape.trans_b)),
        kernel_trans_(kernel_trans(trans_, shape.layout)) {
    // The defaults' order: the families of this precision, and of the stronger one of the same
    // storage where there is one, by priority (this precision's first among equals).
    std::vector<Precision> precisions{shape.precision};
    if (const auto stronger = stronger_precision(shape.precision)) precisions.push_back(*stronger);
    for (const Precision precision : precisions)
      for (const auto& family : kernel_families())
        if (family.serves(precision, kernel_trans_)) by_priority_.push_back({&family, precision});
    std::stable_sort(by_priority_.begin(), by_priority_.end(), [](const auto& a, const auto& b) {
      return a.first->default_priority() > b.first->default_priority();
    });
    for (const auto& [family, precision] : by_priority_)
      if (precision == shape.precision) families_.push_back(family);
  }

  // The entry's family and complete configuration when it is sound (the database's own checks:
  // times and rates positive and finite, the configuration matching its key) and valid on this
  // device, else nothing (counted): whatever a database holds, a configuration that breaks a rule
  // is never run.
  std::optional<ConfigChoice> usable(const db::TunedBest& entry, ConfigSource source, std::string detail) {
    try {
      const KernelFamily& family = kernel_family(entry.kernel_name);
      if (!db::invalid_best(entry) && !violation_on_device(family, entry.config, limits_, shape_.precision, kernel_trans_))
        return ConfigChoice{family.name(), family.complete(entry.config), source, std::move(detail), std::nullopt, std::nullopt};
    } catch (const ConfigError&) {
      // An unknown family or parameter name: written by another version; not trusted either.
    }
    // The same configuration may come up again further down the chain; count it once.
    skipped_.insert(entry.kernel_name + '|' + entry.config_key);
    return std::nullopt;
  }

  // The database's choices for the shape, best first, up to `count`, with the time each was
  // measured or predicted to take (infinite where it is the vendor's best of another shape, which
  // predicts nothing and comes alone), and where `count` is more than one, after them the best of
  // each family not among them (which trial_picks() chooses from). Empty where the database has
  // nothing usable.
  std::vector<TimedChoice> from_database(const db::Database& database, const LearnedModel& learned,
                                         std::size_t count = 1) {
    const db::ProblemRecord problem{to_string(shape_.precision), to_string(shape_.layout), trans_,
                                    static_cast<std::int64_t>(shape_.m), static_cast<std::int64_t>(shape_.n),
                                    static_cast<std::int64_t>(shape_.k)};

    // Every configuration this device and its siblings have measured, of every shape and
    // transposition, ranked by its time measured on this very problem, else by the time the
    // performance model predicts for it, trusted less the further it was carried.
    skipped_.insert(learned.unsound.begin(), learned.unsound.end());
    const Target target{kernel_view(problem.m, problem.n, problem.k, shape_.layout), kernel_trans_};
    // Only what this device can run takes part: an entry it cannot run must not stand for the
    // problem's measurement.
    std::vector<const Observation*> runnable;
    runnable.reserve(learned.observations.size());
    for (std::size_t i = 0; i < learned.observations.size(); ++i) {
      const Observation& seen = learned.observations[i];
      if (learned.runs_on_device[i] && seen.family->serves(shape_.precision, kernel_trans_))
        runnable.push_back(&seen);
      else
        skipped_.insert(seen.family->name() + '|' + seen.config_key);
    }
    const std::vector<RankedConfig> ranked = rank_configs(learned.model, runnable, target);
    std::vector<TimedChoice> choices;
    std::set<std::string> families;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      const std::string& family = ranked[i].seen->family->name();
      if (i < count || (count > 1 && !families.contains(family))) choices.push_back(timed_choice(ranked[i], target));
      families.insert(family);
    }
    if (!choices.empty()) return choices;

    std::vector<db::TunedBest> vendor;
    for (const KernelFamily* family : families_)
      for (auto& best : database.best_for_vendor_type(device_.vendor, device_.type, version(*family), problem.precision,
                                                      problem.layout, problem.trans))
        vendor.push_back(std::move(best));
    std::stable_sort(vendor.begin(), vendor.end(), [](const auto& a, const auto& b) { return a.gflops > b.gflops; });
    for (const auto& entry : vendor)
      if (auto choice = usable(entry, ConfigSource::Fallback,
                               "best known for " + device_.vendor + " " + device_.type + " devices: tuned " +
                                   format_shape(entry.problem.m, entry.problem.n, entry.problem.k) + " on " +
                                   entry.device_key + ", " + format_gflops(entry.gflops)))
        return {TimedChoice{std::move(*choice), std::numeric_limits<double>::infinity()}};
    return {};
  }

  // The family of highest default priority serving this problem whose default runs here, of those
  // not `excluded`.
  ConfigChoice built_in_default(const std::set<std::string>& excluded = {}) const {
    for (const auto& [family, precision] : by_priority_) {
      if (excluded.contains(family->name())) continue;
      KernelConfig config = default_on_device(*family, limits_, precision);
      if (violation_on_device(*family, config, limits_, precision, kernel_trans_)) continue;
      ConfigChoice choice{family->name(), std::move(config), ConfigSource::Default,
                          "the built-in defaults for this kind of device", std::nullopt, std::nullopt};
      if (precision != shape_.precision) {
        choice.runs_as = precision;
        choice.detail = "computed as " + to_string(precision) + ", whose family ranks first here: " + choice.detail;
      }
      return choice;
    }
    throw InvalidArgument(std::string(excluded.empty() ? "no kernel family" : "no other kernel family") + " runs " +
                          to_string(shape_.precision) + " " + trans_ + " problems on this device");
  }

  // Appended to the detail: entries passed over because this device cannot run them.
  std::string skipped_note() const {
    if (skipped_.empty()) return "";
    return "; skipped " + std::to_string(skipped_.size()) + (skipped_.size() == 1 ? " entry" : " entries") +
           " invalid for this device";
  }

 private:
  static db::KernelVersion version(const KernelFamily& family) { return {family.name(), family.source().hash}; }

  // One ranked configuration as a choice: exact where it is a measurement of the target itself, else
  // the prediction and where it was carried from.
  TimedChoice timed_choice(const RankedConfig& ranked, const Target& target) const {
    const Observation& seen = *ranked.seen;
    const bool exact = PerformanceModel::measures(seen, target);
    const ConfigSource source = exact                       ? ConfigSource::Exact
                                : seen.device_distance == 0 ? ConfigSource::Nearest
                                                            : ConfigSource::Fallback;
    // A pre-pass's transpositions, in the call's layout as the choice reports them.
    std::optional<std::string> runs_trans;
    if (ranked.transposed) runs_trans = kernel_trans(seen.trans, shape_.layout);
    const OperandsReadDifferently copied = operands_read_differently(seen.trans, target);
    const std::string detail =
        exact ? "tuned " + format_shape(static_cast<std::int64_t>(shape_.m), static_cast<std::int64_t>(shape_.n),
                                        static_cast<std::int64_t>(shape_.k)) +
                    " on this device, " +
                    format_gflops(2.0 * static_cast<double>(shape_.m) * static_cast<double>(shape_.n) *
                                  static_cast<double>(shape_.k) / seen.seconds * 1e-9)
              : "predicted " + format_seconds(ranked.predicted_seconds) + " from " + format_problem(seen) + " on " +
                    seen.origin + variant_note(seen) + ", measured " + format_seconds(seen.seconds) +
                    (runs_trans ? ", run as " + *runs_trans + " after transposing " + copied_operands(copied) : "");
    return {{seen.family->name(), seen.config, source, detail, std::nullopt, runs_trans},
            exact ? seen.seconds : ranked.predicted_seconds};
  }

  // "A", "B" or "A and B": the caller's operands the pre-pass copies (`copied` names the kernel's,
  // which a column-major call has traded).
  std::string copied_operands(const OperandsReadDifferently& copied) const {
    const bool row_major = shape_.layout == Layout::RowMajor;
    const bool a = row_major ? copied.a : copied.b, b = row_major ? copied.b : copied.a;
    return a && b ? "A and B" : a ? "A" : "B";
  }

  const DeviceFingerprint& device_;
  const DeviceLimits& limits_;
  const GemmShape& shape_;
  std::string trans_;         // as the caller gave it, as the database keys its entries
  std::string kernel_trans_;  // of the row-major form the kernels run, which families serve
  std::vector<const KernelFamily*> families_;  // those of the shape's own precision, by priority
  std::vector<std::pair<const KernelFamily*, Precision>> by_priority_;
  std::set<std::string> skipped_;  // "family|config_key" of the configurations passed over
};

// Whether the stronger precision's choice runs the call instead of the precision's own: where it
// is faster, but a prediction never overrules a measurement of this very problem; where the
// precision has nothing tuned, only a time measured or predicted on this device (not a sibling's
// or the vendor's) of a family that outranks the precision's own default.
bool replaces(const TimedChoice& stronger, const std::optional<TimedChoice>& own, const ConfigChoice& own_default) {
  if (own) {
    if (own->choice.source == ConfigSource::Exact && stronger.choice.source != ConfigSource::Exact) return false;
    return stronger.seconds < own->seconds;
  }
  return stronger.choice.source != ConfigSource::Fallback && std::isfinite(stronger.seconds) &&
         kernel_family(stronger.choice.family).default_priority() >= kernel_family(own_default.family).default_priority();
}

// A shape's choices from the database, best first, and the entries passed over for them.
struct RankedChoices {
  std::vector<TimedChoice> best;
  std::string skipped;
};

// The database's choices for `shape`, up to `count` and each other family's best
// (Chooser::from_database): its own precision's, or those of the stronger
// precision of the same storage where they are known or predicted faster (fp32 kernels for a
// skinny tf32 problem that leaves the matrix units idle). `own_default` is what runs where the
// database has nothing.
RankedChoices ranked_choices(const DeviceFingerprint& device, const DeviceLimits& limits, const db::Database& database,
                             const std::function<std::shared_ptr<const LearnedModel>(Precision)>& model,
                             const GemmShape& shape, const ConfigChoice& own_default, std::size_t count) {
  Chooser chooser(device, limits, shape);
  RankedChoices ranked{chooser.from_database(database, *model(shape.precision), count), ""};
  ranked.skipped = chooser.skipped_note();
  if (const auto stronger = stronger_precision(shape.precision)) {
    GemmShape as_stronger = shape;
    as_stronger.precision = *stronger;
    Chooser other(device, limits, as_stronger);
    auto stronger_best = other.from_database(database, *model(*stronger), count);
    const auto& best = ranked.best;
    if (!stronger_best.empty() &&
        replaces(stronger_best.front(), best.empty() ? std::nullopt : std::optional(best.front()), own_default)) {
      const std::string against = best.empty() ? "" : " against " + format_seconds(best.front().seconds) + " in " +
                                                          to_string(shape.precision);
      for (auto& candidate : stronger_best) {
        candidate.choice.runs_as = *stronger;
        candidate.choice.detail = "computed as " + to_string(*stronger) + " (" + format_seconds(candidate.seconds) +
                                  against + "): " + candidate.choice.detail;
      }
      ranked = {std::move(stronger_best), other.skipped_note()};
    }
  }
  return ranked;
}

// The call with C read as its transpose (ConfigChoice::runs_layout): the other layout, each operand
// read the other way. The same memory as the call where C is a row or a column of consecutive
// elements, and the same A and B: a row-major R x C matrix is a column-major C x R one.
GemmShape with_c_transposed(const GemmShape& shape) {
  const auto other = [](Transpose t) { return t == Transpose::Yes ? Transpose::No : Transpose::Yes; };
  GemmShape transposed = shape;
  transposed.layout = shape.layout == Layout::RowMajor ? Layout::ColMajor : Layout::RowMajor;
  transposed.trans_a = other(shape.trans_a), transposed.trans_b = other(shape.trans_b);
  return transposed;
}

// The choices of the call as laid out and of C as its transpose as one ranking: a measurement of
// either problem stands alone (the faster where both were measured, the call's own among equals),
// predictions are ranked by their times together, and the vendor's best of another shape (which
// predicts nothing) comes only where neither predicts, the call's own first.
RankedChoices merged(RankedChoices own, RankedChoices transposed) {
  const auto measured = [](const RankedChoices& r) {
    return !r.best.empty() && r.best.front().choice.source == ConfigSource::Exact;
  };
  const auto predicts = [](const RankedChoices& r) { return !r.best.empty() && std::isfinite(r.best.front().seconds); };
  if (measured(own) && measured(transposed))
    return transposed.best.front().seconds < own.best.front().seconds ? std::move(transposed) : std::move(own);
  if (measured(own)) return own;
  if (measured(transposed)) return transposed;
  if (!predicts(own) && !predicts(transposed)) return own.best.empty() ? std::move(transposed) : std::move(own);
  if (!predicts(transposed)) return own;
  if (!predicts(own)) return transposed;
  RankedChoices all{std::move(own.best), own.skipped};
  if (transposed.best.front().seconds < all.best.front().seconds) all.skipped = transposed.skipped;
  std::move(transposed.best.begin(), transposed.best.end(), std::back_inserter(all.best));
  std::stable_sort(all.best.begin(), all.best.end(), [](const TimedChoice& a, const TimedChoice& b) {
    return a.seconds < b.seconds;
  });
  return all;
}

}  // namespace

std::string format_seconds(double seconds) {
  std::ostringstream text;
  text.precision(seconds < 1e-3 ? 1 : 2);
  if (seconds < 1e-3) text << std::fixed << seconds * 1e6 << " us";
  else text << std::fixed << seconds * 1e3 << " ms";
  return text.str();
}

bool runs_alike(const ConfigChoice& a, const ConfigChoice& b) {
  return a.family == b.family && a.config == b.config && a.runs_as == b.runs_as && a.runs_trans == b.runs_trans &&
         a.runs_layout == b.runs_layout;
}

ConfigSelector::ConfigSelector(DeviceFingerprint device, DeviceLimits limits, std::filesystem::path database)
    : device_(std::move(device)), limits_(limits), database_(std::move(database)) {}

ConfigChoice ConfigSelector::default_without(const GemmShape& shape,
                                             const std::set<std::string>& failed_families) const {
  return Chooser(device_, limits_, shape).built_in_default(failed_families);
}

ConfigChoice ConfigSelector::choose(const GemmShape& shape, bool c_contiguous) const {
  return candidates(shape, 1, c_contiguous).front();
}

std::vector<ConfigChoice> ConfigSelector::candidates(const GemmShape& shape, std::size_t count,
                                                   bool c_contiguous) const {
  Chooser chooser(device_, limits_, shape);
  ConfigChoice fallback = chooser.built_in_default();
  std::error_code error;
  if (!std::filesystem::exists(database_, error)) {
    fallback.detail += " (no tuning database at " + database_.string() + ")";
    return {fallback};
  }
  try {
    const db::Database database(database_, db::Database::Mode::ReadOnly);
    const auto model = [&](Precision precision) { return model_for(database, precision); };
    RankedChoices best = ranked_choices(device_, limits_, database, model, shape, fallback, count);
    if (ranks_transposed_c(shape, c_contiguous)) {
      const GemmShape transposed = with_c_transposed(shape);
      RankedChoices other = ranked_choices(device_, limits_, database, model, transposed,
                                           Chooser(device_, limits_, transposed).built_in_default(), count);
      const std::string as = "C computed as its transpose, the same memory: the call as " + to_string(transposed.layout) +
                             "-major " + transpose_code(transposed.trans_a, transposed.trans_b) + ": ";
      for (auto& candidate : other.best) {
        candidate.choice.runs_layout = transposed.layout;
        if (!candidate.choice.runs_trans) candidate.choice.runs_trans = transpose_code(transposed.trans_a, transposed.trans_b);
        candidate.choice.detail = as + candidate.choice.detail;
      }
      best = merged(std::move(best), std::move(other));
    }
    if (!best.best.empty()) {
      // Only predictions have others worth timing: a measurement of the problem itself, or the
      // vendor's best of another shape (which predicts nothing), stands alone.
      if (best.best.front().choice.source == ConfigSource::Exact || !std::isfinite(best.best.front().seconds))
        best.best.resize(1);
      std::vector<std::string_view> families;
      for (const auto& candidate : best.best) families.push_back(candidate.choice.family);
      std::vector<ConfigChoice> choices;
      for (std::size_t i : trial_picks(families, count)) choices.push_back(std::move(best.best[i].choice));
      choices.front().detail += best.skipped;
      return choices;
    }
    fallback.detail += " (nothing usable tuned for this device, model or vendor" + best.skipped + ")";
  } catch (const std::exception& problem) {
    // A damaged or foreign database must not stop a program's GEMMs; the reason stays visible.
    fallback.detail += " (tuning database unusable: " + std::string(problem.what()) + ")";
  }
  return {fallback};
}

bool ConfigSelector::ranks_transposed_c(const GemmShape& shape, bool c_contiguous) {
  // Only NN and TT calls: C^T reads their operands the other way (a TT call then needs no copy to
  // run as NN). An NT or TN call's C^T reads them as the call does, A and B traded, which on the
  // H200 ran no faster and took trial places from the call's own candidates
  // (bench/results/2026-11-26_h200-vector-c-transposed/).
  return c_contiguous && (shape.m == 1 || shape.n == 1) && shape.trans_a == shape.trans_b;
}

std::shared_ptr<const LearnedModel> ConfigSelector::model_for(const db::Database& database, Precision precision) const {
  // Learned once per precision while the file stays as it is: fitting the model's terms reads
  // every measurement, far more work than one choice.
  std::error_code error;
  const auto stamp = std::pair(std::filesystem::last_write_time(database_, error).time_since_epoch().count(),
                               static_cast<std::int64_t>(std::filesystem::file_size(database_, error)));
  std::lock_guard lock(models_mutex_);
  if (stamp != models_stamp_) models_.clear(), models_stamp_ = stamp;
  auto& model = models_[static_cast<int>(precision)];
  if (!model)
    model = std::make_shared<const LearnedModel>(learn_model(database, device_, limits_, precision, observations_per_problem));
  return model;
}

}  // namespace gemmtune
