// The messages between a tuning session and its evaluation worker: one JSON object per line.
#include "tuner/worker_protocol.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "gemmtune/error.hpp"
#include "search/measurement.hpp"

namespace gemmtune {
namespace {

namespace json = boost::json;

KernelConfig config_from(const json::value& value) {
  KernelConfig config;
  for (const auto& [name, entry] : value.as_object()) config[std::string(name)] = entry.to_number<std::int64_t>();
  return config;
}

std::size_t size_of(const json::object& object, std::string_view name) {
  return object.at(name).to_number<std::size_t>();
}

// Infinity has no JSON form: an absent value stands for it.
void put_finite(json::object& object, std::string_view name, double value) {
  if (std::isfinite(value)) object[name] = value;
}

double number_or(const json::object& object, std::string_view name, double otherwise) {
  const auto* value = object.if_contains(name);
  return value ? value->to_number<double>() : otherwise;
}

// Parses `line` and hands its object to `read`; any mismatch becomes one Error naming the message.
template <typename Read>
auto decoded(const std::string& line, std::string_view what, Read read) {
  try {
    return read(json::parse(line).as_object());
  } catch (const std::exception& error) {
    throw Error("malformed " + std::string(what) + " from the evaluation worker's pipe (" + error.what() +
                "): " + line.substr(0, 200));
  }
}

json::object outcome_object(const EvaluationOutcome& outcome) {
  return {{"status", search::to_string(outcome.status)}, {"runs", outcome.runs},
          {"min_seconds", outcome.min_seconds}, {"median_seconds", outcome.median_seconds},
          {"spread", outcome.spread}, {"gflops", outcome.gflops},
          {"compile_seconds", outcome.compile_seconds}, {"error", outcome.error}};
}

EvaluationOutcome outcome_from(const json::object& object) {
  EvaluationOutcome outcome;
  outcome.status = search::status_from_string(std::string(object.at("status").as_string()));
  outcome.runs = object.at("runs").to_number<int>();
  outcome.min_seconds = object.at("min_seconds").to_number<double>();
  outcome.median_seconds = object.at("median_seconds").to_number<double>();
  outcome.spread = object.at("spread").to_number<double>();
  outcome.gflops = object.at("gflops").to_number<double>();
  outcome.compile_seconds = object.at("compile_seconds").to_number<double>();
  outcome.error = object.at("error").as_string();
  return outcome;
}

constexpr std::string_view reply_kinds[] = {"ready", "compiled", "verified", "outcome", "failed"};

}  // namespace

bool is_setup(const std::string& line) {
  boost::system::error_code error;
  const json::value value = json::parse(line, error);
  return !error && value.is_object() && value.as_object().contains("family");
}

std::string encode(const WorkerSetup& setup) {
  const GemmArguments& g = setup.problem;
  json::object options{{"timed_runs", setup.options.timed_runs}, {"cut_factor", setup.options.cut_factor},
                       {"timeout_seconds", setup.options.timeout_seconds}};
  if (setup.options.compile_threads) options["compile_threads"] = *setup.options.compile_threads;
  const json::object problem{{"layout", to_string(g.layout)}, {"trans_a", g.trans_a == Transpose::Yes},
                             {"trans_b", g.trans_b == Transpose::Yes}, {"m", g.m}, {"n", g.n}, {"k", g.k},
                             {"a_offset", g.a_offset}, {"lda", g.lda}, {"b_offset", g.b_offset}, {"ldb", g.ldb},
                             {"c_offset", g.c_offset}, {"ldc", g.ldc}};
  const json::object family{{"description", setup.family_description}, {"origin", setup.family_origin},
                            {"name", setup.family_source.name}, {"source", setup.family_source.text},
                            {"hash", setup.family_source.hash}};
  return json::serialize(json::object{{"family", family}, {"device_index", setup.device_index},
                                      {"compiles_at_first_launch", setup.compiles_at_first_launch},
                                      {"device_key", setup.device_key}, {"problem", problem},
                                      {"precision", to_string(setup.precision)}, {"options", options}});
}

WorkerSetup decode_setup(const std::string& line) {
  return decoded(line, "setup", [](const json::object& object) {
    WorkerSetup setup;
    const json::object& family = object.at("family").as_object();
    setup.family_description = family.at("description").as_string();
    setup.family_origin = family.at("origin").as_string();
    setup.family_source = {std::string(family.at("name").as_string()), std::string(family.at("source").as_string()),
                           std::string(family.at("hash").as_string())};
    setup.device_index = size_of(object, "device_index");
    setup.device_key = object.at("device_key").as_string();
    setup.compiles_at_first_launch = object.at("compiles_at_first_launch").as_bool();
    const json::object& p = object.at("problem").as_object();
    GemmArguments& g = setup.problem;
    g.layout = p.at("layout").as_string() == "col" ? Layout::ColMajor : Layout::RowMajor;
    g.trans_a = p.at("trans_a").as_bool() ? Transpose::Yes : Transpose::No;
    g.trans_b = p.at("trans_b").as_bool() ? Transpose::Yes : Transpose::No;
    g.m = size_of(p, "m"), g.n = size_of(p, "n"), g.k = size_of(p, "k");
    g.a_offset = size_of(p, "a_offset"), g.lda = size_of(p, "lda");
    g.b_offset = size_of(p, "b_offset"), g.ldb = size_of(p, "ldb");
    g.c_offset = size_of(p, "c_offset"), g.ldc = size_of(p, "ldc");
    const auto precision = precision_from_code(std::string(object.at("precision").as_string()));
    if (!precision) throw Error("unknown precision");
    setup.precision = *precision;
    const json::object& o = object.at("options").as_object();
    setup.options.timed_runs = o.at("timed_runs").to_number<int>();
    setup.options.cut_factor = o.at("cut_factor").to_number<double>();
    setup.options.timeout_seconds = o.at("timeout_seconds").to_number<double>();
    if (const auto* threads = o.if_contains("compile_threads")) setup.options.compile_threads = threads->to_number<std::size_t>();
    return setup;
  });
}

std::string encode(const WorkerRequest& request) {
  json::array hints;
  for (const auto& hint : request.hints) hints.push_back(config_object(hint));
  json::object object{{"ordinal", request.ordinal}, {"config", config_object(request.config)}, {"hints", hints}};
  if (request.best_seconds) put_finite(object, "best_seconds", *request.best_seconds);
  return json::serialize(object);
}

WorkerRequest decode_request(const std::string& line) {
  return decoded(line, "request", [](const json::object& object) {
    WorkerRequest request;
    request.ordinal = object.at("ordinal").to_number<std::uint64_t>();
    request.config = config_from(object.at("config"));
    if (object.contains("best_seconds")) request.best_seconds = number_or(object, "best_seconds", 0);
    for (const auto& hint : object.at("hints").as_array()) request.hints.push_back(config_from(hint));
    return request;
  });
}

std::string encode(const WorkerReply& reply) {
  json::object object{{"reply", reply_kinds[static_cast<int>(reply.kind)]}, {"seconds", reply.seconds}};
  if (reply.kind == WorkerReply::Kind::outcome) {
    object["outcome"] = outcome_object(reply.outcome);
    object["ends"] = reply.ends;
  }
  if (reply.kind == WorkerReply::Kind::failed) object["error"] = reply.error;
  return json::serialize(object);
}

WorkerReply decode_reply(const std::string& line) {
  return decoded(line, "reply", [](const json::object& object) {
    WorkerReply reply;
    const std::string_view kind = object.at("reply").as_string();
    const auto* found = std::find(std::begin(reply_kinds), std::end(reply_kinds), kind);
    if (found == std::end(reply_kinds)) throw Error("unknown reply '" + std::string(kind) + "'");
    reply.kind = static_cast<WorkerReply::Kind>(found - std::begin(reply_kinds));
    reply.seconds = object.at("seconds").to_number<double>();
    if (reply.kind == WorkerReply::Kind::outcome) {
      reply.outcome = outcome_from(object.at("outcome").as_object());
      reply.ends = object.at("ends").as_bool();
    }
    if (reply.kind == WorkerReply::Kind::failed) reply.error = object.at("error").as_string();
    return reply;
  });
}

}  // namespace gemmtune
