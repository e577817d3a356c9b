// Writes the self-contained HTML page of `gemmtune report`.
#include "tuner/report_html.hpp"

#include <boost/json/serialize.hpp>
#include <cctype>

#include "tuner/report_assets.hpp"

namespace gemmtune::report {

std::string escape_html(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&#39;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

std::string json_for_script(const boost::json::value& value) {
  const std::string text = boost::json::serialize(value);
  std::string safe;
  safe.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<') safe += "\\u003c";
    else if (c == '>') safe += "\\u003e";
    else if (c == '&') safe += "\\u0026";
    else if (c == '\xe2' && i + 2 < text.size() && text[i + 1] == '\x80' && (text[i + 2] == '\xa8' || text[i + 2] == '\xa9')) {
      safe += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      safe += c;
    }
  }
  return safe;
}

std::string script_for_html(std::string_view script) {
  const auto starts_with_at = [&script](std::size_t at, std::string_view word) {
    if (at + word.size() > script.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(script[at + i])) != word[i]) return false;
    return true;
  };
  std::string safe;
  safe.reserve(script.size());
  for (std::size_t i = 0; i < script.size(); ++i) {
    if (starts_with_at(i, "</script")) safe += "<\\/";
    else if (starts_with_at(i, "<!--")) safe += "<\\!--";
    else {
      safe += script[i];
      continue;
    }
    i += script[i + 1] == '/' ? 1 : 3;  // past "</" or "<!--"
  }
  return safe;
}

std::string report_page(const boost::json::value& data, std::string_view title) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  page += escape_html(title);
  page += "</title>\n<style>\n";
  page += report_page_style();  // the project's own, without markup
  page += "</style>\n</head>\n<body>\n<main id=\"report\"><h1>";
  page += escape_html(title);
  page += "</h1><p id=\"script-needed\">This report draws its charts with JavaScript; enable it to see them.</p></main>\n"
          "<script type=\"application/json\" id=\"report-data\">";
  page += json_for_script(data);
  page += "</script>\n<script>\n";
  page += script_for_html(chart_js());
  page += "\n</script>\n<script>\n";
  page += script_for_html(report_page_script());
  page += "\n</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace gemmtune::report
