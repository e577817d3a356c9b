// The xgemm kernel's parameters: their defaults, the rules a configuration must obey, its defines.
#include "dispatch/xgemm_config.hpp"

#include <functional>
#include <sstream>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

// One rule of the kernel: a readable form, the parameters it names, and the check itself.
struct Rule {
  std::string text;
  std::vector<std::string> names;
  std::function<bool(const KernelConfig&, const DeviceLimits&, std::int64_t element_bytes)> holds;
};

bool power_of_two_up_to(std::int64_t value, std::int64_t most) {
  return value >= 1 && value <= most && (value & (value - 1)) == 0;
}

const std::vector<Rule>& rules() {
  using C = const KernelConfig&;
  using L = const DeviceLimits&;
  static const std::vector<Rule> table = {
      {"TSM >= 1 && TSN >= 1 && TSK >= 1 && WPTM >= 1 && WPTN >= 1", {"TSM", "TSN", "TSK", "WPTM", "WPTN"},
       [](C c, L, auto) { return c.at("TSM") >= 1 && c.at("TSN") >= 1 && c.at("TSK") >= 1 && c.at("WPTM") >= 1 && c.at("WPTN") >= 1; }},
      {"PADA >= 0 && PADB >= 0", {"PADA", "PADB"},
       [](C c, L, auto) { return c.at("PADA") >= 0 && c.at("PADB") >= 0; }},
      {"VWA and VWB in {1, 2, 4, 8}", {"VWA", "VWB"},
       [](C c, L, auto) { return power_of_two_up_to(c.at("VWA"), 8) && power_of_two_up_to(c.at("VWB"), 8); }},
      {"STRM and STRN in {0, 1, 2}", {"STRM", "STRN"},
       [](C c, L, auto) { return c.at("STRM") >= 0 && c.at("STRM") <= 2 && c.at("STRN") >= 0 && c.at("STRN") <= 2; }},
      {"PREFETCH, ADVANCE and UNCHECKED in {0, 1}", {"PREFETCH", "ADVANCE", "UNCHECKED"},
       [](C c, L, auto) {
         return (c.at("PREFETCH") == 0 || c.at("PREFETCH") == 1) && (c.at("ADVANCE") == 0 || c.at("ADVANCE") == 1) &&
                (c.at("UNCHECKED") == 0 || c.at("UNCHECKED") == 1);
       }},
      {"SWIZZLE in {0, 1} && (SWIZZLE == 0 || (TSM % 32 == 0 && TSN % 32 == 0))", {"SWIZZLE", "TSM", "TSN"},
       [](C c, L, auto) {
         return c.at("SWIZZLE") == 0 || (c.at("SWIZZLE") == 1 && c.at("TSM") % 32 == 0 && c.at("TSN") % 32 == 0);
       }},
      {"KSPLIT in {1, 2, 4, 8, 16} && (KSPLIT == 1 || element_bytes == 4)", {"KSPLIT"},
       [](C c, L, std::int64_t bytes) { return power_of_two_up_to(c.at("KSPLIT"), 16) && (c.at("KSPLIT") == 1 || bytes == 4); }},
      {"WARPN in {0, 1, 2, 4, 8, 16, 32}", {"WARPN"},
       [](C c, L, auto) { return c.at("WARPN") == 0 || power_of_two_up_to(c.at("WARPN"), 32); }},
      {"MAXREG == 0 || (16 <= MAXREG && MAXREG <= 255 && nv_compiler_options)", {"MAXREG"},
       [](C c, L l, auto) { return c.at("MAXREG") == 0 || (c.at("MAXREG") >= 16 && c.at("MAXREG") <= 255 && l.nv_compiler_options); }},
      {"KUNROLL >= 1 && TSK % KUNROLL == 0", {"KUNROLL", "TSK"},
       [](C c, L, auto) { return c.at("KUNROLL") >= 1 && c.at("TSK") % c.at("KUNROLL") == 0; }},
      {"TSM % WPTM == 0", {"TSM", "WPTM"}, [](C c, L, auto) { return c.at("TSM") % c.at("WPTM") == 0; }},
      {"TSN % WPTN == 0", {"TSN", "WPTN"}, [](C c, L, auto) { return c.at("TSN") % c.at("WPTN") == 0; }},
      {"TSM % VWA == 0 && TSK % VWA == 0", {"TSM", "TSK", "VWA"},
       [](C c, L, auto) { return c.at("TSM") % c.at("VWA") == 0 && c.at("TSK") % c.at("VWA") == 0; }},
      {"TSN % VWB == 0 && TSK % VWB == 0", {"TSN", "TSK", "VWB"},
       [](C c, L, auto) { return c.at("TSN") % c.at("VWB") == 0 && c.at("TSK") % c.at("VWB") == 0; }},
      {"(TSM * TSK) % (VWA * (TSM/WPTM) * (TSN/WPTN)) == 0 (every work-item loads the same number of A vectors)",
       {"TSM", "TSN", "TSK", "WPTM", "WPTN", "VWA"},
       [](C c, L, auto) {
         return (c.at("TSM") * c.at("TSK")) % (c.at("VWA") * (c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN"))) == 0;
       }},
      {"(TSN * TSK) % (VWB * (TSM/WPTM) * (TSN/WPTN)) == 0 (every work-item loads the same number of B vectors)",
       {"TSM", "TSN", "TSK", "WPTM", "WPTN", "VWB"},
       [](C c, L, auto) {
         return (c.at("TSN") * c.at("TSK")) % (c.at("VWB") * (c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN"))) == 0;
       }},
      {"WARPN == 0 || ((TSN/WPTN) % WARPN == 0 && (TSM/WPTM) % (32/WARPN) == 0)", {"TSM", "TSN", "WPTM", "WPTN", "WARPN"},
       [](C c, L, auto) {
         const std::int64_t w = c.at("WARPN");
         return w == 0 || ((c.at("TSN") / c.at("WPTN")) % w == 0 && (c.at("TSM") / c.at("WPTM")) % (32 / w) == 0);
       }},
      {"(TSM/WPTM) * (TSN/WPTN) <= max_work_group_size", {"TSM", "TSN", "WPTM", "WPTN"},
       [](C c, L l, auto) {
         return static_cast<std::uint64_t>((c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN"))) <= l.max_work_group_size;
       }},
      {"TSN/WPTN <= max_work_item_sizes[0] && TSM/WPTM <= max_work_item_sizes[1]", {"TSM", "TSN", "WPTM", "WPTN"},
       [](C c, L l, auto) {
         return static_cast<std::uint64_t>(c.at("TSN") / c.at("WPTN")) <= l.max_work_item_sizes[0] &&
                static_cast<std::uint64_t>(c.at("TSM") / c.at("WPTM")) <= l.max_work_item_sizes[1];
       }},
      {"element_bytes * TSK * (TSM + PADA + TSN + PADB) * (1 + PREFETCH) <= local_mem_size",
       {"TSM", "TSN", "TSK", "PADA", "PADB", "PREFETCH"},
       [](C c, L l, std::int64_t bytes) {
         return static_cast<std::uint64_t>(bytes * c.at("TSK") * (c.at("TSM") + c.at("PADA") + c.at("TSN") + c.at("PADB")) *
                                           (1 + c.at("PREFETCH"))) <= l.local_mem_bytes;
       }},
  };
  return table;
}

}  // namespace

const std::vector<KernelParameter>& xgemm_parameters() {
  // Defaults must match the #ifndef blocks at the top of kernels/xgemm.cl.
  static const std::vector<KernelParameter> parameters = {
      {"TSM", 128, "work-group tile rows of C"},
      {"TSN", 128, "work-group tile columns of C"},
      {"TSK", 16, "K-tile depth staged in local memory"},
      {"WPTM", 8, "rows of C per work-item"},
      {"WPTN", 8, "columns of C per work-item"},
      {"PADA", 4, "local-memory row padding of the A tile"},
      {"PADB", 4, "local-memory row padding of the B tile"},
      {"VWA", 4, "vector width of global loads of A"},
      {"VWB", 4, "vector width of global loads of B"},
      {"STRM", 2, "1: a work-item's rows strided by the local range; 2: groups of 4 rows, strided"},
      {"STRN", 2, "1: a work-item's columns strided by the local range; 2: groups of 4, strided"},
      {"KUNROLL", 8, "unroll factor of the loop over a tile's depth"},
      {"PREFETCH", 1, "1: register prefetch of the next tile with two local buffers"},
      {"WARPN", 0, "0: work-items row by row; w: a warp covers a (32/w) x w block of them"},
      {"KSPLIT", 1, "work-groups sharing the K dimension of a C tile, adding atomically (fp32)"},
      {"MAXREG", 0, "registers per work-item the compiler may use (NVIDIA), 0: its own choice"},
      {"ADVANCE", 0, "1: pointers to the next K tile advance per step; 0: computed from the tile index"},
      {"UNCHECKED", 0, "1: no bounds checks where M, N and K are multiples of TSM, TSN and TSK"},
      {"SWIZZLE", 0, "1: local tiles of operands contiguous along k permuted against bank conflicts"},
  };
  return parameters;
}

KernelConfig xgemm_default_config() {
  KernelConfig config;
  for (const auto& parameter : xgemm_parameters()) config[parameter.name] = parameter.default_value;
  return config;
}

KernelConfig xgemm_default_config(const DeviceLimits& limits, Precision precision) {
  static const KernelConfig smaller[] = {
      {{"TSM", 64}, {"TSN", 64}, {"TSK", 16}, {"WPTM", 4}, {"WPTN", 4}, {"PADA", 1}, {"PADB", 1}, {"VWA", 1},
       {"VWB", 1}, {"STRM", 0}, {"STRN", 1}, {"KUNROLL", 1}, {"PREFETCH", 0}},
      {{"TSM", 16}, {"TSN", 16}, {"TSK", 8}, {"WPTM", 2}, {"WPTN", 2}, {"PADA", 1}, {"PADB", 1}, {"VWA", 1},
       {"VWB", 1}, {"STRM", 0}, {"STRN", 1}, {"KUNROLL", 1}, {"PREFETCH", 0}},
      {{"TSM", 8}, {"TSN", 8}, {"TSK", 8}, {"WPTM", 8}, {"WPTN", 8}, {"PADA", 0}, {"PADB", 0}, {"VWA", 1},
       {"VWB", 1}, {"STRM", 0}, {"STRN", 1}, {"KUNROLL", 1}, {"PREFETCH", 0}},
  };
  // The kernel's defaults were chosen on a GPU. A CPU compiler vectorises within a work-item: a
  // row of 16 accumulators is two 8-lane registers, no unroll beyond 4 and no prefetch (89 GFLOP/s
  // at 1024^3 under PoCL on a 2-core AVX-512 EPYC, 2026-11-21; the tuner's best there was 85-92).
  static const KernelConfig cpu = {{"TSM", 64}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 16},
                                   {"PADA", 0}, {"PADB", 0}, {"VWA", 4}, {"VWB", 4}, {"STRM", 0},
                                   {"STRN", 0}, {"KUNROLL", 4}, {"PREFETCH", 0}};
  // NVIDIA (its compiler options extension): 128 x 256 tiles of 8 x 16 per work-item, one
  // work-group of 256 per multiprocessor with up to 255 registers each, which every NVIDIA GPU
  // with 64K registers allows. It needs 48 KiB of local memory, which leaves no room for padding:
  // SWIZZLE keeps the transposing stores free of bank conflicts instead. On the H200 (2026-11-21)
  // it ran 4096^3 at 48.6 TFLOP/s (47.5 without SWIZZLE), where the kernel's defaults ran 45.5.
  static const KernelConfig nvidia = {{"TSM", 128}, {"TSN", 256}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 16},
                                      {"PADA", 0}, {"PADB", 0}, {"VWA", 4}, {"VWB", 4}, {"STRM", 0},
                                      {"STRN", 2}, {"KUNROLL", 8}, {"PREFETCH", 1}, {"ADVANCE", 1},
                                      {"UNCHECKED", 1}, {"SWIZZLE", 1}};
  KernelConfig config = limits.cpu                    ? complete_xgemm_config(cpu)
                         : limits.nv_compiler_options ? complete_xgemm_config(nvidia)
                                                      : xgemm_default_config();
  if (!xgemm_rule_violation(config, limits, precision)) return config;
  if (!xgemm_rule_violation(xgemm_default_config(), limits, precision)) return xgemm_default_config();
  for (const KernelConfig& candidate : smaller) {
    config = candidate;
    if (!xgemm_rule_violation(config, limits, precision)) break;
  }
  return config;
}

std::int64_t xgemm_parameter(const KernelConfig& config, const std::string& name) {
  if (const auto found = config.find(name); found != config.end()) return found->second;
  for (const auto& parameter : xgemm_parameters())
    if (parameter.name == name) return parameter.default_value;
  throw ConfigError("unknown xgemm parameter '" + name + "'");
}

KernelConfig complete_xgemm_config(const KernelConfig& config) {
  KernelConfig complete = xgemm_default_config();
  for (const auto& [name, value] : config) {
    if (!complete.contains(name)) throw ConfigError("unknown xgemm parameter '" + name + "'");
    complete[name] = value;
  }
  return complete;
}

std::optional<std::string> xgemm_rule_violation(const KernelConfig& partial,
                                                const DeviceLimits& limits, Precision precision) {
  const KernelConfig config = complete_xgemm_config(partial);
  const std::int64_t element_bytes = precision == Precision::Double ? 8 : 4;
  if (precision == Precision::Double && !limits.fp64)
    return std::string("double precision needs cl_khr_fp64, which this device lacks");
  for (const auto& rule : rules()) {
    // Later rules divide by values that earlier rules check; stop at the first failure.
    if (rule.holds(config, limits, element_bytes)) continue;
    std::ostringstream message;
    message << "rule '" << rule.text << "' fails:";
    for (const auto& name : rule.names) message << ' ' << name << '=' << config.at(name);
    return message.str();
  }
  return std::nullopt;
}

void check_xgemm_config(const KernelConfig& config, const DeviceLimits& limits,
                        Precision precision) {
  if (auto violation = xgemm_rule_violation(config, limits, precision))
    throw ConfigError("invalid xgemm configuration: " + *violation);
}

bool xgemm_needs_checks(const KernelConfig& config, const RowMajorGemm& problem) {
  const auto whole = [](std::size_t size, std::int64_t tile) { return size % static_cast<std::size_t>(tile) == 0; };
  return xgemm_parameter(config, "UNCHECKED") == 0 || !whole(problem.m, xgemm_parameter(config, "TSM")) ||
         !whole(problem.n, xgemm_parameter(config, "TSN")) || !whole(problem.k, xgemm_parameter(config, "TSK"));
}

std::string xgemm_defines(const KernelConfig& config, Precision precision, const RowMajorGemm& problem) {
  const KernelConfig complete = complete_xgemm_config(config);
  std::ostringstream defines;
  for (const auto& [name, value] : complete) defines << "-D" << name << '=' << value << ' ';
  defines << "-DPRECISION=" << static_cast<int>(precision) << " -DTRANSA=" << problem.trans_a
          << " -DTRANSB=" << problem.trans_b << " -DCHECKS=" << xgemm_needs_checks(complete, problem);
  // A register cap lets more work-groups share a multiprocessor, at the risk of spilling.
  if (const std::int64_t registers = complete.at("MAXREG"); registers > 0)
    defines << " -cl-nv-maxrregcount=" << registers;
  return defines.str();
}

std::string describe_config(const KernelConfig& config) {
  std::ostringstream text;
  for (const auto& [name, value] : config) text << (text.tellp() > 0 ? " " : "") << name << '=' << value;
  return text.str();
}

}  // namespace gemmtune
