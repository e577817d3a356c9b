// A configuration choice as the programs' JSON writes it: the family, how it runs the call, and why.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "gemmtune/handle.hpp"

namespace gemmtune::cli {

// {"family", "runs_as", "runs_trans", "runs_layout", "config", "config_source", "config_detail"} of
// `choice` for a call of `precision`, transpositions `trans` ("NN".."TT") and `layout`: where the
// choice leaves one of them as the call has it, the call's.
boost::json::object choice_json(const ConfigChoice& choice, Precision precision, const std::string& trans,
                                Layout layout);

}  // namespace gemmtune::cli
