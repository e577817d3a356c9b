// A kernel family: one OpenCL source and its description (kernels/NAME.cl, kernels/NAME.json),
// the single place of its parameters, defaults, rules, tuning choices, launch ranges and precisions.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/expression.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

// Named integer values an expression may read besides the parameters: the device's limits
// (device_limit_names()) and, for launch ranges and defines, the problem's M, N and K.
using NamedValues = std::map<std::string, std::int64_t>;

// The names of the device limits every family's expressions may use, in a fixed order.
const std::vector<std::string>& device_limit_names();

// `width` halved until a vector of that many elements is aligned at every row of an operand with
// this leading dimension and offset (both in elements): the one alignment rule of vector loads.
std::int64_t widest_aligned_width(std::int64_t width, std::size_t ld, std::size_t offset);

// A row-major problem as a family's launch expressions see it.
struct ProblemSize {
  std::int64_t m = 0, n = 0, k = 0;

  friend bool operator==(const ProblemSize&, const ProblemSize&) = default;
};

struct FamilyParameter {
  std::string name;                   // [A-Z_][A-Z0-9_]*: only -DNAME=integer reaches a compiler
  std::int64_t default_value = 0;
  std::vector<std::int64_t> values;   // candidates tuned by default; empty: fixed at the default
  std::string meaning;
  std::string aligned_to;             // "A" or "B": a vector width lowered to the operand's alignment
  // The dispatcher may run a measured configuration with another of `values` for a problem that
  // was not tuned exactly (core/configuration_variants.hpp): a parameter whose best value follows
  // the shape (split K) rather than the device.
  bool adapts_to_shape = false;
  // Further values of such a parameter that the dispatcher may carry a configuration to, which the
  // tuner does not search: the finer steps a shape may want (a split that fills the device's
  // compute units), predicted from the measured neighbours rather than tuned one by one.
  std::vector<std::int64_t> shape_values;
};

// The kernel's OpenCL source as embedded, with the hash that keys its results.
struct KernelSource {
  std::string name;  // the family's name, or a utility kernel's file name without .cl
  std::string text;  // its includes' texts (cmake/EmbedKernels.cmake puts them first), then its own
  std::string hash;  // first 16 hex digits of the SHA-256 of `text`
  // Where not empty, the architecture whose PTX the built program is remade from
  // (dispatch/ptx_retarget.hpp): the family's "ptx_target".
  std::string ptx_target = {};
};

class KernelFamily {
 public:
  // Parses a description; `origin` names it in messages. Throws ConfigError naming the origin and
  // the entry (and the position in a malformed expression).
  static KernelFamily from_json(const std::string& description, KernelSource source, const std::string& origin);

  const std::string& name() const { return name_; }
  // The description parsed and where it came from: with source(), all it takes to make the family
  // again (a worker process does).
  const std::string& description() const { return description_; }
  const std::string& origin() const { return origin_; }
  const std::string& summary() const { return summary_; }
  const KernelSource& source() const { return source_; }
  const std::string& entry() const { return entry_; }
  // An entry that applies beta to C before the main one runs, where scale_first() holds.
  const std::string& scale_entry() const { return scale_entry_; }
  // The utility kernels whose texts come before the family's own in source().text.
  const std::vector<std::string>& includes() const { return includes_; }
  const std::vector<FamilyParameter>& parameters() const { return parameters_; }
  const std::vector<Precision>& precisions() const { return precisions_; }
  const std::vector<std::string>& transpositions() const { return transpositions_; }
  // As written in the description, where a define's name stands for its expression: the search
  // space reads them through with_defines().
  const std::vector<std::string>& rule_texts() const { return rule_texts_; }
  const std::vector<std::string>& choice_texts() const { return choice_texts_; }
  // `text` with each name of a define (the description's "defines") replaced by its expression in
  // parentheses, so that it reads the parameters, limits and problem sizes that the define reads.
  std::string with_defines(std::string text) const;
  bool serves(Precision precision, const std::string& trans) const;
  // Where nothing tuned applies, the dispatcher runs the defaults of the family of highest
  // priority that serves the problem and runs on the device (the description's
  // "default_priority", 0 without one; ties in the order of the families' names, the registry's).
  int default_priority() const { return default_priority_; }

  // Every parameter at its default (the description's own).
  KernelConfig defaults() const;
  // `config` with every missing parameter at its default. Throws ConfigError on an unknown name.
  KernelConfig complete(KernelConfig config) const;
  // The default for a device: the first device default whose condition holds, else the
  // parameters' defaults; where that breaks a rule on this device, the first of the description's
  // safe defaults that does not.
  KernelConfig default_for(const NamedValues& limits) const;
  // Where a tuning session starts besides earlier results (tuner/seed_sources.hpp): the
  // description's starting points, completed, in its order, that apply to this precision and these
  // transpositions (the kernel's, "NN".."TT") and whose condition holds for these device limits
  // (at this precision) and this problem (the kernel's row-major view); a condition that
  // overflows or divides by zero does not hold.
  std::vector<KernelConfig> starting_points(const NamedValues& limits, Precision precision, const ProblemSize& problem,
                                            const std::string& trans) const;

