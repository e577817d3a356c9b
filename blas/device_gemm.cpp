// Opens the chosen device once per process and runs column-major GEMMs on it (blas/device_path.hpp).
#include "blas/device_gemm.hpp"

#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "blas/chosen_device.hpp"
#include "blas/device_path.hpp"
#include "blas/settings.hpp"
#include "dispatch/cl_error.hpp"

namespace gemmtune::blas {
namespace {

std::atomic<std::uint64_t> calls_on_device{0};
std::atomic<bool> failure_told{false};

// One line, whatever the reason's length.
void tell_failure(const std::string& why) {
  if (!failure_told.exchange(true))
    std::fprintf(stderr, "gemmtune blas: the device path failed (%s); such calls run on the host BLAS\n",
                 why.substr(0, why.find('\n')).c_str());
}

// Never destroyed: at exit the OpenCL driver may already be torn down, and a process that loaded
// this library only for its host path never opens a device at all.
DevicePath* open_device() {
  static std::once_flag opened;
  static DevicePath* device = nullptr;
  std::call_once(opened, [] {
    const ChosenDevice& chosen = chosen_device();
    if (!chosen.entry) return tell_failure(chosen.failure);
    try {
      device = std::make_unique<DevicePath>(*chosen.entry).release();
    } catch (const cl::Error& error) {
      tell_failure(device_error("opening the device", error).what());
    } catch (const std::exception& error) {
      tell_failure(error.what());
    }
  });
  return device;
}

template <typename Real>
bool run(const ColumnMajorGemm<Real>& call, const char* routine) {
  DevicePath* device = open_device();
  if (device == nullptr) return false;
  try {
    device->gemm(call);
  } catch (const cl::Error& error) {
    tell_failure(device_error(std::string("running ") + routine, error).what());
    return false;
  } catch (const std::exception& error) {
    tell_failure(error.what());
    return false;
  }
  ++calls_on_device;
  if (settings().verbose)
    std::fprintf(stderr, "gemmtune blas: %s %c%c %dx%dx%d on %s\n", routine, call.trans_a, call.trans_b, call.m, call.n,
                 call.k, device->name().c_str());
  return true;
}

}  // namespace

bool run_on_device(const ColumnMajorGemm<float>& call) { return run(call, "sgemm"); }
bool run_on_device(const ColumnMajorGemm<double>& call) { return run(call, "dgemm"); }

std::uint64_t device_call_count() { return calls_on_device.load(); }

}  // namespace gemmtune::blas
