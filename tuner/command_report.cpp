// `gemmtune report`: one self-contained HTML page of a tuning database and of bench results.
#include <ctime>
#include <iostream>

#include "core/input_file.hpp"
#include "db/database.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/output_file.hpp"
#include "tuner/report_data.hpp"
#include "tuner/report_html.hpp"

namespace gemmtune::cli {
namespace {

namespace po = boost::program_options;
namespace fs = std::filesystem;

std::string now_utc() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

}  // namespace

int report_command(const Arguments& args) {
  po::options_description options(
      "gemmtune report [--db PATH] [--bench FILE.json ...] --out report.html [--force] [--title TEXT]");
  options.add_options()("help,h", "show this help")(
      "db", po::value<std::string>(), "the database (default: $GEMMTUNE_DB, else the per-user file)")(
      "bench", po::value<std::vector<std::string>>()->composing()->multitoken(),
      "files written by gemmtune bench --json, compared per shape and class")(
      "out,o", po::value<std::string>(), "the HTML file to write")("force", "replace the file if it exists")(
      "title", po::value<std::string>()->default_value("gemmtune report"), "the page's title");
  const auto values = parse("report", args, options);
  if (values.count("help")) {
    std::cout << options;
    return 0;
  }
  if (!values.count("out")) throw UsageError("report needs --out FILE.html (see gemmtune report --help)");
  const fs::path database_file = database_path(values);
  const auto bench_files = values.count("bench") ? values["bench"].as<std::vector<std::string>>() : std::vector<std::string>{};
  std::vector<fs::path> inputs{database_file};
  inputs.insert(inputs.end(), bench_files.begin(), bench_files.end());
  OutputFile output(values["out"].as<std::string>(), values.count("force") != 0, inputs);

  // Every input is read and checked before anything is written.
  std::vector<report::BenchRun> runs;
  for (const auto& file : bench_files)
    runs.push_back(report::parse_bench(read_input_file(file, report::bench_file_limit, "bench file"), file));
  const db::Database database(database_file, db::Database::Mode::ReadOnly);
  const auto evaluations = database.all_evaluations();

  const auto data = report::report_data(database_file.string(), evaluations, runs, now_utc());
  output.write(report::report_page(data, values["title"].as<std::string>()));
  std::cerr << "wrote " << output.path().string() << ": " << data.at("problems").as_array().size() << " problems, "
            << evaluations.size() << " evaluations, " << runs.size() << " bench files\n";
  return 0;
}

}  // namespace gemmtune::cli
