// Export and import formats: JSON (lossless, one object per evaluation) and CSV (for spreadsheets).
#include "db/transfer.hpp"

#include <boost/json.hpp>

#include "core/kernel_config.hpp"
#include "db/device_keys.hpp"
#include "db/exact_json.hpp"
#include "db/number_text.hpp"
#include "db/record_validation.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::db {
namespace json = boost::json;

boost::json::object crossover_to_json(const CrossoverRecord& crossover) {
  boost::json::array timings;
  for (const auto& timing : crossover.timings)
    timings.push_back({{"size", timing.size}, {"host_seconds", timing.host_seconds},
                       {"device_seconds", timing.device_seconds}});
  return {{"precision", crossover.precision},
          {"crossover", crossover.crossover ? boost::json::value(*crossover.crossover) : nullptr},
          {"largest_size", crossover.largest_size()},
          {"repeats", crossover.repeats},
          {"host_blas", crossover.host_blas},
          {"measured_at", crossover.measured_at},
          {"timings", std::move(timings)}};
}

void append_problem(json::object& object, const ProblemRecord& problem) {
  object.insert({{"precision", problem.precision},
                 {"layout", problem.layout},
                 {"trans", problem.trans},
                 {"m", problem.m},
                 {"n", problem.n},
                 {"k", problem.k}});
}

namespace {


json::value session_to_json(const std::optional<StoredSession>& session) {
  if (!session) return nullptr;
  const SessionRecord& r = session->record;
  return json::object{{"uid", session->uid},
                      {"started_at", session->started_at},
                      {"ended_at", session->ended_at},
                      {"command_line", r.command_line},
                      {"strategy", r.strategy},
                      {"seed", r.seed},
                      {"budget", r.budget},
                      {"time_limit", r.time_limit},
                      {"tool_version", r.tool_version}};
}

json::object evaluation_to_json(const StoredEvaluation& s) {
  json::object config;
  for (const auto& [name, value] : s.evaluation.config) config[name] = value;
  const EvaluationRecord& e = s.evaluation;
  json::object out{{"device", device_to_json(s.device)}, {"kernel", s.kernel_name}, {"kernel_hash", s.kernel_hash}};
  append_problem(out, s.problem);
  out.insert({{"config", std::move(config)},
              {"config_key", config_key(e.config)},
              {"status", e.status},
              {"runs", e.runs},
              {"min_seconds", e.min_seconds},
              {"median_seconds", e.median_seconds},
              {"spread", e.spread},
              {"gflops", e.gflops},
              {"compile_seconds", e.compile_seconds},
              {"error", e.error},
              {"recorded_at", e.recorded_at},
              {"session", session_to_json(s.session)}});
  return out;
}

// Reads fields of one JSON object, naming the entry and the field when one is missing or mistyped.
class FieldReader {
 public:
  FieldReader(const json::value& value, std::string where) : where_(std::move(where)) {
    if (!value.is_object()) fail("expected an object");
    object_ = &value.as_object();
  }
  const json::value& field(const char* name) const {
    const json::value* value = object_->if_contains(name);
    if (!value) fail(std::string("missing field '") + name + "'");
    return *value;
  }
  std::string text(const char* name) const {
    const json::value& value = field(name);
    if (!value.is_string()) fail(std::string("field '") + name + "' is not a string");
    return std::string(value.as_string());
  }
  // "" where the field is absent.
  std::string optional_text(const char* name) const { return object_->contains(name) ? text(name) : ""; }
  template <typename Integer>
  Integer integer(const char* name) const {
    const json::value& value = field(name);
    try {
      if (value.is_int64() || value.is_uint64()) return value.to_number<Integer>();
    } catch (const std::exception&) {
    }
    fail(std::string("field '") + name + "' is not an integer in range");
  }
  double number(const char* name) const {
    const json::value& value = field(name);
    if (!value.is_number()) fail(std::string("field '") + name + "' is not a number");
    return value.to_number<double>();
  }
  [[noreturn]] void fail(const std::string& what) const { throw InvalidArgument(where_ + ": " + what); }
  const std::string& where() const { return where_; }

