// Tokenizer, recursive-descent parser and evaluator of space expressions.
#include "core/expression.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace gemmtune {

enum class Operation {
  constant, variable, negate, logical_not, add, subtract, multiply, divide, remainder,
  less, less_equal, greater, greater_equal, equal, not_equal, logical_and, logical_or, minimum, maximum
};

struct Expression::Node {
  Operation operation = Operation::constant;
  std::int64_t value = 0;  // constant value or variable slot
  std::vector<std::size_t> children;
};

namespace {

using Node = Expression::Node;

// The parser and the evaluator recurse: deeper nesting would exhaust the stack (a segfault), and
// the length bounds the depth of a long chain of binary operators. Real constraints are far below.
constexpr std::size_t most_nesting = 256;
constexpr std::size_t most_characters = 4096;

enum class TokenKind { integer, name, symbol, end };

struct Token {
  TokenKind kind;
  std::string text;
  std::size_t position;
};

std::vector<Token> tokenize(const std::string& text) {
  static const std::vector<std::string> two_char_symbols = {"<=", ">=", "==", "!=", "&&", "||"};
  static const std::string one_char_symbols = "+-*/%<>!(),";
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t end = i;
      while (end < text.size() && std::isalnum(static_cast<unsigned char>(text[end]))) ++end;
      tokens.push_back({TokenKind::integer, text.substr(i, end - i), i});
      i = end;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      tokens.push_back({TokenKind::name, text.substr(i, end - i), i});
      i = end;
    } else if (i + 1 < text.size() &&
               std::find(two_char_symbols.begin(), two_char_symbols.end(), text.substr(i, 2)) != two_char_symbols.end()) {
      tokens.push_back({TokenKind::symbol, text.substr(i, 2), i});
      i += 2;
    } else if (one_char_symbols.find(c) != std::string::npos) {
      tokens.push_back({TokenKind::symbol, std::string(1, c), i});
      ++i;
    } else {
      throw ExpressionError(std::string("unexpected '") + c + "'", i);
    }
  }
  tokens.push_back({TokenKind::end, "", text.size()});
  return tokens;
}

class Parser {
 public:
  Parser(const std::string& text, const NameResolver& resolve) : tokens_(tokenize(text)), resolve_(resolve) {}

  std::size_t parse_all(std::vector<Node>& nodes) {
    nodes_ = &nodes;
    const std::size_t root = parse_binary(0);
    if (peek().kind != TokenKind::end) unexpected(peek());
    return root;
  }

 private:
  struct Level {
    std::vector<std::pair<std::string, Operation>> operators;
  };

  // Lowest precedence first, as in C.
  static const std::vector<Level>& levels() {
    static const std::vector<Level> table = {
        {{{"||", Operation::logical_or}}},
        {{{"&&", Operation::logical_and}}},
        {{{"==", Operation::equal}, {"!=", Operation::not_equal}}},
        {{{"<", Operation::less}, {"<=", Operation::less_equal}, {">", Operation::greater}, {">=", Operation::greater_equal}}},
        {{{"+", Operation::add}, {"-", Operation::subtract}}},
        {{{"*", Operation::multiply}, {"/", Operation::divide}, {"%", Operation::remainder}}},
    };
    return table;
  }

  const Token& peek() const { return tokens_[next_]; }
  const Token& take() { return tokens_[next_++]; }
  bool accept(const std::string& symbol) {
    if (peek().kind != TokenKind::symbol || peek().text != symbol) return false;
    ++next_;
    return true;
  }
  [[noreturn]] static void unexpected(const Token& token) {
    if (token.kind == TokenKind::end) throw ExpressionError("unexpected end of expression", token.position);
    throw ExpressionError("unexpected '" + token.text + "'", token.position);
  }
  void expect(const std::string& symbol) {
    if (!accept(symbol)) {
      if (peek().kind == TokenKind::end) throw ExpressionError("expected '" + symbol + "' before end of expression", peek().position);
      throw ExpressionError("expected '" + symbol + "' instead of '" + peek().text + "'", peek().position);
    }
  }
  std::size_t add(Node node) {
    nodes_->push_back(std::move(node));
    return nodes_->size() - 1;
  }

  std::size_t parse_binary(std::size_t level) {
    if (level == levels().size()) return parse_unary();
    std::size_t left = parse_binary(level + 1);
    for (bool matched = true; matched;) {
      matched = false;
      for (const auto& [symbol, operation] : levels()[level].operators) {
        if (!accept(symbol)) continue;
        const std::size_t right = parse_binary(level + 1);
        left = add({operation, 0, {left, right}});
        matched = true;
        break;
      }
    }
    return left;
  }

  // Every nesting (a unary operator, a parenthesis, a function's argument) passes here.
  std::size_t parse_unary() {
    if (++depth_ > most_nesting)
      throw ExpressionError("expression nested deeper than " + std::to_string(most_nesting) + " levels", peek().position);
    std::size_t node = 0;
    if (accept("-")) node = add({Operation::negate, 0, {parse_unary()}});
    else if (accept("+")) node = parse_unary();
    else if (accept("!")) node = add({Operation::logical_not, 0, {parse_unary()}});
    else node = parse_primary();
    --depth_;
    return node;
  }

