// Reads `gemmtune bench --json` files and compares gemmtune with each peer for `gemmtune report`.
#include "tuner/report_bench.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <cmath>
#include <map>
#include <tuple>

#include "core/transpose_code.hpp"
#include "gemmtune/error.hpp"
#include "tuner/problem_list.hpp"

namespace gemmtune::report {
namespace {

namespace json = boost::json;

class EntryReader {
 public:
  EntryReader(const json::object& entry, std::string where) : entry_(entry), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw InvalidArgument(where_ + ": " + field + ": " + problem);
  }
  const json::value* find(const std::string& field) const { return entry_.if_contains(field); }

  std::int64_t dimension(const std::string& field) const {
    const auto* value = find(field);
    if (!value) fail(field, "missing");
    std::int64_t number = 0;
    if (value->is_int64()) number = value->as_int64();
    else if (value->is_uint64() && value->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) number = static_cast<std::int64_t>(value->as_uint64());
    else fail(field, "not a whole number");
    if (number < 1) fail(field, std::to_string(number) + " is not at least 1");
    return number;
  }
  std::string text(const std::string& field, bool required) const {
    const auto* value = find(field);
    if (!value) {
      if (required) fail(field, "missing");
      return "";
    }
    if (!value->is_string()) fail(field, "not a string");
    return std::string(value->as_string());
  }
  double number(const std::string& field) const {
    const auto* value = find(field);
    if (!value) fail(field, "missing");
    if (!value->is_number()) fail(field, "not a number");
    return value->to_number<double>();
  }
  bool flag(const std::string& field) const {
    const auto* value = find(field);
    if (!value) fail(field, "missing");
    if (!value->is_bool()) fail(field, "not true or false");
    return value->as_bool();
  }

 private:
  const json::object& entry_;
  std::string where_;
};

BenchResult read_result(const json::value& value, const std::string& where) {
  if (!value.is_object()) throw InvalidArgument(where + ": not a JSON object");
  const EntryReader reader(value.as_object(), where);
  BenchResult result;
  result.m = reader.dimension("m");
  result.n = reader.dimension("n");
  result.k = reader.dimension("k");
  result.trans = reader.text("trans", true);
  if (!is_transpose_code(result.trans))
    reader.fail("trans", "'" + result.trans + "' is not NN, NT, TN or TT");
  result.peer = reader.text("peer", true);
  if (result.peer.empty()) reader.fail("peer", "empty");
  result.ok = reader.flag("ok");
  result.seconds = reader.number("seconds");
  if (result.ok && !(std::isfinite(result.seconds) && result.seconds > 0))
    reader.fail("seconds", "not a positive finite number for a result that is ok");
  result.problem_class = reader.text("class", false);
  if (result.problem_class.empty())
    result.problem_class = cli::problem_class({static_cast<std::size_t>(result.m), static_cast<std::size_t>(result.n),
                                               static_cast<std::size_t>(result.k)});
  result.config_source = reader.text("config_source", false);
  return result;
}

std::string device_name(const json::object& file) {
  const auto* device = file.if_contains("device");
  if (!device || !device->is_object()) return "";
  const auto* name = device->as_object().if_contains("name");
  const auto* driver = device->as_object().if_contains("driver_version");
  std::string text = name && name->is_string() ? std::string(name->as_string()) : "";
  if (driver && driver->is_string() && !driver->as_string().empty()) text += " (driver " + std::string(driver->as_string()) + ")";
  return text;
}

std::string optional_text(const json::object& file, const char* field) {
  const auto* value = file.if_contains(field);
  return value && value->is_string() ? std::string(value->as_string()) : "";
}

double tflops(const BenchResult& result) {
  return 2.0 * static_cast<double>(result.m) * static_cast<double>(result.n) * static_cast<double>(result.k) /
         result.seconds / 1e12;
}

using ShapeKey = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::string>;

struct Shape {
  std::string problem_class;
  const BenchResult* gemmtune = nullptr;
  std::map<std::string, const BenchResult*> peers;
};

struct ClassTally {
  std::int64_t problems = 0;
  std::map<std::string, std::vector<double>> ratios;  // by peer
};

json::object class_entry(const std::string& name, const ClassTally& tally) {
  json::object peers;
  for (const auto& [peer, ratios] : tally.ratios) {
    double log_sum = 0;
    std::int64_t slower = 0;
    for (const double ratio : ratios) {
      log_sum += std::log(ratio);
      slower += ratio < 1 ? 1 : 0;
    }
    peers[peer] = json::object{{"compared", ratios.size()},
                               {"geomean", std::exp(log_sum / static_cast<double>(ratios.size()))},
                               {"slower", slower}};
  }
  return {{"class", name}, {"problems", tally.problems}, {"peers", std::move(peers)}};
}

}  // namespace

