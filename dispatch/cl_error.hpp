// OpenCL error codes as their names, and the translation of CLHPP errors into gemmtune errors.
#pragma once

#include <string>

#include "dispatch/opencl.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {

// "CL_OUT_OF_RESOURCES" for -5; "CL error -1234" for codes it does not know.
std::string cl_error_name(cl_int code);

// A DeviceError whose message names what was being done, the OpenCL call and the error's name.
DeviceError device_error(const std::string& doing, const cl::Error& error);

}  // namespace gemmtune
