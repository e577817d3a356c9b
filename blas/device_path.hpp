// One OpenCL device as the drop-in BLAS runs GEMMs on it: operands copied in, the dispatcher's
// tuned configuration, C copied back.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "blas/gemm_call.hpp"
#include "dispatch/device.hpp"
#include "dispatch/opencl.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune::blas {

class DevicePath {
 public:
  // A context, an in-order queue and a dispatcher reading `database` (none: the default database)
  // on the device. Throws cl::Error or gemmtune's errors.
  explicit DevicePath(const DeviceEntry& entry, std::optional<std::filesystem::path> database = std::nullopt);

  // Runs a checked call (alpha != 0, K > 0) and waits for C. Throws cl::Error or gemmtune's
  // errors, after every copy from the caller's memory has finished.
  void gemm(const ColumnMajorGemm<float>& call) const;
  void gemm(const ColumnMajorGemm<double>& call) const;
  // Whether calls of `call`'s shape still time the dispatcher's candidates (ConfigChoice::trying).
  template <typename Real>
  bool trying(const ColumnMajorGemm<Real>& call) const;

  const std::string& name() const { return name_; }

 private:
  template <typename Real>
  void run(const ColumnMajorGemm<Real>& call) const;
  template <typename Real>
  void write_matrix(const cl::Buffer& buffer, const Real* host, std::size_t rows, std::size_t cols, std::size_t ld) const;
  template <typename Real>
  void read_matrix(const cl::Buffer& buffer, Real* host, std::size_t rows, std::size_t cols, std::size_t ld) const;
  void drain() const;

  std::string name_;
  cl::Context context_;
  cl::CommandQueue queue_;  // in order, shared by every thread (OpenCL calls are thread-safe)
  std::unique_ptr<Handle> handle_;
};

}  // namespace gemmtune::blas