BenchRun parse_bench(const std::string& text, const std::string& source) {
  boost::system::error_code error;
  const json::value document = json::parse(text, error);
  if (error) throw InvalidArgument(source + ": not JSON: " + error.message());
  if (!document.is_object() || !document.as_object().contains("results") ||
      !document.as_object().at("results").is_array())
    throw InvalidArgument(source + ": not a file of gemmtune bench --json (no \"results\" array)");
  const auto& file = document.as_object();
  BenchRun run{source, device_name(file), optional_text(file, "date"), optional_text(file, "commit"),
               optional_text(file, "timing"), {}};
  // A file from before --timing timed every call alone.
  if (!file.contains("timing")) run.timing = "per-call";
  else if (run.timing != "per-call" && run.timing != "stream")
    throw InvalidArgument(source + ": timing: not \"per-call\" or \"stream\"");
  const auto& results = file.at("results").as_array();
  for (std::size_t i = 0; i < results.size(); ++i)
    run.results.push_back(read_result(results[i], source + ": result " + std::to_string(i)));
  return run;
}

json::object bench_comparison(const BenchRun& run) {
  std::vector<ShapeKey> order;
  std::map<ShapeKey, Shape> shapes;
  json::array peers;
  for (const auto& result : run.results) {
    const ShapeKey key{result.m, result.n, result.k, result.trans};
    auto [position, inserted] = shapes.try_emplace(key);
    if (inserted) order.push_back(key);
    Shape& shape = position->second;
    if (shape.problem_class.empty()) shape.problem_class = result.problem_class;
    if (result.peer == "gemmtune") {
      shape.gemmtune = &result;
      continue;
    }
    shape.peers[result.peer] = &result;
    if (std::find(peers.begin(), peers.end(), json::value(result.peer)) == peers.end()) peers.push_back(json::string(result.peer));
  }

  std::map<std::string, ClassTally> classes;
  ClassTally all;
  json::array shape_list;
  for (const auto& key : order) {
    const Shape& shape = shapes.at(key);
    ++classes[shape.problem_class].problems;
    ++all.problems;
    json::object entry{{"m", std::get<0>(key)}, {"n", std::get<1>(key)}, {"k", std::get<2>(key)},
                       {"trans", std::get<3>(key)}, {"class", shape.problem_class}};
    const bool gemmtune_ok = shape.gemmtune && shape.gemmtune->ok;
    if (shape.gemmtune) entry["config_source"] = shape.gemmtune->config_source;
    if (gemmtune_ok) entry["gemmtune_tflops"] = tflops(*shape.gemmtune);
    json::object peer_entries;
    for (const auto& [peer, result] : shape.peers) {
      json::object peer_entry;
      if (result->ok) peer_entry["tflops"] = tflops(*result);
      if (result->ok && gemmtune_ok) {
        const double ratio = result->seconds / shape.gemmtune->seconds;
        peer_entry["ratio"] = ratio;
        classes[shape.problem_class].ratios[peer].push_back(ratio);
        all.ratios[peer].push_back(ratio);
      }
      peer_entries[peer] = std::move(peer_entry);
    }
    entry["peers"] = std::move(peer_entries);
    shape_list.push_back(std::move(entry));
  }

  json::array class_list;
  for (const auto& name : cli::problem_classes())
    if (const auto found = classes.find(name); found != classes.end()) class_list.push_back(class_entry(name, found->second));
  for (const auto& [name, tally] : classes)  // a class this build does not name, from another version's file
    if (std::find(cli::problem_classes().begin(), cli::problem_classes().end(), name) == cli::problem_classes().end())
      class_list.push_back(class_entry(name, tally));
  if (!order.empty()) class_list.push_back(class_entry("all", all));
  return {{"source", run.source}, {"device", run.device}, {"date", run.date}, {"commit", run.commit},
          {"timing", run.timing}, {"peers", std::move(peers)}, {"shapes", std::move(shape_list)}, {"classes", std::move(class_list)}};
}

json::array bench_coverage(const BenchRun& run) {
  json::array points;
  for (const auto& result : run.results) {
    if (result.peer != "gemmtune" || result.config_source.empty()) continue;
    const char* kind = result.config_source == "exact"     ? "tuned"
                       : result.config_source == "default" ? "default"
                                                           : "predicted";
    points.push_back(json::object{{"device", run.device}, {"precision", "fp32"}, {"trans", result.trans},
                                  {"m", result.m}, {"n", result.n}, {"k", result.k}, {"kind", kind},
                                  {"origin", run.source}});
  }
  return points;
}

}  // namespace gemmtune::report
