// The files every `gemmtune report` page inlines, embedded at build time (cmake/EmbedReportAssets.cmake).
#pragma once

#include <string_view>

namespace gemmtune::report {

std::string_view chart_js();            // Chart.js, from the distribution's package (libjs-chart.js)
std::string_view report_page_script();  // tuner/report_page.js: draws the charts from the page's data
std::string_view report_page_style();   // tuner/report_page.css

}  // namespace gemmtune::report
