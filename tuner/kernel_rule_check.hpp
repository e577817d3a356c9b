// The kernel's rules applied to evaluations that enter the database from outside (import, merge).
#pragma once

#include <optional>
#include <string>

#include "db/records.hpp"

namespace gemmtune::cli {

// The first way `stored` breaks its kernel family: an unknown family or parameter, or (for status
// ok, the only ones the dispatcher runs) a precision or transposition the family does not serve or
// a rule of its description on the device it was measured on, evaluated with the limits its record
// carries. One line naming the field, or nothing.
std::optional<std::string> kernel_rule_violation(const db::StoredEvaluation& stored);

}  // namespace gemmtune::cli
