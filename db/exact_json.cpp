// JSON parsing that reads every number exactly, so that an export imports bit for bit.
#include "db/exact_json.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>
#include <charconv>
#include <string>

namespace gemmtune::db {
namespace json = boost::json;
namespace {

// Boost.JSON's own value-building handler (boost/json/detail/handler.hpp), with doubles read
// again from their text by std::from_chars, which rounds correctly.
struct ExactHandler {
  static constexpr std::size_t max_object_size = json::object::max_size();
  static constexpr std::size_t max_array_size = json::array::max_size();
  static constexpr std::size_t max_key_size = json::string::max_size();
  static constexpr std::size_t max_string_size = json::string::max_size();

  json::value_stack stack;
  std::string number;  // the text of the number being read, when it arrives in parts

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }
  bool on_object_begin(json::error_code&) { return true; }
  bool on_object_end(std::size_t n, json::error_code&) {
    stack.push_object(n);
    return true;
  }
  bool on_array_begin(json::error_code&) { return true; }
  bool on_array_end(std::size_t n, json::error_code&) {
    stack.push_array(n);
    return true;
  }
  bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_key(json::string_view s, std::size_t, json::error_code&) {
    stack.push_key(s);
    return true;
  }
  bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_string(json::string_view s, std::size_t, json::error_code&) {
    stack.push_string(s);
    return true;
  }
  bool on_number_part(json::string_view s, json::error_code&) {
    number.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t i, json::string_view, json::error_code&) {
    number.clear();
    stack.push_int64(i);
    return true;
  }
  bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) {
    number.clear();
    stack.push_uint64(u);
    return true;
  }
  bool on_double(double rounded, json::string_view s, json::error_code&) {
    number.append(s.data(), s.size());
    double exact = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), exact);
    // Out of range (1e400) keeps what Boost.JSON made of it.
    stack.push_double(error == std::errc() && end == number.data() + number.size() ? exact : rounded);
    number.clear();
    return true;
  }
  bool on_bool(bool b, json::error_code&) {
    stack.push_bool(b);
    return true;
  }
  bool on_null(json::error_code&) {
    stack.push_null();
    return true;
  }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }
};

}  // namespace

json::value parse_json_exactly(std::string_view text, boost::system::error_code& error) {
  json::basic_parser<ExactHandler> parser{json::parse_options()};
  parser.handler().stack.reset();
  const std::size_t used = parser.write_some(false, text.data(), text.size(), error);
  if (error) return nullptr;
  if (used < text.size()) {
    error = json::error::extra_data;
    return nullptr;
  }
  return parser.handler().stack.release();
}

}  // namespace gemmtune::db
