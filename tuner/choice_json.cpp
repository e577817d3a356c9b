// A configuration choice as the programs' JSON writes it: the family, how it runs the call, and why.
#include "tuner/choice_json.hpp"

#include "core/kernel_config.hpp"

namespace gemmtune::cli {

boost::json::object choice_json(const ConfigChoice& choice, Precision precision, const std::string& trans,
                                Layout layout) {
  return {{"family", choice.family},
          {"runs_as", to_string(choice.runs_as.value_or(precision))},
          {"runs_trans", choice.runs_trans.value_or(trans)},
          {"runs_layout", to_string(choice.runs_layout.value_or(layout))},
          {"config", config_object(choice.config)},
          {"config_source", to_string(choice.source)},
          {"config_detail", choice.detail}};
}

}  // namespace gemmtune::cli
