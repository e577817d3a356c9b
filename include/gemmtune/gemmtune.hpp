// Everything a program needs to run tuned GEMMs: include this one header.
#pragma once

#include "gemmtune/error.hpp"
#include "gemmtune/handle.hpp"
#include "gemmtune/types.hpp"
