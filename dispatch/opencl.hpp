// The one place that configures OpenCL-CLHPP: exceptions on, OpenCL 3.0 target, 2.0 minimum.
#pragma once

#define CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_TARGET_OPENCL_VERSION 300
// 2.0, not 1.2: Debian 12's header (2023.02.06) fails to compile with a 1.2 minimum and a newer
// target. Both devices we serve (NVIDIA, PoCL) implement OpenCL 3.0.
#define CL_HPP_MINIMUM_OPENCL_VERSION 200

#include <CL/opencl.hpp>