  // The first rule `config` (completed) breaks with these device limits, as "rule 'TSM % WPTM == 0'
  // fails: TSM=64, WPTM=6", or nothing. A rule whose arithmetic overflows or divides by zero fails.
  // Throws ConfigError on an unknown parameter name.
  std::optional<std::string> rule_violation(const KernelConfig& config, const NamedValues& limits) const;
  // The same for the description's choices: the first one `config` breaks, which puts it outside
  // the family's tuning space (a configuration not worth timing there), or nothing.
  std::optional<std::string> choice_violation(const KernelConfig& config, const NamedValues& limits) const;
  // The first rule that reads device limits only and fails on this device, as rule_violation()
  // words it: no configuration of the family can run there (a family for one vendor's
  // instructions, say). Nothing where the device can run some configuration.
  std::optional<std::string> device_violation(const NamedValues& limits) const;

  // Vector widths (parameters aligned to A or B) lowered to the widest power of two that the
  // operand's leading dimension and offset allow; a configuration that reads its operands through
  // tensor maps, where A's or B's rows or offset are not aligned to tensor_map_alignment elements,
  // changed as the description's "tensor_maps.unaligned" says.
  KernelConfig aligned(KernelConfig config, std::size_t lda, std::size_t a_offset, std::size_t ldb,
                       std::size_t b_offset) const;

  // -D defines of every parameter, the precision, the transpositions and the description's derived
  // defines, and its compiler options: the program's build options for one problem.
  std::string build_options(const KernelConfig& config, Precision precision, bool trans_a, bool trans_b,
                            const ProblemSize& problem) const;

  bool scale_first(const KernelConfig& config) const;

  // Where the family's kernel copies its tiles with NVIDIA's tensor memory accelerator (the
  // description's "tensor_maps", when its "when" holds): the host passes a tensor map of A and
  // one of B, by value, after the arguments every family takes (dispatch/tensor_map.hpp), whose
  // boxes are box_bytes (128 unless the description's "box_bytes" says) across an operand's
  // contiguous dimension by the tile's extent along the other: tile_m of op(A) (tile_k where A is
  // transposed), tile_k of op(B) (tile_n where B is transposed); `entry` is the program's kernel
  // that reports a buffer's device address.
  struct TensorMapTiles {
    std::string entry;
    std::int64_t tile_m = 0, tile_n = 0, tile_k = 0, box_bytes = 128;
  };
  bool uses_tensor_maps(const KernelConfig& config) const;
  std::optional<TensorMapTiles> tensor_map_tiles(const KernelConfig& config) const;
  // Rows and offsets of an operand read through a tensor map are multiples of this many elements:
  // the accelerator's 16 bytes for 2-byte elements (the check knows no precision, so 4-byte ones
  // are held to 32, and packed operands, always aligned, to their caller's operands).
  static constexpr std::int64_t tensor_map_alignment = 8;

  // Where the family reads its operands packed by a pre-pass (the description's "pack"): op(A) as
  // rows_a x depth and op(B)^T as rows_b x depth, both K-contiguous, zero-padded, in one buffer
  // (B's rows after A's), written by `entry` once per operand before the main entry runs. A
  // precision of several product terms (3xTF32) packs each operand's parts side by side along K,
  // segment_depth elements each, so that the main entry computes one plain product of depth
  // `depth` (kernels/operand_pack.cl says which part goes where).
  // With tile_rows_a > 0 the operands are packed as tile images of tile_rows_a (tile_rows_b) x
  // tile_depth instead of rows (kernels/operand_pack.cl).
  // Where the description's "pack.in_place" holds, an operand already K-contiguous as the caller
  // gives it (op(A) not transposed, op(B) transposed, in row-major terms) is read where it lies
  // and only the other is packed (pack_a, pack_b); the kernel sees which as PACKED_A and PACKED_B.
  struct Packing {
    std::string entry;
    std::int64_t rows_a = 0, rows_b = 0, segment_depth = 0, depth = 0;
    std::int64_t tile_rows_a = 0, tile_rows_b = 0, tile_depth = 0;
    bool pack_a = true, pack_b = true;
  };
  // Whether operands of this precision are packed with this configuration (the precision is one
  // the description's "pack" names, or its "when" holds); the kernel sees it as PACKED.
  bool packs(const KernelConfig& config, Precision precision) const;
  // The precisions whose operands are always packed, in the description's order (empty without
  // "pack").
  std::vector<Precision> packed_precisions() const { return pack_ ? pack_->precisions : std::vector<Precision>{}; }
  // Whether this configuration reads K-contiguous operands where they lie ("pack.in_place", where
  // this precision is packed).
  bool packs_in_place(const KernelConfig& config, Precision precision) const;
  // The packed shape for one problem under its transpositions (row-major terms), or nothing where
  // this precision is not packed, M, N or K is 0 (nothing to read), or both operands are read in
  // place.
  std::optional<Packing> packing(const KernelConfig& config, Precision precision, const ProblemSize& problem,
                                 bool trans_a, bool trans_b) const;
  struct Ranges {
    std::array<std::size_t, 3> global{}, local{};
  };
  Ranges ranges(const KernelConfig& config, const ProblemSize& problem) const;