  std::size_t parse_primary() {
    const Token token = take();
    if (token.kind == TokenKind::integer) {
      std::int64_t value = 0;
      const char* last = token.text.data() + token.text.size();
      const auto [end, error] = std::from_chars(token.text.data(), last, value);
      if (error == std::errc::result_out_of_range) throw ExpressionError("integer '" + token.text + "' out of range", token.position);
      if (error != std::errc() || end != last) throw ExpressionError("malformed integer '" + token.text + "'", token.position);
      return add({Operation::constant, value, {}});
    }
    if (token.kind == TokenKind::name) {
      if (accept("(")) return parse_call(token);
      const std::optional<std::size_t> slot = resolve_(token.text);
      if (!slot) throw ExpressionError("unknown name '" + token.text + "'", token.position);
      return add({Operation::variable, static_cast<std::int64_t>(*slot), {}});
    }
    if (token.kind == TokenKind::symbol && token.text == "(") {
      const std::size_t inner = parse_binary(0);
      expect(")");
      return inner;
    }
    unexpected(token);
  }

  std::size_t parse_call(const Token& function) {
    Operation operation;
    if (function.text == "min") operation = Operation::minimum;
    else if (function.text == "max") operation = Operation::maximum;
    else throw ExpressionError("unknown function '" + function.text + "' (expected min or max)", function.position);
    std::vector<std::size_t> arguments = {parse_binary(0)};
    while (accept(",")) arguments.push_back(parse_binary(0));
    expect(")");
    if (arguments.size() < 2) throw ExpressionError(function.text + " needs at least two arguments", function.position);
    return add({operation, 0, std::move(arguments)});
  }

  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  std::size_t depth_ = 0;
  const NameResolver& resolve_;
  std::vector<Node>* nodes_ = nullptr;
};

// Division by zero and overflow make the whole evaluation fail.
struct EvaluationFailure {};

std::int64_t evaluate_node(const std::vector<Node>& nodes, std::size_t index, std::span<const std::int64_t> values) {
  const Node& node = nodes[index];
  const auto child = [&](std::size_t i) { return evaluate_node(nodes, node.children[i], values); };
  std::int64_t result = 0;
  switch (node.operation) {
    case Operation::constant: return node.value;
    case Operation::variable: return values[static_cast<std::size_t>(node.value)];
    case Operation::negate:
      if (__builtin_sub_overflow(std::int64_t{0}, child(0), &result)) throw EvaluationFailure{};
      return result;
    case Operation::logical_not: return child(0) == 0;
    case Operation::logical_and: return child(0) != 0 && child(1) != 0;
    case Operation::logical_or: return child(0) != 0 || child(1) != 0;
    case Operation::minimum:
    case Operation::maximum: {
      result = child(0);
      for (std::size_t i = 1; i < node.children.size(); ++i)
        result = node.operation == Operation::minimum ? std::min(result, child(i)) : std::max(result, child(i));
      return result;
    }
    default: break;
  }
  const std::int64_t a = child(0), b = child(1);
  switch (node.operation) {
    case Operation::add:
      if (__builtin_add_overflow(a, b, &result)) throw EvaluationFailure{};
      return result;
    case Operation::subtract:
      if (__builtin_sub_overflow(a, b, &result)) throw EvaluationFailure{};
      return result;
    case Operation::multiply:
      if (__builtin_mul_overflow(a, b, &result)) throw EvaluationFailure{};
      return result;
    case Operation::divide:
    case Operation::remainder:
      if (b == 0 || (a == INT64_MIN && b == -1)) throw EvaluationFailure{};
      return node.operation == Operation::divide ? a / b : a % b;
    case Operation::less: return a < b;
    case Operation::less_equal: return a <= b;
    case Operation::greater: return a > b;
    case Operation::greater_equal: return a >= b;
    case Operation::equal: return a == b;
    case Operation::not_equal: return a != b;
    default: throw EvaluationFailure{};
  }
}

void collect_slots(const std::vector<Node>& nodes, std::size_t index, std::vector<std::size_t>& slots) {
  const Node& node = nodes[index];
  if (node.operation == Operation::variable) slots.push_back(static_cast<std::size_t>(node.value));
  for (const std::size_t child : node.children) collect_slots(nodes, child, slots);
}

void collect_conjuncts(const std::vector<Node>& nodes, std::size_t index, std::vector<std::size_t>& roots) {
  if (nodes[index].operation != Operation::logical_and) {
    roots.push_back(index);
    return;
  }
  collect_conjuncts(nodes, nodes[index].children[0], roots);
  collect_conjuncts(nodes, nodes[index].children[1], roots);
}

}  // namespace

Expression::Expression(std::shared_ptr<const std::vector<Node>> nodes, std::size_t root, std::string text)
    : nodes_(std::move(nodes)), root_(root), text_(std::move(text)) {
  collect_slots(*nodes_, root_, slots_);
  std::sort(slots_.begin(), slots_.end());
  slots_.erase(std::unique(slots_.begin(), slots_.end()), slots_.end());
}

Expression Expression::parse(const std::string& text, const NameResolver& resolve) {
  if (text.size() > most_characters)
    throw ExpressionError("expression longer than " + std::to_string(most_characters) + " characters", most_characters);
  auto nodes = std::make_shared<std::vector<Node>>();
  const std::size_t root = Parser(text, resolve).parse_all(*nodes);
  return Expression(std::move(nodes), root, text);
}

std::optional<std::int64_t> Expression::evaluate(std::span<const std::int64_t> values) const {
  try {
    return evaluate_node(*nodes_, root_, values);
  } catch (const EvaluationFailure&) {
    return std::nullopt;
  }
}

std::vector<Expression> Expression::conjuncts() const {
  std::vector<std::size_t> roots;
  collect_conjuncts(*nodes_, root_, roots);
  std::vector<Expression> parts;
  for (const std::size_t root : roots) parts.push_back(Expression(nodes_, root, text_));
  return parts;
}

}  // namespace gemmtune
