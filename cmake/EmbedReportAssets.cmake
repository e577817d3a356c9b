# Script mode: turns the files `gemmtune report` inlines into every page (Chart.js from the
# distribution, the page's own script and style) into one C++ source, so that a report needs no
# file beside it and nothing from the network.
# Usage: cmake -DCHART_JS=chart.min.js -DPAGE_SCRIPT=report_page.js -DPAGE_STYLE=report_page.css
#              -DOUTPUT=x.cpp -P EmbedReportAssets.cmake
# Bytes, not a raw string: a minified script may hold any delimiter a raw string could choose.
function(as_byte_array file out)
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
  set(${out} "${bytes}" PARENT_SCOPE)
endfunction()

set(definitions "")
foreach(pair "chart_js;${CHART_JS}" "report_page_script;${PAGE_SCRIPT}" "report_page_style;${PAGE_STYLE}")
  list(GET pair 0 name)
  list(GET pair 1 file)
  as_byte_array("${file}" bytes)
  string(APPEND definitions "std::string_view ${name}() {
  static constexpr char bytes[] = {
    ${bytes}'\\0'};
  return {bytes, sizeof bytes - 1};
}

")
endforeach()

file(WRITE "${OUTPUT}.tmp" "// Generated from ${CHART_JS}, ${PAGE_SCRIPT} and ${PAGE_STYLE}; do not edit.
#include \"tuner/report_assets.hpp\"

namespace gemmtune::report {

${definitions}}  // namespace gemmtune::report
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