  // What the performance model (core/performance_model.hpp) reads of one launch: how many
  // work-groups run, the multiply-adds one of them computes with its tile's padding (the
  // description's "model.work_per_group"; 2MNK spread evenly where it has none), and how many run
  // at once on one compute unit ("model.resident", else 1), and how many times C crosses memory
  // ("model.c_passes", else 1: written once; a split K also scales it first and adds each part
  // into it). Problem-independent where it can be.
  struct Load {
    double work_groups = 0, work_per_group = 0, resident = 1, c_passes = 1;
    // How many times each element of C is added into atomically ("model.c_additions", else 0).
    double c_additions = 0;
    // Elements between the stores of consecutive work-items into a row of C ("model.c_store_stride",
    // else 1): 1 where they write consecutive elements (or whole vectors); more where each writes
    // a run of its own, so that one store of a warp touches that many more memory sectors. Read of
    // the problem as the model sees it: C dense (its rows N long, no offset), every tile whole.
    double c_store_stride = 1;
  };
  Load load(const KernelConfig& config, const NamedValues& limits, const ProblemSize& problem) const;

 private:
  struct Conditional {
    Expression when;
    std::string text;
    KernelConfig config;
  };
  struct StartingPoint {
    std::vector<std::string> transpositions;  // empty: all
    std::vector<Precision> precisions;        // empty: all
    Conditional conditional;
  };
  struct CompilerOption {
    Expression when;
    std::string option;  // followed by the value of `value`
    Expression value;
  };
  std::optional<std::string> first_violation(const std::vector<Expression>& conditions,
                                             const std::vector<std::string>& texts, const char* kind,
                                             const KernelConfig& config, const NamedValues& limits,
                                             bool device_rules_only) const;
  // The values expressions read: the parameters (the configuration's, else their defaults), the
  // device's limits, then M, N and K. A parameter the family does not have is an error.
  std::vector<std::int64_t> slots(const KernelConfig& config, const NamedValues& limits,
                                  const ProblemSize& problem) const;
  void reject_unknown_parameter(const KernelConfig& config) const;  // throws on the first name it does not have
  Ranges ranges_of(const std::vector<std::int64_t>& slot_values) const;
  std::int64_t evaluate(const Expression& expression, const std::vector<std::int64_t>& values,
                        const char* what) const;

  std::string name_, summary_, entry_, scale_entry_, origin_, description_;
  int default_priority_ = 0;
  KernelSource source_;
  std::vector<FamilyParameter> parameters_;
  std::vector<Precision> precisions_;
  std::vector<std::string> transpositions_, includes_;
  std::vector<std::string> rule_texts_, choice_texts_;
  std::vector<Expression> rules_, choices_;
  std::vector<Conditional> device_defaults_;
  std::vector<KernelConfig> safe_defaults_;
  std::vector<StartingPoint> starting_points_;
  std::vector<std::pair<std::string, Expression>> derived_defines_;
  std::vector<std::pair<std::string, std::string>> define_expansions_;  // each name's text, earlier ones expanded
  std::vector<CompilerOption> compiler_options_;
  std::optional<Expression> scale_first_;
  struct PackDescription {
    std::string entry;
    std::vector<Precision> precisions;
    Expression rows_a, rows_b, segment_depth;
    std::optional<Expression> when, tile_rows_a, tile_rows_b, tile_depth, in_place;
  };
  std::optional<PackDescription> pack_;
  struct TensorMapDescription {
    Expression when;
    std::string entry;
    Expression tile_m, tile_n, tile_k;
    KernelConfig unaligned;
    std::optional<Expression> box_bytes;
  };
  std::optional<TensorMapDescription> tensor_maps_;
  std::array<std::optional<Expression>, 3> global_, local_;
  std::optional<Expression> work_per_group_, resident_, c_passes_, c_additions_, c_store_stride_;
};

}  // namespace gemmtune