 private:
  std::string where_;
  const json::object* object_ = nullptr;
};

DeviceRecord device_from_json(const FieldReader& r) {
  DeviceRecord d;
  d.platform = r.text("platform");
  d.vendor = r.text("vendor");
  d.name = r.text("name");
  d.driver_version = r.text("driver_version");
  d.opencl_c_version = r.text("opencl_c_version");
  d.type = r.text("type");
  d.compute_units = r.integer<std::uint32_t>("compute_units");
  d.clock_mhz = r.integer<std::uint32_t>("clock_mhz");
  d.global_mem_bytes = r.integer<std::uint64_t>("global_mem_bytes");
  d.local_mem_bytes = r.integer<std::uint64_t>("local_mem_bytes");
  d.max_work_group_size = r.integer<std::uint64_t>("max_work_group_size");
  d.architecture = r.optional_text("architecture");  // files written before it was recorded lack it
  return with_computed_keys(d);  // the file's keys may be of an older format, or wrong
}

StoredSession session_from_json(const FieldReader& r) {
  StoredSession s;
  s.uid = r.text("uid");
  s.started_at = r.text("started_at");
  s.ended_at = r.text("ended_at");
  s.record.command_line = r.text("command_line");
  s.record.strategy = r.text("strategy");
  s.record.seed = r.integer<std::uint64_t>("seed");
  s.record.budget = r.integer<std::int64_t>("budget");
  s.record.time_limit = r.number("time_limit");
  s.record.tool_version = r.text("tool_version");
  return s;
}

StoredEvaluation evaluation_from_json(const FieldReader& r) {
  StoredEvaluation s;
  s.device = device_from_json(FieldReader(r.field("device"), r.where() + ": device"));
  s.kernel_name = r.text("kernel");
  s.kernel_hash = r.text("kernel_hash");
  // Files written before precisions were named hold 32 or 64.
  if (const json::value& precision = r.field("precision"); precision.is_number())
    s.problem.precision = r.integer<int>("precision") == 64 ? "fp64" : r.integer<int>("precision") == 32 ? "fp32" : "?";
  else
    s.problem.precision = r.text("precision");
  s.problem.layout = r.text("layout");
  s.problem.trans = r.text("trans");
  s.problem.m = r.integer<std::int64_t>("m");
  s.problem.n = r.integer<std::int64_t>("n");
  s.problem.k = r.integer<std::int64_t>("k");
  const FieldReader config(r.field("config"), r.where() + ": config");
  for (const auto& [name, value] : r.field("config").as_object())
    s.evaluation.config[std::string(name)] = config.integer<std::int64_t>(std::string(name).c_str());
  EvaluationRecord& e = s.evaluation;
  e.status = r.text("status");
  e.runs = r.integer<int>("runs");
  e.min_seconds = r.number("min_seconds");
  e.median_seconds = r.number("median_seconds");
  e.spread = r.number("spread");
  e.gflops = r.number("gflops");
  e.compile_seconds = r.number("compile_seconds");
  e.error = r.text("error");
  e.recorded_at = r.text("recorded_at");
  if (const json::value& session = r.field("session"); !session.is_null())
    s.session = session_from_json(FieldReader(session, r.where() + ": session"));
  if (const auto problem = invalid_evaluation(s, r.text("config_key"))) r.fail(*problem);
  return s;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

// Always readable as a real number, also where it is whole ("0.0", not "0"), so that a column of
// seconds is one of reals to pandas and spreadsheets, whatever its values.
std::string real_text(double value) {
  std::string text = number_text(value);
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

}  // namespace

json::object device_to_json(const DeviceRecord& d) {
  return {{"platform", d.platform},
          {"vendor", d.vendor},
          {"name", d.name},
          {"driver_version", d.driver_version},
          {"opencl_c_version", d.opencl_c_version},
          {"type", d.type},
          {"compute_units", d.compute_units},
          {"clock_mhz", d.clock_mhz},
          {"global_mem_bytes", d.global_mem_bytes},
          {"local_mem_bytes", d.local_mem_bytes},
          {"max_work_group_size", d.max_work_group_size},
          {"architecture", d.architecture},
          {"model_key", d.model_key},
          {"key", d.key}};
}

std::string export_json(const std::vector<StoredEvaluation>& evaluations) {
  std::string text = "[";
  for (std::size_t i = 0; i < evaluations.size(); ++i) {
    text += i ? ",\n" : "\n";
    text += json::serialize(evaluation_to_json(evaluations[i]));
  }
  return text + "\n]\n";
}

std::vector<StoredEvaluation> import_json(const std::string& text, const std::string& source) {
  boost::system::error_code error;
  const json::value document = parse_json_exactly(text, error);
  if (error) throw InvalidArgument(source + ": not JSON (" + error.message() + ")");
  if (!document.is_array()) throw InvalidArgument(source + ": expected a JSON array of evaluations");
  std::vector<StoredEvaluation> evaluations;
  const json::array& entries = document.as_array();
  for (std::size_t i = 0; i < entries.size(); ++i)
    evaluations.push_back(evaluation_from_json(FieldReader(entries[i], source + ": entry " + std::to_string(i))));
  return evaluations;
}

std::string export_csv(const std::vector<StoredEvaluation>& evaluations) {
  std::string text =
      "device_key,device_name,driver_version,kernel,kernel_hash,precision,layout,trans,m,n,k,config_key,status,runs,"
      "min_seconds,median_seconds,spread,gflops,compile_seconds,error,recorded_at,session_uid\n";
  for (const StoredEvaluation& s : evaluations) {
    const EvaluationRecord& e = s.evaluation;
    const std::vector<std::string> fields{
        s.device.key, s.device.name, s.device.driver_version, s.kernel_name, s.kernel_hash,
        s.problem.precision, s.problem.layout, s.problem.trans, std::to_string(s.problem.m),
        std::to_string(s.problem.n), std::to_string(s.problem.k), config_key(e.config), e.status,
        std::to_string(e.runs), real_text(e.min_seconds), real_text(e.median_seconds), real_text(e.spread),
        real_text(e.gflops), real_text(e.compile_seconds), e.error, e.recorded_at,
        s.session ? s.session->uid : std::string()};
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i) text += ',';
      text += csv_field(fields[i]);
    }
    text += '\n';
  }
  return text;
}

}  // namespace gemmtune::db
