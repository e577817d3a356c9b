// Shared fixtures of the database tests: temporary directories and sample records.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "db/device_keys.hpp"
#include "db/records.hpp"

namespace gemmtune::db::testing {

// A fresh directory under the system's temporary directory, removed with everything in it.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::random_device entropy;
    path_ = std::filesystem::temp_directory_path() / ("gemmtune-db-test-" + std::to_string(entropy()));
    std::filesystem::create_directories(path_);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// A device as DeviceFingerprint would describe it, with its keys.
inline DeviceRecord sample_device(const std::string& name = "Test GPU", const std::string& driver = "1.0",
                                  const std::string& vendor = "Acme", const std::string& type = "gpu") {
  DeviceRecord d;
  d.platform = "Test Platform";
  d.vendor = vendor;
  d.name = name;
  d.driver_version = driver;
  d.opencl_c_version = "OpenCL C 3.0";
  d.type = type;
  d.compute_units = 16;
  d.clock_mhz = 1500;
  d.global_mem_bytes = 8ull << 30;
  d.local_mem_bytes = 64 << 10;
  d.max_work_group_size = 1024;
  return with_computed_keys(d);
}

inline ProblemRecord sample_problem(std::int64_t m = 512, std::int64_t n = 512, std::int64_t k = 512,
                                    const std::string& precision = "fp32", const std::string& trans = "NN") {
  ProblemRecord p;
  p.precision = precision;
  p.trans = trans;
  p.m = m;
  p.n = n;
  p.k = k;
  return p;
}

// An ok evaluation of config {MWG=mwg, NWG=nwg} taking `median` seconds.
inline EvaluationRecord sample_evaluation(std::int64_t mwg, std::int64_t nwg, double median,
                                          const std::string& status = "ok") {
  EvaluationRecord e;
  e.config = {{"MWG", mwg}, {"NWG", nwg}, {"KWG", 16}};
  e.status = status;
  e.runs = status == "ok" ? 5 : 0;
  e.min_seconds = status == "ok" ? median * 0.95 : 0;
  e.median_seconds = status == "ok" ? median : 0;
  e.spread = status == "ok" ? 0.1 : 0;
  e.gflops = status == "ok" ? 2.0 * 512 * 512 * 512 / median / 1e9 : 0;
  e.compile_seconds = 0.25;
  e.error = status == "ok" ? "" : "build failed: \"quoted\", with commas";
  return e;
}

}  // namespace gemmtune::db::testing
