// The page of `gemmtune report`: escaped text, data that cannot end its script element, Chart.js inlined.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "tuner/report_assets.hpp"
#include "tuner/report_html.hpp"

namespace gemmtune::report {
namespace {

namespace json = boost::json;

std::size_t count(const std::string& text, const std::string& word) {
  std::size_t found = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++found;
  return found;
}

TEST(ReportHtml, EscapesText) {
  EXPECT_EQ(escape_html(R"(<a href="x">Tom's & Jerry's</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;");
  EXPECT_EQ(escape_html("plain · text"), "plain · text");
}

TEST(ReportHtml, DataCannotCloseItsScriptElement) {
  const json::value data{{"name", "</script><script>alert(1)</script><!-- & \xe2\x80\xa8 \xe2\x80\xa9 >"}};
  const std::string text = json_for_script(data);
  EXPECT_EQ(text.find('<'), std::string::npos) << text;
  EXPECT_EQ(text.find('>'), std::string::npos) << text;
  EXPECT_EQ(text.find('&'), std::string::npos) << text;
  EXPECT_EQ(text.find("\xe2\x80\xa8"), std::string::npos) << text;
  EXPECT_EQ(text.find("\xe2\x80\xa9"), std::string::npos) << text;
  EXPECT_EQ(json::parse(text), data);  // the same data once read
}

TEST(ReportHtml, ScriptsCannotCloseTheirElement) {
  EXPECT_EQ(script_for_html("a='</script>';b='</SCRIPT >';c='<!--';d='</div>'"),
            R"(a='<\/script>';b='<\/SCRIPT >';c='<\!--';d='</div>')");
  EXPECT_EQ(script_for_html("x</scrip"), "x</scrip");
  EXPECT_EQ(script_for_html("<!-"), "<!-");
}

TEST(ReportHtml, PageInlinesChartJsAndTheData) {
  const json::value data{{"device", "</script><script>alert(1)</script>"}};
  const std::string page = report_page(data, "<b>title</b>");
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("<title>&lt;b&gt;title&lt;/b&gt;</title>"), std::string::npos);
  // Three script elements (the data, Chart.js, the page's), and nothing else opens or closes one.
  EXPECT_EQ(count(page, "<script"), 3u);
  EXPECT_EQ(count(page, "</script"), 3u);
  EXPECT_NE(page.find("Chart.js v3"), std::string::npos);
  EXPECT_GT(chart_js().size(), 100000u);
  EXPECT_NE(page.find(std::string(report_page_style()).substr(0, 40)), std::string::npos);
  EXPECT_EQ(page.find("src="), std::string::npos);  // nothing loaded from elsewhere
}

}  // namespace
}  // namespace gemmtune::report
