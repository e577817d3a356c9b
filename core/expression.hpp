// Integer expressions over named values, for constraints and derived launch values of a space.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace gemmtune {

// A malformed expression: `position` is the 0-based character offset of the offending text.
class ExpressionError : public std::runtime_error {
 public:
  ExpressionError(const std::string& message, std::size_t position)
      : std::runtime_error(message + " at position " + std::to_string(position)), position_(position) {}
  std::size_t position() const noexcept { return position_; }

 private:
  std::size_t position_;
};

// Resolves a name to the slot its value will occupy when the expression is evaluated; nothing for
// an unknown name.
using NameResolver = std::function<std::optional<std::size_t>(const std::string& name)>;

// A parsed expression: integer literals, names, + - * / % (C semantics, truncating), comparisons
// (< <= > >= == !=, giving 0 or 1), && || ! (short-circuit, non-zero is true), unary -, min(a, b, ...),
// max(a, b, ...) and parentheses, with C's precedence.
class Expression {
 public:
  // Throws ExpressionError for a syntax error, a name the resolver does not know, nesting deeper
  // than 256 levels or a text longer than 4096 characters.
  static Expression parse(const std::string& text, const NameResolver& resolve);

  // The value, or nothing when evaluation divides by zero or overflows 64 bits.
  std::optional<std::int64_t> evaluate(std::span<const std::int64_t> values) const;

  // The distinct slots the expression reads, ascending.
  const std::vector<std::size_t>& slots() const { return slots_; }

  // Split at top-level &&: pruning can then check each part as soon as its own names are bound.
  std::vector<Expression> conjuncts() const;

  const std::string& text() const { return text_; }

  struct Node;

 private:
  Expression(std::shared_ptr<const std::vector<Node>> nodes, std::size_t root, std::string text);

  std::shared_ptr<const std::vector<Node>> nodes_;
  std::size_t root_ = 0;
  std::string text_;
  std::vector<std::size_t> slots_;
};

}  // namespace gemmtune
