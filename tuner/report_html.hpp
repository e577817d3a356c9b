// The HTML of a `gemmtune report` page: one self-contained file, its data and scripts inlined.
#pragma once

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace gemmtune::report {

// Text as HTML character data or a quoted attribute value: & < > " ' escaped.
std::string escape_html(std::string_view text);

// JSON that can stand inside a <script> element: < > & and the line separators U+2028 and U+2029
// written as \u escapes (which only occur inside JSON strings, where they mean the same), so that no
// text of the data can close the element or start markup.
std::string json_for_script(const boost::json::value& value);

// A script's text made safe to inline in a <script> element: "</script" and "<!--" cannot occur
// ("<\/" means "</" in JavaScript strings and regular expressions, where they would be).
std::string script_for_html(std::string_view script);

// The whole page: `data` (report_data.hpp) in a JSON script element that the page's script reads,
// Chart.js and the page's script and style inlined.
std::string report_page(const boost::json::value& data, std::string_view title);

}  // namespace gemmtune::report
