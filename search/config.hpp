// A kernel configuration (parameter name -> integer value) and its canonical text key.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace gemmtune::search {

// Identical to gemmtune::KernelConfig, so the tuner passes configurations through unchanged.
using Config = std::map<std::string, std::int64_t>;

// "NAME=v,NAME=v", sorted by name: the key under which measurements are recorded and compared.
std::string config_key(const Config& config);

// The inverse of config_key. Throws gemmtune::ConfigError on malformed text.
Config config_from_key(const std::string& key);

}  // namespace gemmtune::search
