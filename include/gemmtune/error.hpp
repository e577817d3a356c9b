// The exceptions gemmtune throws: one hierarchy rooted at gemmtune::Error.
#pragma once

#include <stdexcept>
#include <string>

namespace gemmtune {

// Base of everything gemmtune throws; what() is a one-line message fit for a user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A caller passed something unusable: a size, leading dimension, buffer, queue or device selector.
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

// A kernel configuration breaks one of the kernel's rules or the device's limits.
class ConfigError : public Error {
 public:
  using Error::Error;
};

// An OpenCL call failed; code() is the OpenCL error code (its name is in the message). Tensor
// copies on NVIDIA's Hopper (a family's "tensor_maps") also fail this way where NVIDIA's CUDA driver
// cannot encode their maps: code() is then CL_INVALID_OPERATION, and the CUDA error is in the
// message.
class DeviceError : public Error {
 public:
  DeviceError(const std::string& message, int code) : Error(message), code_(code) {}
  int code() const noexcept { return code_; }

 private:
  int code_;
};

// A kernel failed to compile; log() holds the compiler's build log.
class BuildError : public Error {
 public:
  BuildError(const std::string& message, std::string log) : Error(message), log_(std::move(log)) {}
  const std::string& log() const noexcept { return log_; }

 private:
  std::string log_;
};

// The tuning database could not be opened, read or written, or has an unknown schema.
class DatabaseError : public Error {
 public:
  using Error::Error;
};

}  // namespace gemmtune
